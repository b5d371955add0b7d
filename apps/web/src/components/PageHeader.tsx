import { Flex, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageTitle } from './PageTitle.tsx';

/** The top of a list page: its h1 and a short line, with the main action beside (below on phones). */
export function PageHeader({
  title,
  description,
  action,
}: {
  title: string;
  description: string;
  action?: ReactNode;
}) {
  return (
    <Flex
      justify="space-between"
      align={{ base: 'stretch', xs: 'flex-end' }}
      direction={{ base: 'column', xs: 'row' }}
      gap="sm"
    >
      <div>
        <PageTitle>{title}</PageTitle>
        <Text c="dimmed" size="sm">
          {description}
        </Text>
      </div>
      {action}
    </Flex>
  );
}

import { Flex, Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageTitle } from './PageTitle.tsx';

/**
 * The top of a record's page: its h1 and the lines under it (a date, badges), with the record's
 * actions (Edit, Delete) beside them from a tablet up and below them on a phone.
 */
export function RecordHeader({
  title,
  children,
  actions,
  avatar,
}: {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  /** A picture before the title and its lines (a person's initials). */
  avatar?: ReactNode;
}) {
  const heading = (
    <Stack gap={6} miw={0}>
      <PageTitle style={{ overflowWrap: 'anywhere' }}>{title}</PageTitle>
      {children}
    </Stack>
  );
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Flex
        gap="md"
        justify="space-between"
        align={{ base: 'stretch', sm: 'center' }}
        direction={{ base: 'column', sm: 'row' }}
      >
        {avatar ? (
          <Group gap="md" wrap="nowrap" miw={0}>
            {avatar}
            {heading}
          </Group>
        ) : (
          heading
        )}
        {actions && (
          <Group gap="sm" style={{ flexShrink: 0 }}>
            {actions}
          </Group>
        )}
      </Flex>
    </Paper>
  );
}

/** One titled section of a record's page (a landmark named by its title), with an optional action. */
export function DetailPanel({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Group justify="space-between" gap="xs" mb="md">
        <Title order={2} fz="h4">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}

import { Box, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PagedList, type PagedListProps } from '../../../components/PagedList.tsx';

/**
 * A titled section holding one server-paged table of the attendance tabs (the records, a teacher's
 * records, the pending records): its heading names the table (`id`), and <PagedList> gives the states
 * and the pager. `before` stands instead of the list until there is one to show (no teacher chosen).
 */
export function PagedTableSection<T>({
  id,
  title,
  before,
  ...list
}: PagedListProps<T> & { id: string; title: string; before?: ReactNode }) {
  return (
    <Paper withBorder radius="md" component="section" aria-labelledby={id}>
      <Title order={2} fz="h4" id={id} px={{ base: 'sm', sm: 'md' }} pt="md" pb="sm">
        {title}
      </Title>
      <Box px={{ base: 'sm', sm: 'md' }} pb="md">
        {before ?? <PagedList {...list} />}
      </Box>
    </Paper>
  );
}

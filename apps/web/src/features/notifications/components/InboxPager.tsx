import { Group, Pagination, Stack, Text } from '@mantine/core';
import { pageWindow } from '../inbox.ts';

interface InboxPagerProps {
  page: number;
  totalPages: number;
  total: number;
  from: number;
  to: number;
  onChange: (page: number) => void;
}

/** 'Showing x-y of n', at most 5 page buttons with previous/next, and 'Page p of n'. */
export function InboxPager({ page, totalPages, total, from, to, onChange }: InboxPagerProps) {
  return (
    <Stack gap="xs" align="center" component="nav" aria-label="Notification pages">
      <Text size="sm" c="dimmed">
        Showing {from}-{to} of {total}
      </Text>
      {totalPages > 1 && (
        <Pagination.Root total={totalPages} value={page} onChange={onChange} size="sm">
          <Group gap={4} justify="center" wrap="nowrap">
            <Pagination.Previous aria-label="Previous page" />
            {pageWindow(page, totalPages).map((p) => (
              <Pagination.Control
                key={p}
                active={p === page}
                onClick={() => onChange(p)}
                aria-label={`Page ${p}`}
                aria-current={p === page ? 'page' : undefined}
              >
                {p}
              </Pagination.Control>
            ))}
            <Pagination.Next aria-label="Next page" />
          </Group>
        </Pagination.Root>
      )}
      <Text size="xs" c="dimmed">
        Page {page} of {totalPages}
      </Text>
    </Stack>
  );
}

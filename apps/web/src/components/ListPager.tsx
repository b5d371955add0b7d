import { Group, Pagination, Text } from '@mantine/core';

interface ListPagerProps {
  /** The requested page (1-based); the pager shows at most the last page. */
  page: number;
  pageSize: number;
  /** How many records match across all pages. */
  total: number;
  /** How many records this page shows. */
  count: number;
  onChange: (page: number) => void;
}

/** The footer of a server-paged list: 'Showing x-y of n' and, with more than one page, the pager. */
export function ListPager({ page, pageSize, total, count, onChange }: ListPagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = (page - 1) * pageSize + 1;
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed">
        Showing {first}-{first + count - 1} of {total}
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onChange}
          siblings={1}
          boundaries={1}
          size="sm"
          getControlProps={(control) => ({
            'aria-label':
              control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control,
          })}
        />
      )}
    </Group>
  );
}

import { Flex, Group, Pagination, Text } from '@mantine/core';
import { PAGER_WINDOW, pageCount, pageWindow, shownRange } from '../lib/pager.ts';

interface ListPagerProps {
  /** The requested page (1-based); the pager shows at most the last page. */
  page: number;
  pageSize: number;
  /** How many records match across all pages. */
  total: number;
  /** How many records this page shows. */
  count: number;
  onChange: (page: number) => void;
  /** The pager's name for assistive technology ('Student pages'); each list names its own. */
  label?: string;
  /** At most this many page buttons (5 unless a list's spec says otherwise). */
  buttons?: number;
}

/**
 * The footer of every paged list: 'Showing x-y of n', at most 5 (`buttons`) page buttons with previous
 * and next (from two pages up), and 'Page p of n' (spec part 1 §9, part 2 §2.5).
 */
export function ListPager({
  page,
  pageSize,
  total,
  count,
  onChange,
  label = 'Pages',
  buttons = PAGER_WINDOW,
}: ListPagerProps) {
  const pages = pageCount(total, pageSize);
  const current = Math.min(Math.max(1, page), pages);
  const { from, to } = shownRange(current, pageSize, count);
  return (
    <Flex
      component="nav"
      aria-label={label}
      direction={{ base: 'column', sm: 'row' }}
      justify="space-between"
      align="center"
      gap="xs"
    >
      <Text size="sm" c="dimmed">
        Showing {from}-{to} of {total}
      </Text>
      {pages > 1 && (
        <Pagination.Root total={pages} value={current} onChange={onChange} size="sm">
          <Group gap={4} justify="center" wrap="nowrap">
            <Pagination.Previous aria-label="Previous page" />
            {pageWindow(current, pages, buttons).map((p) => (
              <Pagination.Control
                key={p}
                active={p === current}
                onClick={() => onChange(p)}
                aria-label={`Page ${p}`}
                aria-current={p === current ? 'page' : undefined}
              >
                {p}
              </Pagination.Control>
            ))}
            <Pagination.Next aria-label="Next page" />
          </Group>
        </Pagination.Root>
      )}
      <Text size="sm" c="dimmed">
        Page {current} of {pages}
      </Text>
    </Flex>
  );
}

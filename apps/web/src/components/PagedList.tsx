import { SimpleGrid, Stack, type SimpleGridProps } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Icon } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import type { Page } from '../lib/paged-list.ts';
import { pageCount } from '../lib/pager.ts';
import { lazyPart } from './LazyPart.tsx';
import { EmptyPanel, RetryPanel } from './ListStates.tsx';
import { PageLoader } from './PageLoader.tsx';

const loadPager = () => import('./ListPager.tsx').then((m) => ({ default: m.ListPager }));

/**
 * The pager (Mantine's Pagination) loads with the first list that shows one, so that a page of panels
 * without pagers (the dashboard) does not carry it in its first load.
 */
const ListPager = lazyPart(loadPager, 'The pager');

export interface PagedListProps<T> {
  /** One page of the list (lib/paged-list.ts `usePage`): the previous page stays while the next loads. */
  query: UseQueryResult<Page<T>>;
  /** The requested page (1-based). */
  page: number;
  pageSize: number;
  /** Moves to a page; also used to go back to the last page when the page asked for is past the end. */
  onPage: (page: number) => void;
  /** The spinner's name for assistive technology ('Loading gifts'). */
  loadingLabel: string;
  /** What an empty list says: an icon and a line, or a whole panel of its own. */
  empty: { icon: Icon; text: string } | ReactNode;
  /** The pager's name for assistive technology ('Gift pages'). */
  pagerLabel: string;
  /** At most this many page buttons (the pager's default unless a list's spec says otherwise). */
  pagerButtons?: number;
  /**
   * When the pager shows: always (the default), only when there is more than one page (a panel inside a
   * page), or never (a dashboard preview with its own 'View all').
   */
  pager?: 'always' | 'several-pages' | 'never';
  /** What the first load shows instead of the spinner (a panel's skeleton); named by `loadingLabel`. */
  loading?: ReactNode;
  /** The records of the page, laid out (a <CardGrid>, a table, rows). */
  children: (items: T[]) => ReactNode;
}

function isIconLine(empty: PagedListProps<unknown>['empty']): empty is { icon: Icon; text: string } {
  return typeof empty === 'object' && empty !== null && 'icon' in empty && 'text' in empty;
}

/**
 * Every server-paged list: the spinner on the first load, the failure with 'Try again', the empty
 * line, the records (dimmed while the next page loads) and the pager; a page past the end (after
 * deletions, or a stale address) moves to the last page once the list's own data has arrived.
 */
export function PagedList<T>({
  query,
  page,
  pageSize,
  onPage,
  loadingLabel,
  empty,
  pagerLabel,
  pagerButtons,
  pager = 'always',
  loading,
  children,
}: PagedListProps<T>) {
  const total = query.data?.total ?? 0;
  const pages = pageCount(total, pageSize);
  const pastTheEnd = Boolean(query.data && !query.isPlaceholderData) && page > pages;
  // The pager's code downloads while the list's first page does, not after it.
  useEffect(() => {
    if (pager !== 'never') void loadPager().catch(() => {});
  }, [pager]);
  useEffect(() => {
    if (pastTheEnd) onPage(pages);
    // onPage is a new function each render; the move depends only on these two.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pastTheEnd, pages]);

  if (query.isPending) {
    return loading === undefined || query.fetchStatus === 'paused' ? (
      <PageLoader label={loadingLabel} />
    ) : (
      <div role="status" aria-label={loadingLabel}>
        {loading}
      </div>
    );
  }
  if (query.isError && !query.data) return <RetryPanel error={query.error} onRetry={() => query.refetch()} />;
  const items = query.data?.items ?? [];
  if (items.length === 0) {
    return isIconLine(empty) ? <EmptyPanel icon={empty.icon}>{empty.text}</EmptyPanel> : empty;
  }
  return (
    <Stack gap="md" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isFetching}>
      {children(items)}
      {(pager === 'always' || (pager === 'several-pages' && pages > 1)) && (
        <ListPager
          page={page}
          pageSize={pageSize}
          total={total}
          count={items.length}
          onChange={onPage}
          label={pagerLabel}
          buttons={pagerButtons}
          loading={null}
        />
      )}
    </Stack>
  );
}

/** The cards of a list as a list (`ul`; each card is an `li`): one column on a phone, up to four wide. */
export function CardGrid({
  label,
  cols = { base: 1, xs: 2, md: 3, xl: 4 },
  children,
}: {
  /** The list's name for assistive technology ('Gifts'). */
  label: string;
  cols?: SimpleGridProps['cols'];
  children: ReactNode;
}) {
  return (
    <SimpleGrid
      cols={cols}
      spacing="md"
      component="ul"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label={label}
    >
      {children}
    </SimpleGrid>
  );
}

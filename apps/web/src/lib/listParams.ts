import { MONTH_NAMES } from '@csp/contracts';
import { LIMITS } from '@csp/contracts';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

export type ParamChanges = Record<string, string | undefined>;

/** The address's parameters with `changes` applied; an empty or undefined value removes the key. */
export function withChanges(prev: URLSearchParams, changes: ParamChanges): URLSearchParams {
  const next = new URLSearchParams(prev);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

/**
 * The address's parameters as they are now. React Router's functional setSearchParams starts from the
 * parameters of the last render, so two changes close together (a search settling 300 ms after typing,
 * then a filter chosen before the page re-rendered) would lose the first; the browser's address already
 * carries every change made.
 */
function latestParams(rendered: URLSearchParams): URLSearchParams {
  return typeof window === 'undefined' ? rendered : new URLSearchParams(window.location.search);
}

/**
 * A server-paged list whose search, filters and page live in the address (so Back returns to the same
 * view): the parameters, the page (1 when absent or invalid), `update` (replaces the history entry) and
 * the search box's text, of which only a settled change (300 ms) updates the address and goes to page 1.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const [searchText, setSearchText] = useState(search);

  const update = (changes: ParamChanges) =>
    setParams((prev) => withChanges(latestParams(prev), changes), { replace: true });

  const settleSearch = useDebouncedCallback((text: string) => {
    update({ search: text.trim() || undefined, page: undefined });
  }, LIMITS.searchDebounceMs);

  /** Page 1 is the address without a page. */
  const setPage = (p: number) => update({ page: p > 1 ? String(p) : undefined });

  const changeSearchText = (text: string) => {
    setSearchText(text);
    settleSearch(text);
  };

  /** Empties the search box and the address's search at once (a 'Clear filters'), with other changes. */
  const clearSearch = (changes: ParamChanges = {}) => {
    settleSearch.cancel();
    setSearchText('');
    update({ ...changes, search: undefined, page: undefined });
  };

  return { params, search, page, update, setPage, searchText, changeSearchText, clearSearch };
}

/**
 * A page past the end (after deletions, or a stale address) moves to the last page, once the list's
 * own (not placeholder) data has arrived.
 */
export function useLastPageClamp({
  page,
  pages,
  settled,
}: {
  page: number;
  pages: number;
  settled: boolean;
}) {
  const [, setParams] = useSearchParams();
  const pastTheEnd = settled && page > pages;
  useEffect(() => {
    if (pastTheEnd) {
      setParams((prev) => withChanges(latestParams(prev), { page: pages > 1 ? String(pages) : undefined }), {
        replace: true,
      });
    }
  }, [pastTheEnd, pages, setParams]);
}

/** The month filter's choices: 'All months', then January … December as 1 … 12. */
export const MONTH_OPTIONS = [
  { value: '', label: 'All months' },
  ...MONTH_NAMES.map((label, i) => ({ value: String(i + 1), label })),
];

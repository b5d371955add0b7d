import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { api } from './api.ts';

/** One page of a server-paged list: its records and how many match across all pages. */
export interface Page<T> {
  items: T[];
  total: number;
}

/** The X-Total-Count header as a number; `fallback` when the answer has none. */
export function totalOf(headers: Record<string, unknown>, fallback: number): number {
  const header = Number(headers['x-total-count']);
  return Number.isFinite(header) ? header : fallback;
}

/** GET `path` with `params`: one page and the X-Total-Count header (spec part 1 §9). */
export async function fetchPage<T>(path: string, params: object): Promise<Page<T>> {
  const res = await api.get<T[]>(path, { params });
  return { items: res.data, total: totalOf(res.headers, res.data.length) };
}

export interface PagedListSpec<P> {
  /** The query key of one page (under the feature's `lists()` key, so a save can invalidate them all). */
  key: (params: P) => QueryKey;
  /** The address below /api, or the address for these parameters. */
  path: string | ((params: P) => string);
  /** The query parameters sent; the parameters as they are unless given. */
  query?: (params: P) => object;
}

export interface PagedQueryOptions {
  enabled?: boolean;
  /** No toast on failure: the page shows the failure itself. */
  silent?: boolean;
  staleTime?: number;
  /** Asked again this often while on screen (the inbox's polling). */
  refetchInterval?: number;
}

/**
 * One server-paged list of a feature: how a page is fetched, its query key, and the hook that keeps the
 * previous page on screen while the next one loads (shown dimmed by components/PagedList.tsx).
 */
export function definePagedList<P, T>(spec: PagedListSpec<P>) {
  const fetch = (params: P): Promise<Page<T>> =>
    fetchPage<T>(
      typeof spec.path === 'function' ? spec.path(params) : spec.path,
      spec.query ? spec.query(params) : (params as object),
    );
  return {
    key: spec.key,
    fetch,
    usePage: (params: P, options: PagedQueryOptions = {}) =>
      useQuery({
        queryKey: spec.key(params),
        queryFn: () => fetch(params),
        placeholderData: keepPreviousData,
        enabled: options.enabled,
        staleTime: options.staleTime,
        refetchInterval: options.refetchInterval,
        ...(options.silent ? { meta: { silent: true } } : {}),
      }),
  };
}

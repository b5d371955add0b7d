import { PAGING, type PageQuery } from '@csp/contracts';
import type { FastifyReply } from 'fastify';

/**
 * Server-side pages (ARCHITECTURE.md: a list answers a JSON array; with `page` and/or `limit` it
 * answers that page and the total in `X-Total-Count`). The query fields are `pageQueryFields` of the
 * contracts; a repo takes the `Page` as OFFSET/LIMIT in SQL and counts with the same WHERE.
 */
export interface Page {
  offset: number;
  limit: number;
}

export interface Paged<T> {
  items: T[];
  /** Set when a page was asked for: how many rows match in all. */
  total?: number;
}

/** The page a query asks for, or undefined for "every row". Defaults: page 1, PAGING.defaultLimit. */
export function pageOf(query: PageQuery, defaultLimit: number = PAGING.defaultLimit): Page | undefined {
  if (query.page === undefined && query.limit === undefined) return undefined;
  const limit = query.limit ?? defaultLimit;
  return { offset: ((query.page ?? 1) - 1) * limit, limit };
}

/**
 * Runs a list query for the page (and its count only when paged, both at once). `rows` receives the
 * page (undefined: every row); `count` answers the number of matching rows.
 */
export async function fetchPage<T>(
  page: Page | undefined,
  rows: (page: Page | undefined) => Promise<T[]>,
  count: () => Promise<number>,
): Promise<Paged<T>> {
  const [items, total] = await Promise.all([rows(page), page ? count() : Promise.resolve(undefined)]);
  return { items, total };
}

/** Sets X-Total-Count when the result is a page and answers the rows (the JSON array). */
export function sendPage<T>(reply: FastifyReply, result: Paged<T>): T[] {
  if (result.total !== undefined) reply.header('x-total-count', String(result.total));
  return result.items;
}

import { PAGING, PAGING_MESSAGES, type PageQuery } from '@csp/contracts';
import type { FastifyReply } from 'fastify';
import { badRequest } from './errors.ts';

/**
 * Server-side pages (ARCHITECTURE.md: a list answers a JSON array; with `page` and/or `limit` it
 * answers that page and the total in `X-Total-Count`). The query fields are `pageQueryFields` of the
 * contracts; a repo takes the `Page` as OFFSET/LIMIT in SQL and counts with the same WHERE.
 */
export interface Page {
  offset: number;
  limit: number;
  /**
   * A keyset page (contracts' keysetQueryFields): the order key of the row before it, decoded from the
   * `after` cursor but not yet checked (the list's keyset checks it against its own key, db/lists/keyset.ts).
   */
  after?: unknown[];
}

export interface Paged<T> {
  items: T[];
  /** Set when a numbered page was asked for: how many rows match in all. */
  total?: number;
  /** Set while rows remain after the page, for lists with a keyset: the `after` of the next page. */
  nextCursor?: string;
}

/** A cursor: the row's order key as JSON text (from SQL, db/lists/keyset.ts), base64url-encoded. */
const encodeCursor = (key: string) => Buffer.from(key, 'utf8').toString('base64url');

function decodeCursor(cursor: string): unknown[] {
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(key)) return key;
  } catch {
    // Not JSON: answered below.
  }
  throw badRequest(PAGING_MESSAGES.after);
}

/** The page a query asks for, or undefined for "every row". Defaults: page 1, PAGING.defaultLimit. */
export function pageOf(query: PageQuery, defaultLimit: number = PAGING.defaultLimit): Page | undefined {
  const limit = query.limit ?? defaultLimit;
  if (query.after !== undefined) {
    if (query.page !== undefined) throw badRequest(PAGING_MESSAGES.afterWithPage);
    return { offset: 0, limit, after: decodeCursor(query.after) };
  }
  if (query.page === undefined && query.limit === undefined) return undefined;
  return { offset: ((query.page ?? 1) - 1) * limit, limit };
}

/**
 * Whether a list's numbered page counts its own matches: a search, whose page query finds and sorts
 * every match anyway, so `count(*) over ()` before its limit gives X-Total-Count in the same pass (the
 * keyset lists' `pageIds(…, counted)`, the student and user lists' page ids), or counts them beside the
 * page in the same statement (the activities' and gifts' `keyset.searchPageIds`). One rule for every list:
 * the repos count on the way exactly when the services expect them to.
 */
export const searchCountsItself = (filter: { search?: string }): boolean => Boolean(filter.search);

/** What fetchPage runs: a list's page query and its count. */
export interface PageQueries<T> {
  /** The page asked for (pageOf); undefined: every row. */
  page: Page | undefined;
  /** The list query for a page (undefined: every row). */
  rows: (page: Page | undefined) => Promise<T[]>;
  /** How many rows match in all (the repo's count, db/lists). */
  count: () => Promise<number>;
  /**
   * Lists with a keyset: a row's order key (db/lists/keyset.ts). The answer then carries the next cursor
   * while rows remain, and a keyset page reads one row more than it answers to know whether any do.
   */
  cursorOf?: (row: T) => string;
  /**
   * When the page's query counts its own matches (a search: keyset `pageIds(…, counted)`): the total a
   * row carries. The numbered page then runs alone, one pass over the matches instead of two, and
   * `count` only for a page past the end, which has no row to carry it.
   */
  totalOf?: (row: T) => number | null | undefined;
}

/** Runs a list query for the page (and its count only when a numbered page, both at once). */
export async function fetchPage<T>({
  page,
  rows,
  count,
  cursorOf,
  totalOf,
}: PageQueries<T>): Promise<Paged<T>> {
  const cursorAfter = (items: T[], more: boolean) =>
    more && cursorOf && items.length ? encodeCursor(cursorOf(items[items.length - 1])) : undefined;
  if (page?.after) {
    const items = await rows({ ...page, limit: page.limit + 1 });
    const more = items.length > page.limit;
    if (more) items.pop();
    return { items, nextCursor: cursorAfter(items, more) };
  }
  let items: T[];
  let total: number | undefined;
  if (page && totalOf) {
    items = await rows(page);
    const carried = items.length ? totalOf(items[0]) : undefined;
    total = carried == null ? await count() : Number(carried);
  } else {
    [items, total] = await Promise.all([rows(page), page ? count() : Promise.resolve(undefined)]);
  }
  const more = page !== undefined && total !== undefined && page.offset + items.length < total;
  return { items, total, nextCursor: cursorAfter(items, more) };
}

/** What fetchCountedPage runs: a list's page query, which may count its matches, and its count. */
export interface CountedPageQueries<T> {
  /** The page asked for (pageOf); undefined: every row. */
  page: Page | undefined;
  /** The list query for a page; with `countsItself`, its answer carries the total. */
  rows: (page: Page | undefined) => Promise<{ items: T[]; total?: number }>;
  /** How many rows match in all. */
  count: () => Promise<number>;
  /**
   * The page query counts its own matches (`count(*) over ()`: a search, whose page sorts every match
   * anyway): one pass over the matches instead of two; a page past the end has no row to carry the
   * total, and `count` answers it.
   */
  countsItself: boolean;
}

/**
 * A numbered page of a list without a keyset: the page and `count` at once, or the page alone when it
 * counts itself (see `countsItself`).
 */
export async function fetchCountedPage<T>({
  page,
  rows,
  count,
  countsItself,
}: CountedPageQueries<T>): Promise<Paged<T>> {
  if (!page) return { items: (await rows(page)).items };
  if (!countsItself) {
    const [{ items }, total] = await Promise.all([rows(page), count()]);
    return { items, total };
  }
  const { items, total } = await rows(page);
  return { items, total: total ?? (await count()) };
}

/** Sets X-Total-Count (a numbered page) and X-Next-Cursor (rows remain) and answers the rows. */
export function sendPage<T>(reply: FastifyReply, result: Paged<T>): T[] {
  if (result.total !== undefined) reply.header('x-total-count', String(result.total));
  if (result.nextCursor !== undefined) reply.header('x-next-cursor', result.nextCursor);
  return result.items;
}

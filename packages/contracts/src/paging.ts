import { z } from 'zod';
import { isIsoDate } from './dates.ts';

/** Server-side pages of lists (ARCHITECTURE.md: with page/limit a list answers one page + X-Total-Count). */
export const PAGING = { defaultLimit: 20, maxLimit: 100, maxPage: 100_000 } as const;

const limitMessage = `limit must be a whole number between 1 and ${PAGING.maxLimit}`;
const pageMessage = `page must be a whole number between 1 and ${PAGING.maxPage}`;

/**
 * The `page` (1-based) and `limit` query fields of every paged list; spread them into a list's query
 * schema. Both are optional: without either, the list answers every row.
 */
export const pageQueryFields = {
  page: z.coerce
    .number({ message: pageMessage })
    .int({ message: pageMessage })
    .min(1, { message: pageMessage })
    .max(PAGING.maxPage, { message: pageMessage })
    .optional()
    .describe('Page number, from 1 (with or without limit: answers that page and X-Total-Count)'),
  limit: z.coerce
    .number({ message: limitMessage })
    .int({ message: limitMessage })
    .min(1, { message: limitMessage })
    .max(PAGING.maxLimit, { message: limitMessage })
    .optional()
    .describe(`Rows per page, 1..${PAGING.maxLimit} (default ${PAGING.defaultLimit})`),
};

export interface PageQuery {
  page?: number;
  limit?: number;
  /** A keyset page: the rows after this cursor (only the lists with `keysetQueryFields`). */
  after?: string;
}

export const PAGING_MESSAGES = {
  after: 'after must be the X-Next-Cursor of a page of this list',
  afterWithPage: 'Use page or after, not both',
} as const;

/**
 * The `after` query field of the big lists (activities, measurements, home visits, gifts,
 * notifications): every paged answer of such a list carries `X-Next-Cursor` while rows remain, and
 * `after=<that cursor>` (with `limit`, never `page`) answers the rows after it in the list's order, read
 * from an index where the last page stopped instead of skipping every row before it. Such a page has
 * no X-Total-Count (the first page has it). Rows added meanwhile neither shift nor repeat rows.
 */
export const keysetQueryFields = {
  after: z
    .string({ message: PAGING_MESSAGES.after })
    .min(1, { message: PAGING_MESSAGES.after })
    .max(400, { message: PAGING_MESSAGES.after })
    .regex(/^[A-Za-z0-9_-]+$/, { message: PAGING_MESSAGES.after })
    .optional()
    .describe('Rows after this cursor (the X-Next-Cursor of the previous page), with limit, not page'),
};

const yearMessage = 'year must be a year such as 2026';
const monthMessage = 'month must be a whole number from 1 to 12';

/** The `year` / `month` / `date` filters of dated lists (home visits, gifts, leaves). */
export const yearQueryField = z.coerce
  .number({ message: yearMessage })
  .int({ message: yearMessage })
  .min(2000, { message: yearMessage })
  .max(2100, { message: yearMessage });
export const monthQueryField = z.coerce
  .number({ message: monthMessage })
  .int({ message: monthMessage })
  .min(1, { message: monthMessage })
  .max(12, { message: monthMessage });
export const dateQueryField = z.string().refine(isIsoDate, { message: 'date must be a date (YYYY-MM-DD)' });

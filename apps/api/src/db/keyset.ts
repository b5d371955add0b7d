import { PAGING_MESSAGES, isIsoDate } from '@csp/contracts';
import { and, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { badRequest } from '../lib/errors.ts';
import type { Page } from '../lib/paging.ts';
import type { DbOrTx } from './client.ts';

/** The SQL types a list's order key is made of. */
export type KeyType = 'date' | 'timestamptz' | 'uuid';

const keyPart: Record<KeyType, z.ZodType> = {
  date: z.string().refine(isIsoDate),
  timestamptz: z.iso.datetime({ offset: true }),
  uuid: z.uuid(),
};

/**
 * A list ordered newest first by these columns (every one descending, the last one unique, none
 * null), read page after page from where the last one stopped (contracts' keysetQueryFields):
 *
 * - `orderBy`: the list's ORDER BY (an index in the same order serves both it and `after`);
 * - `cursor`: the row's order key as JSON text, selected with the row (SQL's own text of a timestamp
 *   keeps its microseconds, which a JavaScript Date would round away, skipping or repeating rows);
 * - `after(key)`: the rows after a decoded cursor, one row comparison; a key that is not this list's
 *   answers 400 before any SQL runs.
 */
export function descendingKeyset(parts: readonly [AnyColumn, KeyType][]) {
  const columns = sql.join(
    parts.map(([column]) => sql`${column}`),
    sql`, `,
  );
  const orderBy = parts.map(([column]) => desc(column));
  const after = (key: unknown[]): SQL => {
    const fits =
      key.length === parts.length && parts.every(([, type], i) => keyPart[type].safeParse(key[i]).success);
    if (!fits) throw badRequest(PAGING_MESSAGES.after);
    const values = sql.join(
      parts.map(([, type], i) => sql`${key[i]}::${sql.raw(type)}`),
      sql`, `,
    );
    return sql`(${columns}) < (${values})`;
  };
  return {
    orderBy,
    cursor: sql<string>`json_build_array(${columns})::text`,
    after,
    /**
     * The ids of one page's rows (after the page's `after`, when it has one), chosen from the list's own
     * table in the list's order (`order`: the same order written otherwise, e.g. for a search's plan), as
     * `chosen (id, total)`: the list then joins its students and people to these ids only, so a filter
     * that matches many rows sorts rows of one table, not rows joined to others.
     *
     * `counted`: `total` is how many rows match in all (`count(*) over ()`, before the limit), on every
     * row. For a search, whose matches are all found and sorted for the page anyway, that is one pass over
     * them for the page and its X-Total-Count instead of two (a page past the end has no row to carry
     * it: fetchPage counts apart then). Otherwise `total` is null.
     */
    pageIds(
      db: DbOrTx,
      table: PgTable,
      id: PgColumn,
      where: SQL | undefined,
      page: Page,
      order = orderBy,
      counted = false,
    ) {
      const total = counted ? sql<number | null>`count(*) over ()` : sql<number | null>`null::int`;
      return db
        .select({ id, total: total.as('total') })
        .from(table)
        .where(and(where, page.after ? after(page.after) : undefined))
        .orderBy(...order)
        .limit(page.limit)
        .offset(page.offset)
        .as('chosen');
    },
  };
}

import { PAGING_MESSAGES, isIsoDate } from '@csp/contracts';
import { and, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.ts';
import type { Page } from '../../lib/paging.ts';
import type { DbOrTx } from '../client.ts';

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
  // Planner hint: the first order column as `+ 0`, an expression no index serves. A query that is to find
  // its matches through other indexes and sort them (a search with few matches) is otherwise walked along
  // the order's index row by row by the planner, which for a rare word reads most of the list.
  const [[first], ...rest] = parts;
  const sortedOrder = [desc(sql`${first} + 0`), ...rest.map(([column]) => desc(column))];
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
    /** The list's order for a query that finds its matches first, then sorts them (see above). */
    sortedOrder,
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
    /**
     * A search's numbered page, `chosen (id, total)`, in one statement: the search's names found once
     * (`ctes`, e.g. `named`), its matches counted (`total`, over them), and the page chosen in one of two
     * ways, by how dense the matches are among the rows the list's order walks:
     *
     * - Many (a common part of a name: "nila1" names 1,853 children, whose 37,060 activities are one in
     *   27): the list's order is walked through its index, each row's child looked up in a hash of the
     *   named ones, until the page is full (73 to 621 activities read for a page of 8 at national scale,
     *   by how the seed's dates fell), where sorting every match would read all 37,060. `where(true)`:
     *   the search written for that (`x in (select …)`, which PostgreSQL hashes and cannot take for an
     *   index condition).
     * - Few (a child's full name, a rare word): the matches are found through the indexes (`where(false)`,
     *   `x = any(…)`) and sorted; the first order column as `+ 0` (sortedOrder) keeps the planner from
     *   walking the order row by row, which for a rare word reads most of it.
     *
     * The walk is taken when the page's end, spread over the matches' share of the walked rows, falls
     * within the matches: (offset + limit) × `walked` ≤ matches², `walked` a kept count of the rows the
     * order holds; without `walked` (a teacher's few rows, a day's), always the sort. The way not taken is
     * left out of the plan's work by a one-time filter: it reads nothing. A rule in SQL rather than the
     * planner's choice, which cannot see how many children a search names before it runs.
     */
    searchPageIds(opts: {
      table: PgTable;
      id: PgColumn;
      ctes: SQL;
      total: SQL;
      where: (walk: boolean) => SQL | undefined;
      walked?: SQL;
      page: Page;
    }): SQL {
      const { table, id, page } = opts;
      const branch = (walk: boolean, gate: SQL) => {
        const order = sql.join(walk ? orderBy : sortedOrder, sql`, `);
        return sql`(select ${id} as id from ${table} where ${and(opts.where(walk), gate)}
          order by ${order} limit ${page.limit} offset ${page.offset})`;
      };
      const walk = sql`(select walk from dense)`;
      const pages = opts.walked
        ? sql`${branch(true, walk)} union all ${branch(false, sql`not ${walk}`)}`
        : branch(false, sql`true`);
      const dense = opts.walked
        ? sql`, dense as materialized (select total.n::bigint * total.n
            >= ${page.offset + page.limit}::bigint * ${opts.walked} as walk from total)`
        : sql``;
      return sql`(
        with ${opts.ctes}, total as materialized (select ${opts.total} as n) ${dense}
        select p.id, (select n from total) as total from (${pages}) p
      ) chosen`;
    },
  };
}

import type { AnyColumn, SQL } from 'drizzle-orm';
import type { Actor } from '../../lib/actor.ts';
import { searchCountsItself, type Page } from '../../lib/paging.ts';
import type { DbOrTx } from '../client.ts';
import { liveCount, type LiveCountName } from '../live-counts.ts';
import { descendingKeyset, type KeyType } from './keyset.ts';

/**
 * How a list counts its matches (X-Total-Count), tried in this order; the first that answers gives the
 * total:
 *
 * - `known`: a total known before the page is read (an administrator's search of the home visits, from
 *   the kept counts). It also fences the page (a numbered page past it answers no rows without reading
 *   any), and `walks` may choose the page's plan by it.
 * - `search`: a search counted its own way (the names found once, the matches counted in parts).
 * - `live`: the kept count (live_counts, decision 0013) that is exactly the list's total, for the
 *   filters it answers (an administrator's unfiltered list, or by status); undefined for any other.
 * - `exact`: count(*) with the list's WHERE.
 */
export interface ListCount<F, W, K extends { total: number }> {
  known?: (db: DbOrTx, who: W, filter: F) => Promise<K | undefined>;
  search?: (db: DbOrTx, who: W, filter: F, search: string) => Promise<number>;
  live?: (who: W, filter: F) => LiveCountName | undefined;
  exact: (db: DbOrTx, who: W, filter: F) => Promise<number>;
}

export interface ListDefinition<F, W, K extends { total: number }> {
  /** The list's order, newest first (db/lists/keyset.ts): every column descending, the last unique. */
  keyset: readonly [AnyColumn, KeyType][];
  count: ListCount<F, W, K>;
  /**
   * Whether a page of a search whose total is `known` walks the list's order through its index (dense
   * matches) rather than finding every match and sorting it. Without it, a search's page sorts.
   */
  walks?: (page: Page, known: K) => boolean;
}

/** How one numbered or keyset page of a list is read (ListOf.planPage). */
export interface PagePlan<K> {
  /** The total known before the page (ListCount.known), if any: the rows carry it. */
  known: K | undefined;
  /** The page starts past the known total: answer no rows. */
  pastTheEnd: boolean;
  /** The page's ORDER BY: the list's order, or its sortedOrder when a search's matches are sorted. */
  order: SQL[];
  /** The page's query counts its matches on the way (`count(*) over ()`: keyset pageIds' `counted`). */
  countsItself: boolean;
}

/** The filter's search text, for the lists that have one. */
const searchOf = (filter: object): string | undefined => (filter as { search?: string }).search || undefined;

/**
 * How a list counts its matches, declared once: its total for `who`'s `filter`, by the first strategy
 * (ListCount) that answers. A list without a keyset (numbered pages only) declares just this.
 */
export function defineCount<F extends object, W = Actor, K extends { total: number } = never>(
  strategies: ListCount<F, W, K>,
) {
  const { known, search, live, exact } = strategies;
  return async function count(db: DbOrTx, who: W, filter: F): Promise<number> {
    const total = await known?.(db, who, filter);
    if (total) return total.total;
    const text = searchOf(filter);
    if (search && text) return search(db, who, filter, text);
    const name = live?.(who, filter);
    if (name) return liveCount(db, name);
    return exact(db, who, filter);
  };
}

/**
 * A list declared once: its keyset order and how it is counted, so that its repo reads as plain queries
 * (its WHERE, its joins) and the choices of counting and of the page's plan live here.
 */
export function defineList<F extends object, W = Actor, K extends { total: number } = never>(
  definition: ListDefinition<F, W, K>,
) {
  const keyset = descendingKeyset(definition.keyset);
  const { known } = definition.count;
  const count = defineCount(definition.count);

  /** The list's order for every row (no page): a search finds its matches first, then sorts them. */
  const order = (filter: F): SQL[] => (searchOf(filter) ? keyset.sortedOrder : keyset.orderBy);

  /**
   * How a page is read. A numbered page of a search whose total is known first: that total fences the
   * page, and by it `walks` may take the list's order (a common name's many matches: a few rows read per
   * match, stopping at the page's end) instead of sorting every match. Any other search sorts its matches;
   * its numbered page counts them on the way unless the total was known.
   */
  async function planPage(db: DbOrTx, who: W, filter: F, page: Page): Promise<PagePlan<K>> {
    const total = page.after ? undefined : await known?.(db, who, filter);
    const walk = total !== undefined && (definition.walks?.(page, total) ?? false);
    return {
      known: total,
      pastTheEnd: total !== undefined && total.total <= page.offset,
      order: searchOf(filter) && !walk ? keyset.sortedOrder : keyset.orderBy,
      countsItself: searchCountsItself({ search: searchOf(filter) }) && !page.after && !total,
    };
  }

  return { keyset, count, order, planPage };
}

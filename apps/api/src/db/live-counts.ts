import { eq } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { liveCounts } from './schema.ts';

/** The kinds counted in live_counts (migration 0011), and per status where the kind has one. */
export type LiveCountName =
  'activities' | 'measurements' | 'home_visits' | `home_visits:${string}` | 'gifts' | `gifts:${string}`;

/**
 * How many live records of a kind (whose student is live too) there are: one primary-key probe instead of
 * a pass over the table, for administrators' unfiltered lists and counters (docs/decisions/0013).
 */
export async function liveCount(db: DbOrTx, name: LiveCountName): Promise<number> {
  const [row] = await db.select({ n: liveCounts.n }).from(liveCounts).where(eq(liveCounts.name, name));
  return row?.n ?? 0;
}

/**
 * Whether a list filter sets nothing but the given keys (so a live count answers its total). Anything
 * else set, or unknown, means the exact count.
 */
export function filtersOnly<F extends object>(filter: F, allowed: readonly (keyof F)[] = []): boolean {
  return Object.entries(filter).every(
    ([key, value]) => allowed.includes(key as keyof F) || value === undefined || value === false,
  );
}

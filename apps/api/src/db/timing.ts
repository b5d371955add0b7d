import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Database time spent on behalf of one request (Server-Timing: see plugins/server-timing.ts): the time
 * during which at least one of its queries was under way. A request that runs two at once (a page and its
 * count) waits for the database once, not twice, so overlapping queries are counted once.
 */
export interface DbTiming {
  ms: number;
  /** Queries of the request under way now. */
  running: number;
  /** When the first of them began. */
  since: number;
}

export const newDbTiming = (): DbTiming => ({ ms: 0, running: 0, since: 0 });

export const dbTiming = new AsyncLocalStorage<DbTiming>();

/** Adds a query's time to the current request's tally (none outside a request: jobs, start-up). */
export async function timed<T>(run: () => Promise<T>): Promise<T> {
  const tally = dbTiming.getStore();
  if (!tally) return run();
  if (tally.running++ === 0) tally.since = performance.now();
  try {
    return await run();
  } finally {
    if (--tally.running === 0) tally.ms += performance.now() - tally.since;
  }
}

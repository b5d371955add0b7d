import { AsyncLocalStorage } from 'node:async_hooks';

/** Database time spent on behalf of one request (Server-Timing: see plugins/server-timing.ts). */
export interface DbTiming {
  ms: number;
}

export const dbTiming = new AsyncLocalStorage<DbTiming>();

/** Adds a query's time to the current request's tally (none outside a request: jobs, start-up). */
export async function timed<T>(run: () => Promise<T>): Promise<T> {
  const tally = dbTiming.getStore();
  if (!tally) return run();
  const t0 = performance.now();
  try {
    return await run();
  } finally {
    tally.ms += performance.now() - t0;
  }
}

import type { Query, QueryClient } from '@tanstack/react-query';
import { serverNow } from './server-clock.ts';

/**
 * Pictures and documents come as signed links that die after minutes (FILE_URL_TTL_SECONDS, 15 by
 * default) and with the session. A page someone keeps open must not end up with dead pictures and
 * links: each query whose data holds file links is fetched again shortly before the first of them
 * expires (decision 0031). An active query refetches at once; one no page shows is only marked stale,
 * so it is fetched again when a page shows it.
 */

/** `/api/files/<id>?…&expires=<unix seconds>&…`, as the API hands links out. */
const LINK_EXPIRES =
  /^(?:https?:\/\/[^/]+)?\/api\/files\/[^?#\s]+\?(?:[^#\s]*&)?expires=(\d{1,12})(?:[&#]|$)/;

/** How deep into an answer links are looked for (records nest a few levels: pages, items, student…). */
const MAX_DEPTH = 8;

/** The earliest `expires` (unix seconds) of the file links in `data`, or undefined when it holds none. */
export function earliestLinkExpiry(data: unknown, depth = 0): number | undefined {
  if (typeof data === 'string') {
    const match = LINK_EXPIRES.exec(data);
    return match ? Number(match[1]) : undefined;
  }
  if (depth >= MAX_DEPTH || data === null || typeof data !== 'object') return undefined;
  let earliest: number | undefined;
  for (const value of Array.isArray(data) ? data : Object.values(data)) {
    const found = earliestLinkExpiry(value, depth + 1);
    if (found !== undefined && (earliest === undefined || found < earliest)) earliest = found;
  }
  return earliest;
}

/** Fetched again this long before the links expire (a quarter of what is left, when that is less). */
export const REFRESH_MARGIN_MS = 60_000;
/** Never sooner than this after an answer, whatever its links say (a clock gone wrong cannot spin it). */
export const MIN_REFRESH_DELAY_MS = 10_000;

/** How long after an answer whose first link expires at `expires` (unix seconds) it is fetched again. */
export function refreshDelay(expires: number, now = serverNow()): number {
  const left = expires * 1000 - now;
  return Math.max(MIN_REFRESH_DELAY_MS, left - Math.min(REFRESH_MARGIN_MS, left / 4));
}

interface Scheduled {
  timer: ReturnType<typeof setTimeout>;
  /** When it is due, by the local wall clock: a timer does not run while the device sleeps. */
  dueAt: number;
}

export interface FileLinkRefresh {
  /** Fetches at once what fell due while timers could not run (a sleeping device, a hidden tab). */
  catchUp: () => void;
  stop: () => void;
}

/** Watches the client's queries for answers with file links. */
export function installFileLinkRefresh(client: QueryClient): FileLinkRefresh {
  const scheduled = new Map<string, Scheduled>();

  const cancel = (hash: string) => {
    const entry = scheduled.get(hash);
    if (entry) clearTimeout(entry.timer);
    scheduled.delete(hash);
  };

  const refresh = (query: Query) => {
    cancel(query.queryHash);
    void client.invalidateQueries({ queryKey: query.queryKey, exact: true });
  };

  const schedule = (query: Query) => {
    cancel(query.queryHash);
    const expires = earliestLinkExpiry(query.state.data);
    if (expires === undefined) return;
    const delay = refreshDelay(expires);
    scheduled.set(query.queryHash, {
      timer: setTimeout(() => refresh(query), delay),
      dueAt: Date.now() + delay,
    });
  };

  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type === 'removed') cancel(event.query.queryHash);
    else if (event.type === 'added' || (event.type === 'updated' && event.action.type === 'success')) {
      schedule(event.query);
    }
  });

  // Back from a sleeping device or a hidden tab: whatever fell due meanwhile goes now.
  const catchUp = () => {
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
    const now = Date.now();
    for (const [hash, entry] of [...scheduled]) {
      const query = client.getQueryCache().get(hash);
      if (!query) cancel(hash);
      else if (entry.dueAt <= now) refresh(query);
    }
  };
  const target = typeof window === 'undefined' ? undefined : window;
  target?.addEventListener('online', catchUp);
  target?.addEventListener('pageshow', catchUp);
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', catchUp);

  return {
    catchUp,
    stop: () => {
      unsubscribe();
      for (const hash of [...scheduled.keys()]) cancel(hash);
      target?.removeEventListener('online', catchUp);
      target?.removeEventListener('pageshow', catchUp);
      if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', catchUp);
    },
  };
}

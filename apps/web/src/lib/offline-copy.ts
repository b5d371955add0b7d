import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { Query, QueryClient } from '@tanstack/query-core';
import {
  persistQueryClient,
  type PersistedClient,
  type Persister,
} from '@tanstack/query-persist-client-core';
import Dexie, { type DexieOptions, type EntityTable } from 'dexie';
import { offlineCopyName } from './outbox-constants.ts';

/**
 * The teacher's offline copy (issue 47, part B): the answers a teacher needs in the field — their own
 * students and their details, their activities, measurements, home visits, attendance and leaves, the
 * office location and the settings — kept in IndexedDB while online, so that the pages show them with
 * no connection. TanStack Query's own persistence (decision 0039): what the pages asked for is saved
 * as they received it, and put back into the cache when the app starts.
 *
 * - One store per user (`csp-copy-{userId}`), deleted when they sign out; nobody else opens it.
 * - Bounded: only those kinds of answers, the newest KEPT_QUERIES of them, none older than
 *   KEPT_FOR_MS. A teacher's answers hold only their own records: the server scopes them.
 * - The service worker keeps no API answer: this store is the only copy on the phone.
 */

/** The first part of the query keys of what a teacher needs in the field. */
export const KEPT_KINDS: ReadonlySet<string> = new Set([
  'students',
  'activities',
  'measurements',
  'home-visits',
  'attendance',
  'leaves',
  'office-location',
  'settings',
  'organisation',
]);

/** At most this many answers are kept (a teacher's 25 students and their lists fit many times). */
export const KEPT_QUERIES = 300;

/** Nothing older than a week is shown: the outbox refuses records older than that too (decision 0037). */
export const KEPT_FOR_MS = 7 * 24 * 60 * 60 * 1000;

/** Changes when what is kept can no longer be read by the app (a new shape of the saved answers). */
const BUSTER = '1';

type CopyDb = Dexie & { entries: EntityTable<{ key: string; value: string }, 'key'> };

/** A user's store; `options` takes another IndexedDB (fake-indexeddb in the unit tests). */
export function copyStoreFor(userId: string, options?: DexieOptions): CopyDb {
  const db = new Dexie(offlineCopyName(userId), options) as CopyDb;
  db.version(1).stores({ entries: 'key' });
  return db;
}

/** Whether a query's answer belongs in the offline copy. */
export function isKept(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  return query.state.status === 'success' && KEPT_KINDS.has(String(query.queryKey[0]));
}

/** The newest `limit` answers of a saved cache (the oldest are let go first). */
export function newestOf(client: PersistedClient, limit = KEPT_QUERIES): PersistedClient {
  const queries = [...client.clientState.queries]
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
    .slice(0, limit);
  return { ...client, clientState: { ...client.clientState, queries, mutations: [] } };
}

/**
 * The persister of one user's copy: JSON in their own IndexedDB store, the newest answers only, saved
 * at most once every `throttleMs` however often the pages receive answers.
 */
export function copyPersister(db: CopyDb, throttleMs = 1000): Persister {
  const stored = createAsyncStoragePersister({
    storage: {
      getItem: async (key) => (await db.entries.get(key))?.value ?? null,
      setItem: async (key, value) => void (await db.entries.put({ key, value })),
      removeItem: (key) => db.entries.delete(key),
    },
    key: 'queries',
    throttleTime: throttleMs,
  });
  return { ...stored, persistClient: (client) => stored.persistClient(newestOf(client)) };
}

/** How a user's copy is saved and read back (the options of TanStack's persistQueryClient). */
export function copyOptions(db: CopyDb, throttleMs?: number) {
  return {
    persister: copyPersister(db, throttleMs),
    maxAge: KEPT_FOR_MS,
    buster: BUSTER,
    dehydrateOptions: { shouldDehydrateQuery: isKept, shouldDehydrateMutation: () => false },
  };
}

/**
 * What was saved, less the answers this tab has had from the server since it started: the saved copy
 * comes back after the first page asked for its data, and must not cover a newer answer (TanStack keeps
 * the newer data itself) nor an error, such as a record deleted meanwhile.
 */
export function notAnsweredYet(saved: PersistedClient, queryClient: QueryClient): PersistedClient {
  const cache = queryClient.getQueryCache();
  const queries = saved.clientState.queries.filter((query) => {
    const there = cache.get(query.queryHash)?.state;
    return !there || (there.dataUpdatedAt === 0 && there.errorUpdatedAt === 0);
  });
  return { ...saved, clientState: { ...saved.clientState, queries } };
}

interface Running {
  userId: string;
  db: CopyDb;
  stop: () => void;
}

let running: Running | undefined;

/**
 * Keeps the signed-in teacher's copy: puts what was saved back into the cache (newer answers already
 * there win), then saves what the pages receive. Answers when the saved copy is back.
 */
export async function keepOfflineCopy(queryClient: QueryClient, userId: string): Promise<void> {
  stopOfflineCopy();
  const db = copyStoreFor(userId);
  const options = copyOptions(db);
  const persister: Persister = {
    ...options.persister,
    restoreClient: async () => {
      const saved = await options.persister.restoreClient();
      return saved && notAnsweredYet(saved, queryClient);
    },
  };
  const [unsubscribe, restored] = persistQueryClient({ queryClient, ...options, persister });
  const run: Running = {
    userId,
    db,
    stop: () => {
      unsubscribe();
      db.close();
    },
  };
  running = run;
  await restored.catch(() => {});
}

export function stopOfflineCopy(): void {
  running?.stop();
  running = undefined;
}

/** Signing out: the person's copy leaves the phone (kept up to date or not). */
export async function deleteOfflineCopy(userId: string): Promise<void> {
  if (running?.userId === userId) stopOfflineCopy();
  await Dexie.delete(offlineCopyName(userId));
}

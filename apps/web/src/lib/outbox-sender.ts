import { IDEMPOTENCY_KEY_HEADER } from '@csp/contracts';
import { api, getErrorMessage, isApiError } from './api.ts';
import { whenIdle } from './idle.ts';
import { show } from './outbox-items.ts';
import { OUTBOX_SYNC_TAG, outboxName, SEND_OUTBOX_MESSAGE } from './outbox-constants.ts';
import { warnWhenSpaceIsShort } from './outbox-space.ts';
import type {
  NewOutboxItem,
  OutboxAnswer,
  OutboxDb,
  OutboxFile,
  OutboxItem,
  OutboxTransport,
} from './outbox.ts';
import { shrinkPhoto } from './photo-shrink.ts';

/**
 * The signed-in person's outbox at work (issue 47, part C): it opens their store (lib/outbox.ts, loaded
 * with Dexie only once the store exists or a record is kept, so a first load does not carry it), shows
 * its items to the pages, and sends them when the connection returns, when the app starts, on a timer
 * that waits longer after each failure, and when the service worker's Background Sync asks.
 */

/** The confirmation of a record kept on the phone (issue 47). */
export const KEPT_ON_PHONE = 'Saved on this phone — it will be sent when you are online';

/** Each record kind's upload of one file (what its form uses when online): answers the record's entry. */
export type OutboxUploads = Record<string, (file: File) => Promise<string>>;

interface Running {
  userId: string;
  uploads: OutboxUploads;
  onSent: () => void;
  db?: OutboxDb;
  /** Loaded with the store. */
  module?: typeof import('./outbox.ts');
  timer?: ReturnType<typeof setTimeout>;
  stop: () => void;
}

let running: Running | undefined;

/** Whether the person's store exists on this phone (without loading Dexie to ask). */
async function storeExists(userId: string): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  // Browsers without databases() (none of those we support) open the store to find out.
  if (typeof indexedDB.databases !== 'function') return true;
  const names = (await indexedDB.databases()).map((d) => d.name);
  return names.includes(outboxName(userId));
}

/** Opens the running person's store once, and follows its changes (this tab's and other tabs'). */
async function openStore(run: Running): Promise<OutboxDb> {
  if (run.db) return run.db;
  const module = await import('./outbox.ts');
  if (running !== run) throw new Error('The outbox was closed');
  const db = module.outboxFor(run.userId);
  run.module = module;
  run.db = db;
  const unwatch = module.watchItems(db, show);
  const stop = run.stop;
  run.stop = () => {
    unwatch();
    db.close();
    stop();
  };
  return db;
}

/** The server's answer as the outbox reads it: a refusal, or a wait (no answer, a 5xx, "still being processed"). */
async function answered<T>(call: () => Promise<T>, Answer: typeof OutboxAnswer): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const response = isApiError(error) ? error.response : undefined;
    if (response === undefined) throw error;
    const { status } = response;
    const stillRunning = status === 409 && response.headers['retry-after'] !== undefined;
    if (stillRunning) throw new Error('still being processed');
    throw new Answer(status, getErrorMessage(error));
  }
}

function transportOf(run: Running, module: typeof import('./outbox.ts')): OutboxTransport {
  return {
    upload: (item, file) => {
      const upload = run.uploads[item.kind];
      if (!upload || !file.blob) throw new module.OutboxAnswer(400, `The file ${file.name} cannot be sent`);
      const blob = file.blob;
      const asFile = blob instanceof File ? blob : new File([blob], file.name, { type: blob.type });
      return answered(() => upload(asFile), module.OutboxAnswer);
    },
    send: (item, body) => {
      const config = { headers: { [IDEMPOTENCY_KEY_HEADER]: item.idempotencyKey } };
      const call =
        item.method === 'POST'
          ? () => api.post<unknown>(item.path, body, config)
          : item.method === 'PATCH'
            ? () => api.patch<unknown>(item.path, body, config)
            : () => api.put<unknown>(item.path, body, config);
      return answered(() => call().then((r) => r.data), module.OutboxAnswer);
    },
  };
}

/**
 * Sends what is due, one sender at a time across the person's tabs (a Web Lock; the tab that holds it
 * sends, the others leave it), then waits for the next retry.
 */
export async function sendOutbox(): Promise<void> {
  const run = running;
  if (!run?.db || !run.module) return;
  const { db, module } = run;
  const work = async () => {
    // No other sender runs while this one holds the lock: an item still 'sending' was cut off.
    await module.recoverInterrupted(db);
    const report = await module.sendDue(db, transportOf(run, module));
    await db.items.where('status').equals('sent').delete();
    if (report.sent > 0) run.onSent();
  };
  if (navigator.locks) {
    await navigator.locks.request(outboxName(run.userId), { ifAvailable: true }, (lock) =>
      lock ? work() : undefined,
    );
  } else {
    await work();
  }
  if (running === run) await scheduleRetry(run);
}

/** A timer for the earliest retry of an item left waiting. */
async function scheduleRetry(run: Running): Promise<void> {
  clearTimeout(run.timer);
  const waiting = (await run.module!.listItems(run.db!)).filter((i) => i.status === 'waiting');
  if (waiting.length === 0) return;
  const next = Math.min(...waiting.map((i) => i.nextAttemptAt));
  run.timer = setTimeout(() => void sendOutbox().catch(() => {}), Math.max(0, next - Date.now()));
}

/**
 * Starts the signed-in person's outbox: their store is opened when it exists on this phone, and sent
 * from at once. `uploads`: each kind's file upload; `onSent`: after records were sent (the caches are
 * read again). Answers the stop.
 */
export function startOutbox(userId: string, uploads: OutboxUploads, onSent: () => void): () => void {
  stopOutbox();
  const send = () => void sendOutbox().catch(() => {});
  let cancelPreload = () => {};
  const fromWorker = (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === SEND_OUTBOX_MESSAGE) send();
  };
  window.addEventListener('online', send);
  navigator.serviceWorker?.addEventListener('message', fromWorker);
  const run: Running = {
    userId,
    uploads,
    onSent,
    stop: () => {
      cancelPreload();
      clearTimeout(run.timer);
      window.removeEventListener('online', send);
      navigator.serviceWorker?.removeEventListener('message', fromWorker);
    },
  };
  running = run;
  void storeExists(userId)
    .then(async (exists) => {
      if (running !== run) return;
      if (exists) {
        await openStore(run);
        send();
      } else {
        // The store's code (Dexie) is fetched now, while there may be a connection, so that a record
        // can be kept without one even before the service worker has precached it.
        cancelPreload = whenIdle(() => void import('./outbox.ts').catch(() => {}));
      }
    })
    .catch(() => {});
  return () => {
    if (running === run) stopOutbox();
  };
}

export function stopOutbox(): void {
  running?.stop();
  running = undefined;
  show([]);
}

/** Asks the browser to wake the worker when the connection returns (Background Sync, where it exists). */
async function askForSync(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration();
  const sync = (
    registration as
      (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined
  )?.sync;
  await sync?.register(OUTBOX_SYNC_TAG);
}

/**
 * The files as kept, large photos shrunk (lib/photo-shrink.ts): one after another, since decoding
 * several camera photos together can use up a cheap phone's memory.
 */
async function filesToKeep(files: OutboxFile[]): Promise<OutboxFile[]> {
  const kept: OutboxFile[] = [];
  for (const file of files) {
    kept.push(file.blob ? { ...file, ...(await shrinkPhoto(file.blob, file.name)) } : file);
  }
  return kept;
}

/**
 * Keeps a record in the signed-in person's outbox (the form then answers KEPT_ON_PHONE), its large
 * photos shrunk first, and sends it at once when the phone is online. When the phone is nearly full the
 * person is told (and the record is still kept); a write the phone refuses throws its
 * QuotaExceededError (lib/outbox-space.ts `isQuotaExceeded`).
 * `replaces`: the item its person changed (Edit on "Waiting to send", decision 0038), kept in its
 * place instead of added; throws when it is no longer there to change (sent or discarded meanwhile).
 */
export async function keepRecord({
  replaces,
  ...item
}: NewOutboxItem & { replaces?: number }): Promise<OutboxItem> {
  const run = running;
  if (!run) throw new Error('No one is signed in');
  const files = await filesToKeep(item.files);
  const fileBytes = files.reduce((sum, f) => sum + (f.blob?.size ?? 0), 0);
  await warnWhenSpaceIsShort(fileBytes + JSON.stringify(item.body).length);
  const db = await openStore(run);
  const kept =
    replaces === undefined
      ? await run.module!.enqueue(db, { ...item, files })
      : await run.module!.replaceItem(db, replaces, { ...item, files });
  if (!kept) throw new Error('This record is no longer waiting on this phone');
  // Asking the phone to keep the store (not cleared when space runs low) matters once it holds records.
  void navigator.storage?.persist?.().catch(() => false);
  void askForSync().catch(() => {});
  if (navigator.onLine) void sendOutbox().catch(() => {});
  return kept;
}

/** Drops a record the person chose to discard. */
export async function discardRecord(seq: number): Promise<void> {
  const run = running;
  if (!run?.db || !run.module) return;
  await run.module.removeItem(run.db, seq);
}

/**
 * An item of `userId`'s outbox, for its form to change it (decision 0038): read even before the sender
 * has opened the store (a form reloaded with the app); undefined when there is none.
 */
export async function keptRecord(userId: string, seq: number): Promise<OutboxItem | undefined> {
  if (!(await storeExists(userId))) return undefined;
  const { outboxFor } = await import('./outbox.ts');
  const db = outboxFor(userId);
  try {
    return await db.items.get(seq);
  } finally {
    db.close();
  }
}

/** Signing out: the person's store leaves the phone (opened or not). */
export async function deleteStoreOf(userId: string): Promise<void> {
  if (running?.userId === userId) stopOutbox();
  if (typeof indexedDB === 'undefined') return;
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(outboxName(userId));
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}

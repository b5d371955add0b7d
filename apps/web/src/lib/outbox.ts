import Dexie, { liveQuery, type DexieOptions, type EntityTable } from 'dexie';
import { outboxName } from './outbox-constants.ts';

/**
 * The outbox (issue 47, part C): records made on the phone without a connection, kept in IndexedDB
 * until they are sent, in the order they were made, each exactly once.
 *
 * - An item keeps what its form would have sent (method, path, JSON body), its files as Blobs, and the
 *   `Idempotency-Key` made at the tap: a resend after a lost answer carries the same key, so the server
 *   answers the first write instead of making a second.
 * - Files go first, each once: a file's upload answer (its id or address) is kept on the item, and the
 *   record is built from those answers only when all are in.
 * - An answer in 4xx stops that item ("needs attention", with the server's message) and the items after
 *   it are still sent; a 5xx or no answer leaves it waiting, retried after a growing wait.
 * - Its person may change an item not sent yet in its own form, or discard it (decision 0038): a changed
 *   item keeps its place in the order and its key.
 * - One store per signed-in user (`outboxFor(userId)`): signing out deletes it, and nobody else on the
 *   phone opens it.
 */

export type OutboxStatus = 'waiting' | 'sending' | 'sent' | 'needs-attention';

/**
 * A file of an item, uploaded first (by the upload of the item's kind); `sentAs` is what its upload
 * answered once it has. A file uploaded before the record was kept has no Blob, only its `sentAs`.
 */
export interface OutboxFile {
  name: string;
  blob?: Blob;
  sentAs?: string;
}

export interface OutboxItem {
  /** Its place in the order of making (IndexedDB's own increasing key). */
  seq?: number;
  /** What the item is, for the lists and the "Waiting to send" page ('home-visit', 'check-in', …). */
  kind: string;
  /** What a person reads of it in those lists (a student's name, a date). */
  label: string;
  /** The tap (ms since 1970). */
  madeAt: number;
  idempotencyKey: string;
  method: 'POST' | 'PATCH' | 'PUT';
  path: string;
  /** The record's JSON body; the uploads' answers are added under `filesField` when it is sent. */
  body: Record<string, unknown>;
  files: OutboxFile[];
  /** The body's field that takes the uploads' answers, in the files' order. */
  filesField?: string;
  status: OutboxStatus;
  attempts: number;
  /** Not sent again before this time (ms). */
  nextAttemptAt: number;
  /** The server's message of a refusal (4xx), shown on the item. */
  problem?: string;
  /** What the server answered the record with (2xx), e.g. its id. */
  result?: unknown;
  /** The form's values as they were typed, so that Edit opens the form as it was (decision 0038). */
  formValues?: object;
}

/**
 * A new item as a form makes it. `idempotencyKey`: the key a request already carried when it got no
 * answer (the server may have written it: sent again with that key, it answers the first write);
 * `madeAt`: the tap, when it was before the item is kept.
 */
export type NewOutboxItem = Pick<
  OutboxItem,
  'kind' | 'label' | 'method' | 'path' | 'body' | 'files' | 'filesField' | 'formValues'
> &
  Partial<Pick<OutboxItem, 'idempotencyKey' | 'madeAt'>>;

export type OutboxDb = Dexie & { items: EntityTable<OutboxItem, 'seq'> };

/** A user's store; `options` takes another IndexedDB (fake-indexeddb in the unit tests). */
export function outboxFor(userId: string, options?: DexieOptions): OutboxDb {
  const db = new Dexie(outboxName(userId), options) as OutboxDb;
  db.version(1).stores({ items: '++seq, status' });
  return db;
}

/** What sending an item takes: the network calls, given from outside so a test can play the server. */
export interface OutboxTransport {
  /** Uploads a file of the item; answers what the record keeps of it. Throws an OutboxAnswer for a 4xx/5xx. */
  upload(item: OutboxItem, file: OutboxFile): Promise<string>;
  /** Sends the record with its key; answers the server's body. Throws an OutboxAnswer for a 4xx/5xx. */
  send(item: OutboxItem, body: Record<string, unknown>): Promise<unknown>;
}

/** The server answered, and not with a 2xx: its status and message. */
export class OutboxAnswer extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A refusal that sending again cannot change: a 4xx, except 401 (the session ended: sent again once
 * its person signs in again), 408 and 429 (they ask to wait).
 */
export const isRefusal = (error: unknown): error is OutboxAnswer =>
  error instanceof OutboxAnswer &&
  error.status >= 400 &&
  error.status < 500 &&
  ![401, 408, 429].includes(error.status);

/** The wait before the n-th retry: 5 s, doubling, at most 10 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 10 * 60_000);
}

/** Keeps a new item, with its key made now, at the tap. */
export async function enqueue(db: OutboxDb, item: NewOutboxItem, now = Date.now()): Promise<OutboxItem> {
  const stored: OutboxItem = {
    ...item,
    madeAt: item.madeAt ?? now,
    idempotencyKey: item.idempotencyKey ?? crypto.randomUUID(),
    status: 'waiting',
    attempts: 0,
    nextAttemptAt: now,
  };
  stored.seq = await db.items.add(stored);
  return stored;
}

/**
 * Items a page was sending when it was closed or the phone restarted: waiting again (their keys make
 * a resend safe). Run when the app starts, before sending.
 */
export async function recoverInterrupted(db: OutboxDb): Promise<void> {
  await db.items.where('status').equals('sending').modify({ status: 'waiting' });
}

/** Every item, in the order they were made. */
export const listItems = (db: OutboxDb) => db.items.orderBy('seq').toArray();

/** Calls `onChange` with every item now and after each change (this tab's and other tabs'); answers the stop. */
export function watchItems(db: OutboxDb, onChange: (items: OutboxItem[]) => void): () => void {
  const subscription = liveQuery(() => listItems(db)).subscribe({ next: onChange, error: () => {} });
  return () => subscription.unsubscribe();
}

/** How many items still wait to be sent (needs-attention ones included: they are not sent either). */
export const unsentCount = (db: OutboxDb) =>
  db.items.where('status').anyOf('waiting', 'sending', 'needs-attention').count();

export interface SendReport {
  sent: number;
  refused: number;
  /** Items left waiting after a 5xx or no answer. */
  deferred: number;
}

/**
 * Sends what is due, in the order it was made: for each item, its files not uploaded yet, then the
 * record. A refused item is set aside and the next one sent; an item that got a 5xx or no answer waits
 * for its retry, and the items after it wait behind it. One sender at a time should call this (the
 * caller holds a lock: the page and the worker may both try).
 */
export async function sendDue(
  db: OutboxDb,
  transport: OutboxTransport,
  now = Date.now(),
): Promise<SendReport> {
  const report: SendReport = { sent: 0, refused: 0, deferred: 0 };
  const waiting = (await listItems(db)).filter((i) => i.status === 'waiting');
  for (const { seq } of waiting) {
    // Taken as it is when its turn comes: it may have been edited or discarded since the list was read.
    const item = await db.transaction('rw', db.items, async () => {
      const current = await db.items.get(seq!);
      if (current?.status !== 'waiting') return undefined;
      if (current.nextAttemptAt <= now) await db.items.update(seq!, { status: 'sending' });
      return current;
    });
    if (!item) continue;
    // Nothing overtakes an item that waits for its retry: a check-out never arrives before its check-in.
    if (item.nextAttemptAt > now) break;
    try {
      const files = [...item.files];
      for (let i = 0; i < files.length; i++) {
        if (files[i].sentAs !== undefined) continue;
        files[i] = { ...files[i], sentAs: await transport.upload(item, files[i]) };
        // Kept at once: a failure later never uploads this file again.
        await db.items.update(item.seq!, { files });
      }
      const body = item.filesField
        ? { ...item.body, [item.filesField]: files.map((f) => f.sentAs) }
        : item.body;
      const result = await transport.send(item, body);
      await db.items.update(item.seq!, { status: 'sent', result, problem: undefined });
      report.sent++;
    } catch (error) {
      if (isRefusal(error)) {
        await db.items.update(item.seq!, { status: 'needs-attention', problem: error.message });
        report.refused++;
      } else {
        const attempts = item.attempts + 1;
        await db.items.update(item.seq!, {
          status: 'waiting',
          attempts,
          nextAttemptAt: now + retryDelayMs(attempts),
        });
        report.deferred++;
        // The rest wait behind it, in order (and with no connection they would fail alike).
        break;
      }
    }
  }
  return report;
}

/** The states in which the person may change an item: not while it is being sent, nor once sent. */
const EDITABLE: readonly OutboxStatus[] = ['waiting', 'needs-attention'];

/**
 * An item the person changed in its form (Edit on "Waiting to send", decision 0038): what it sends
 * and where, its label, files and typed values are the new ones; it keeps its place in the order, its tap and its
 * `Idempotency-Key`, and waits again with its problem cleared. Answers the item as kept, or undefined
 * (changing nothing) when it is no longer there to change: sent, being sent or discarded meanwhile, or
 * of another kind.
 */
export function replaceItem(
  db: OutboxDb,
  seq: number,
  next: NewOutboxItem,
  now = Date.now(),
): Promise<OutboxItem | undefined> {
  return db.transaction('rw', db.items, async () => {
    const item = await db.items.get(seq);
    if (!item || !EDITABLE.includes(item.status) || item.kind !== next.kind) return undefined;
    const changed: OutboxItem = {
      ...item,
      label: next.label,
      method: next.method,
      path: next.path,
      body: next.body,
      files: next.files,
      filesField: next.filesField,
      formValues: next.formValues,
      status: 'waiting',
      problem: undefined,
      attempts: 0,
      nextAttemptAt: now,
    };
    await db.items.put(changed);
    return changed;
  });
}

/** Drops an item the person chose to discard (after confirming), or one that was sent. */
export const removeItem = (db: OutboxDb, seq: number) => db.items.delete(seq);

/** Signing out: the user's whole store leaves the phone. */
export async function deleteOutbox(db: OutboxDb): Promise<void> {
  db.close();
  await db.delete();
}

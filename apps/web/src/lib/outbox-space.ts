import { toastError } from './notify.ts';

/**
 * Room on the phone for the outbox (issue 47, part C): a teacher is told the phone is nearly full
 * while a record can still be kept, and told plainly when one could not be. Loaded with the save path
 * and the outbox, never with a first page.
 */

/** Shown before keeping a record when the phone's storage for the app is nearly full. */
export const LOW_SPACE_TEXT =
  'This phone is almost out of space for records waiting to be sent. Go online to send them before adding more photos.';

/** Shown when the phone refused to keep a record for lack of space; the form keeps what was typed. */
export const NO_ROOM_TEXT =
  'This phone has no room left to keep this record. Remove a photo or file, or save it when you are online.';

/** Above this share of the quota, the storage counts as nearly full. */
export const NEARLY_FULL_SHARE = 0.9;

/**
 * Room wanted beyond a record's own bytes: the store writes more than the files themselves, and the
 * browser's estimate of what is used is only approximate.
 */
export const SPACE_MARGIN_BYTES = 2 * 1024 * 1024;

/** Whether keeping `needBytes` more leaves the storage too full (an unknown quota never does). */
export function spaceIsShort({ usage, quota }: StorageEstimate, needBytes: number): boolean {
  if (!quota || usage === undefined) return false;
  return usage > quota * NEARLY_FULL_SHARE || quota - usage < needBytes + SPACE_MARGIN_BYTES;
}

/**
 * Whether an error is the browser refusing a write for lack of space. Dexie wraps IndexedDB's
 * QuotaExceededError, or gives an AbortError whose inner error it is.
 */
export function isQuotaExceeded(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { name, inner, cause } = e as { name?: unknown; inner?: unknown; cause?: unknown };
    if (name === 'QuotaExceededError') return true;
    e = inner ?? cause;
  }
  return false;
}

/** Tells the person when keeping `needBytes` would leave the phone (nearly) full; the record is still kept. */
export async function warnWhenSpaceIsShort(needBytes: number): Promise<void> {
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
  if (estimate && spaceIsShort(estimate, needBytes))
    toastError(LOW_SPACE_TEXT, { title: 'Phone nearly full' });
}

/**
 * What a signed-in person's unfinished work keeps in the browser tab's sessionStorage: the drafts of new
 * records' forms (form-drafts.ts) and the idempotency keys of writes not yet answered (api.ts). The tab's
 * own storage survives a reload and a tab the phone's browser discarded and restored; it is gone when the
 * tab closes, and all of it is removed on sign-out (decision 0025).
 */

/** Every item of a person's work starts with this. */
export const WORK_ITEM_PREFIX = 'work:';

/** The tab's sessionStorage, or undefined where the browser refuses it (then nothing is kept). */
export function tabStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Removes every item of a person's work from the tab (sign-out: the next person must not find them). */
export function clearTabWork(): void {
  const store = tabStorage();
  if (!store) return;
  try {
    const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter(
      (k): k is string => k !== null && k.startsWith(WORK_ITEM_PREFIX),
    );
    keys.forEach((k) => store.removeItem(k));
  } catch {
    // storage refused: nothing was kept
  }
}

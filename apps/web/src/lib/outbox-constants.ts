/** The IndexedDB name of a user's offline store: one per user, deleted when they sign out. */
export const outboxName = (userId: string) => `csp-offline-${userId}`;

/** The IndexedDB name of a teacher's offline copy of their records (lib/offline-copy.ts), deleted with it. */
export const offlineCopyName = (userId: string) => `csp-copy-${userId}`;

/** The Background Sync tag the worker answers by asking the open pages to send (apps/web/src/sw.ts). */
export const OUTBOX_SYNC_TAG = 'csp-outbox';

/** The message the worker posts to the pages for it. */
export const SEND_OUTBOX_MESSAGE = 'SEND_OUTBOX';

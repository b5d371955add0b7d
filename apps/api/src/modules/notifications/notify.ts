import type { KnownNotificationType } from '@csp/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { insertNotifications } from './notifications.repo.ts';

/** A known type (icon and filter in the inbox) or any other server-defined type (shown as General). */
export type NotificationType = KnownNotificationType | (string & {});

/**
 * The internal call other modules use to tell a user something. Pass the transaction handle when the
 * notification belongs to a change being written, so both land together or neither does.
 */
export async function notify(
  db: DbOrTx,
  userId: string,
  type: NotificationType,
  title: string,
  message: string,
) {
  await insertNotifications(db, [{ userId, type, title, message }]);
}

/** The same notification for each user (one row each); nothing for an empty list. */
export async function notifyMany(
  db: DbOrTx,
  userIds: string[],
  type: NotificationType,
  title: string,
  message: string,
) {
  await insertNotifications(
    db,
    [...new Set(userIds)].map((userId) => ({ userId, type, title, message })),
  );
}

/** A different notification for each entry (one multi-row insert); nothing for an empty list. */
export async function notifyEach(
  db: DbOrTx,
  items: { userId: string; type: NotificationType; title: string; message: string }[],
) {
  await insertNotifications(db, items);
}

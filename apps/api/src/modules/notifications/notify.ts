import type { DbOrTx } from '../../db/client.ts';
import { insertNotifications } from './notifications.repo.ts';

/**
 * The internal call other modules use to tell a user something. Pass the transaction handle when the
 * notification belongs to a change being written, so both land together or neither does.
 */
export async function notify(db: DbOrTx, userId: string, type: string, title: string, message: string) {
  await insertNotifications(db, [{ userId, type, title, message }]);
}

export async function notifyMany(
  db: DbOrTx,
  userIds: string[],
  type: string,
  title: string,
  message: string,
) {
  await insertNotifications(
    db,
    userIds.map((userId) => ({ userId, type, title, message })),
  );
}

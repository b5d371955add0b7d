import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';

export interface NewNotification {
  userId: string;
  type: string;
  title: string;
  message: string;
}

export type NotificationRecord = typeof notifications.$inferSelect;

export async function insertNotifications(db: DbOrTx, rows: NewNotification[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(notifications).values(rows);
}

/** The user's notifications, newest first (id breaks ties so pages are stable). */
export async function listNotificationsOfUser(
  db: DbOrTx,
  userId: string,
  page?: { offset: number; limit: number },
): Promise<NotificationRecord[]> {
  const query = db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function countNotificationsOfUser(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId));
  return row.n;
}

/** Marks one of the user's notifications read; undefined when it is not theirs or does not exist. */
export async function markNotificationRead(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<NotificationRecord | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row;
}

/** Marks all the user's unread notifications read; answers how many changed. */
export async function markAllNotificationsRead(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Deletes one of the user's notifications; false when it is not theirs or does not exist. */
export async function deleteNotificationOfUser(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

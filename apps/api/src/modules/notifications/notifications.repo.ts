import { NOTIFICATION_TYPES, type KnownNotificationType } from '@csp/contracts';
import { and, count, eq, ilike, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { defineList } from '../../db/lists/index.ts';
import type { Page } from '../../lib/paging.ts';
import { notifications } from '../../db/schema.ts';
import { containsPattern } from '../../db/sql-helpers.ts';

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

export interface NotificationFilter {
  type?: KnownNotificationType;
  isRead?: boolean;
  /** Created on or after this day / on or before this day, as days of `timezone`. */
  from?: string;
  to?: string;
  timezone: string;
  search?: string;
}

/** The user's notifications matching the filter: every condition is served by the user's index. */
function whereOf(userId: string, f: NotificationFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(notifications.userId, userId)];
  if (f.type === 'GENERAL') {
    // The list shows every type it does not know as General.
    conditions.push(
      or(eq(notifications.type, 'GENERAL'), notInArray(notifications.type, [...NOTIFICATION_TYPES])),
    );
  } else if (f.type) {
    conditions.push(eq(notifications.type, f.type));
  }
  if (f.isRead !== undefined) conditions.push(eq(notifications.isRead, f.isRead));
  if (f.from) {
    conditions.push(
      sql`${notifications.createdAt} >= (${f.from}::date)::timestamp at time zone ${f.timezone}`,
    );
  }
  if (f.to) {
    conditions.push(
      sql`${notifications.createdAt} < (${f.to}::date + 1)::timestamp at time zone ${f.timezone}`,
    );
  }
  if (f.search) {
    const p = containsPattern(f.search);
    conditions.push(or(ilike(notifications.title, p), ilike(notifications.message, p)));
  }
  return and(...conditions);
}

/** The inbox: newest first (id breaks ties so pages are stable), counted exactly (one user's rows). */
const list = defineList({
  keyset: [
    [notifications.createdAt, 'timestamptz'],
    [notifications.id, 'uuid'],
  ],
  count: {
    exact: async (db, userId: string, filter: NotificationFilter) => {
      const [row] = await db.select({ n: count() }).from(notifications).where(whereOf(userId, filter));
      return row.n;
    },
  },
});
const { keyset } = list;

/**
 * The user's notifications, newest first; only the page's rows, each with its cursor (a keyset page
 * starts after the page's `after`).
 */
export async function listNotificationsOfUser(
  db: DbOrTx,
  userId: string,
  filter: NotificationFilter,
  page?: Page,
): Promise<{ notification: NotificationRecord; cursor: string }[]> {
  const query = db
    .select({ notification: notifications, cursor: keyset.cursor })
    .from(notifications)
    .where(and(whereOf(userId, filter), page?.after ? keyset.after(page.after) : undefined))
    .orderBy(...keyset.orderBy);
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export const countNotificationsOfUser = (
  db: DbOrTx,
  userId: string,
  filter: NotificationFilter,
): Promise<number> => list.count(db, userId, filter);

/** How many notifications the user has, and how many of them are unread, in one statement. */
export async function countsOfUser(db: DbOrTx, userId: string): Promise<{ total: number; unread: number }> {
  const [row] = await db
    .select({
      total: count(),
      unread: sql<number>`count(*) filter (where not ${notifications.isRead})::int`,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return { total: row.total, unread: Number(row.unread) };
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

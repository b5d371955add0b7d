import { NOTIFICATION_MESSAGES, type Notification } from '@csp/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { Actor } from '../../plugins/auth.ts';
import {
  countNotificationsOfUser,
  deleteNotificationOfUser,
  listNotificationsOfUser,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationRecord,
} from './notifications.repo.ts';

/**
 * Every signed-in user reads and changes only their own notifications: each query is scoped to
 * actor.id, so another user's notification is "not found" and is never touched.
 */
type Deps = { db: Db };

const DEFAULT_PAGE_SIZE = 10;

export function toNotificationDto(row: NotificationRecord): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listNotifications(
  deps: Deps,
  actor: Actor,
  query: { page?: number; limit?: number },
): Promise<{ items: Notification[]; total?: number }> {
  const userId = actor.id;
  if (query.page === undefined && query.limit === undefined) {
    const rows = await listNotificationsOfUser(deps.db, userId);
    return { items: rows.map(toNotificationDto) };
  }
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const offset = ((query.page ?? 1) - 1) * limit;
  const [rows, total] = await Promise.all([
    listNotificationsOfUser(deps.db, userId, { offset, limit }),
    countNotificationsOfUser(deps.db, userId),
  ]);
  return { items: rows.map(toNotificationDto), total };
}

export async function markRead(deps: Deps, actor: Actor, id: string): Promise<Notification> {
  const row = await markNotificationRead(deps.db, actor.id, id);
  if (!row) throw notFound(NOTIFICATION_MESSAGES.notFound);
  return toNotificationDto(row);
}

export async function markAllRead(deps: Deps, actor: Actor): Promise<number> {
  return markAllNotificationsRead(deps.db, actor.id);
}

export async function deleteNotification(deps: Deps, actor: Actor, id: string): Promise<void> {
  const deleted = await deleteNotificationOfUser(deps.db, actor.id, id);
  if (!deleted) throw notFound(NOTIFICATION_MESSAGES.notFound);
}

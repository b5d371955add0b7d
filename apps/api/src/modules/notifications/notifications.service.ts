import {
  NOTIFICATION_MESSAGES,
  type Notification,
  type NotificationCounts,
  type notificationListQuerySchema,
} from '@csp/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { fetchPage, pageOf, type Paged } from '../../lib/paging.ts';
import type { Actor } from '../../lib/actor.ts';
import {
  countNotificationsOfUser,
  countsOfUser,
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
type Deps = Pick<FastifyInstance, 'db' | 'config'>;
type ListQuery = z.output<typeof notificationListQuerySchema>;

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

/** The caller's notifications, filtered in SQL; one page and the total when a page is asked for. */
export async function listNotifications(
  deps: Deps,
  actor: Actor,
  query: ListQuery,
): Promise<Paged<Notification>> {
  const filter = {
    type: query.type,
    isRead: query.read,
    from: query.from,
    to: query.to,
    search: query.search || undefined,
    timezone: deps.config.orgTimezone,
  };
  const page = await fetchPage({
    page: pageOf(query, DEFAULT_PAGE_SIZE),
    rows: (p) => listNotificationsOfUser(deps.db, actor.id, filter, p),
    count: () => countNotificationsOfUser(deps.db, actor.id, filter),
    cursorOf: (r) => r.cursor,
  });
  return { ...page, items: page.items.map((r) => toNotificationDto(r.notification)) };
}

/** The caller's counters (bell badge, inbox header), without shipping the inbox. */
export async function notificationCounts(deps: Deps, actor: Actor): Promise<NotificationCounts> {
  const { total, unread } = await countsOfUser(deps.db, actor.id);
  return { total, unread, read: total - unread };
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

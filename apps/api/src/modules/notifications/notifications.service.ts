import {
  NOTIFICATION_MESSAGES,
  type Notification,
  type NotificationCounts,
  type notificationListQuerySchema,
} from '@csp/contracts';
import type { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { fetchPage, pageOf, type Paged } from '../../lib/paging.ts';
import type { Actor } from '../../lib/actor.ts';
import { bindDeps, type AppDeps } from '../../lib/service-deps.ts';
import * as repo from './notifications.repo.ts';

/**
 * Every signed-in user reads and changes only their own notifications: each query is scoped to
 * actor.id, so another user's notification is "not found" and is never touched.
 */
export type NotificationsRepo = typeof repo;
export type NotificationsDeps = Pick<AppDeps, 'db' | 'config'> & { repo: NotificationsRepo };
type ListQuery = z.output<typeof notificationListQuerySchema>;

const DEFAULT_PAGE_SIZE = 10;

export function toNotificationDto(row: repo.NotificationRecord): Notification {
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
async function listNotifications(
  deps: NotificationsDeps,
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
    rows: (p) => deps.repo.listNotificationsOfUser(deps.db, actor.id, filter, p),
    count: () => deps.repo.countNotificationsOfUser(deps.db, actor.id, filter),
    cursorOf: (r) => r.cursor,
  });
  return { ...page, items: page.items.map((r) => toNotificationDto(r.notification)) };
}

/** The caller's counters (bell badge, inbox header), without shipping the inbox. */
async function notificationCounts(deps: NotificationsDeps, actor: Actor): Promise<NotificationCounts> {
  const { total, unread } = await deps.repo.countsOfUser(deps.db, actor.id);
  return { total, unread, read: total - unread };
}

async function markRead(deps: NotificationsDeps, actor: Actor, id: string): Promise<Notification> {
  const row = await deps.repo.markNotificationRead(deps.db, actor.id, id);
  if (!row) throw notFound(NOTIFICATION_MESSAGES.notFound);
  return toNotificationDto(row);
}

async function markAllRead(deps: NotificationsDeps, actor: Actor): Promise<number> {
  return deps.repo.markAllNotificationsRead(deps.db, actor.id);
}

async function deleteNotification(deps: NotificationsDeps, actor: Actor, id: string): Promise<void> {
  const deleted = await deps.repo.deleteNotificationOfUser(deps.db, actor.id, id);
  if (!deleted) throw notFound(NOTIFICATION_MESSAGES.notFound);
}

/** The notifications service (decision 0034): the app's real repository unless a test passes a fake. */
export function createNotificationsService(
  deps: Pick<AppDeps, 'db' | 'config'> & { repo?: NotificationsRepo },
) {
  const full: NotificationsDeps = { repo, ...deps };
  return bindDeps(full, { listNotifications, notificationCounts, markRead, markAllRead, deleteNotification });
}

import {
  LIMITS,
  type MarkAllReadResponse,
  type MessageResponse,
  type Notification,
  type NotificationCounts,
} from '@csp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { definePagedList } from '../../../lib/paged-list.ts';
import type { InboxQuery } from '../inbox.ts';

/** Query keys of the notifications feature. */
export const notificationKeys = {
  all: ['notifications'] as const,
  counts: () => [...notificationKeys.all, 'counts'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (query: InboxQuery) => [...notificationKeys.lists(), query] as const,
};

/** GET /api/notifications with the inbox's filters, page and limit: one page and X-Total-Count. */
export const notificationList = definePagedList<InboxQuery, Notification>({
  key: notificationKeys.list,
  path: '/notifications',
});

/** The notification calls of spec part 2 §7 (paths under /api). */
export const notificationsApi = {
  /** GET /api/notifications/counts: total, unread and read, without the notifications. */
  counts: () => api.get<NotificationCounts>('/notifications/counts').then((r) => r.data),
  markRead: (id: string) => api.patch<Notification>(`/notifications/${id}/read`).then((r) => r.data),
  markAllRead: () => api.post<MarkAllReadResponse>('/notifications/mark-all-read').then((r) => r.data),
  remove: (id: string) => api.delete<MessageResponse>(`/notifications/${id}`).then((r) => r.data),
};

/** Polled every 30 s and stale after 10 s (spec part 2 §7, §9). */
const polling = {
  refetchInterval: LIMITS.notificationsPollMs,
  staleTime: LIMITS.notificationsStaleMs,
} as const;

/**
 * The signed-in user's counters: the top-bar bell's unread badge and the inbox header. One cheap call,
 * shared by both, polled while either is on screen.
 */
export function useNotificationCountsQuery(options: { silent?: boolean } = {}) {
  return useQuery({
    queryKey: notificationKeys.counts(),
    queryFn: notificationsApi.counts,
    ...polling,
    meta: { silent: options.silent },
  });
}

/**
 * One page of the inbox for the current tab, filters and page size, polled like the counters so new
 * notifications appear; the previous page stays on screen while the next one loads.
 */
export const useNotificationsPageQuery = (query: InboxQuery) => notificationList.usePage(query, polling);

/** Badge text: the count, capped at '99+'. */
export function unreadBadgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** Outcome of a bulk action: one call per id (spec part 2 §7), counted rather than all-or-nothing. */
export interface BulkResult {
  succeeded: string[];
  failed: string[];
}

/** Runs `call` once per id in parallel and reports which ids succeeded and which failed. */
export async function eachId(
  ids: readonly string[],
  call: (id: string) => Promise<unknown>,
): Promise<BulkResult> {
  const results = await Promise.allSettled(ids.map((id) => call(id)));
  const out: BulkResult = { succeeded: [], failed: [] };
  results.forEach((r, i) => (r.status === 'fulfilled' ? out.succeeded : out.failed).push(ids[i]));
  return out;
}

/**
 * The inbox mutations. Every one invalidates the inbox pages and the counters (so the bell updates)
 * whether it succeeded or not; single calls show the spec's default error texts through the mutation
 * cache.
 */
export function useNotificationMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });

  const markRead = useMutation({
    mutationFn: notificationsApi.markRead,
    meta: { errorMessage: 'Failed to mark as read' },
    onSettled,
  });
  const markAllRead = useMutation({
    mutationFn: notificationsApi.markAllRead,
    meta: { errorMessage: 'Failed to mark all as read' },
    onSettled,
  });
  const remove = useMutation({
    mutationFn: notificationsApi.remove,
    meta: { errorMessage: 'Failed to delete notification' },
    onSettled,
  });
  const bulkMarkRead = useMutation({
    mutationFn: (ids: string[]) => eachId(ids, notificationsApi.markRead),
    onSettled,
  });
  const bulkRemove = useMutation({
    mutationFn: (ids: string[]) => eachId(ids, notificationsApi.remove),
    onSettled,
  });
  return { markRead, markAllRead, remove, bulkMarkRead, bulkRemove };
}

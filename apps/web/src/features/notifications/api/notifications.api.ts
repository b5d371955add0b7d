import { LIMITS, type MarkAllReadResponse, type MessageResponse, type Notification } from '@csp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Query keys of the notifications feature. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
};

/** The notification calls of spec part 2 §7 (paths under /api). */
export const notificationsApi = {
  list: () => api.get<Notification[]>('/notifications').then((r) => r.data),
  markRead: (id: string) => api.patch<Notification>(`/notifications/${id}/read`).then((r) => r.data),
  markAllRead: () => api.post<MarkAllReadResponse>('/notifications/mark-all-read').then((r) => r.data),
  remove: (id: string) => api.delete<MessageResponse>(`/notifications/${id}`).then((r) => r.data),
};

/**
 * The signed-in user's notifications, polled every 30 s and stale after 10 s (spec part 1 §7). Shared
 * by the top-bar bell and the inbox.
 */
export function useNotificationsQuery(options: { silent?: boolean } = {}) {
  return useQuery({
    queryKey: notificationKeys.list(),
    queryFn: notificationsApi.list,
    refetchInterval: LIMITS.notificationsPollMs,
    staleTime: LIMITS.notificationsStaleMs,
    meta: { silent: options.silent },
  });
}

export function countUnread(list: readonly Pick<Notification, 'isRead'>[] | undefined): number {
  return list ? list.filter((n) => !n.isRead).length : 0;
}

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
 * The inbox mutations. Every one invalidates the notifications list (so the bell updates) whether it
 * succeeded or not; single calls show the spec's default error texts through the mutation cache.
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

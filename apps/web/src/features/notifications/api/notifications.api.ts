import { LIMITS, type Notification } from '@csp/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Query keys of the notifications feature. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
};

export const notificationsApi = {
  list: () => api.get<Notification[]>('/notifications').then((r) => r.data),
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

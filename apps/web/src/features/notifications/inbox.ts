import {
  knownNotificationType,
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  type KnownNotificationType,
  type Notification,
} from '@csp/contracts';
import dayjs, { type Dayjs } from 'dayjs';

/** The inbox's status tabs (spec part 2 §2.5). */
export type StatusTab = 'all' | 'unread' | 'read';
export const STATUS_TABS: { value: StatusTab; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
  { value: 'read', label: 'Read' },
];

export type TypeFilter = 'ALL' | KnownNotificationType;
export const TYPE_FILTER_OPTIONS: { value: TypeFilter; label: string }[] = [
  { value: 'ALL', label: 'All Types' },
  ...NOTIFICATION_TYPES.map((t) => ({ value: t, label: NOTIFICATION_TYPE_LABELS[t] })),
];

export type DateFilter = 'all' | 'today' | 'week' | 'month';
export const DATE_FILTER_OPTIONS: { value: DateFilter; label: string }[] = [
  { value: 'all', label: 'All Time' },
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'This Week' },
  { value: 'month', label: 'This Month' },
];

/** Page sizes of spec part 2 §9; the default follows the notification list elsewhere (10). */
export const PAGE_SIZES = [5, 10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** The pager shows at most this many page buttons. */
export const PAGER_WINDOW = 5;

export interface InboxFilters {
  search: string;
  status: StatusTab;
  type: TypeFilter;
  date: DateFilter;
}

export const NO_FILTERS: InboxFilters = { search: '', status: 'all', type: 'ALL', date: 'all' };

/** True when the search, type or date filter narrows the list (the status tab does not count). */
export function hasActiveFilters(f: InboxFilters): boolean {
  return f.search.trim() !== '' || f.type !== 'ALL' || f.date !== 'all';
}

const DATE_START: Record<Exclude<DateFilter, 'all'>, 'day' | 'week' | 'month'> = {
  today: 'day',
  week: 'week',
  month: 'month',
};

/**
 * The notifications that pass the filters, in the server's order (newest first). Search matches the
 * title or message, ignoring case; unknown types count as General; dates are the browser's calendar
 * (the week starts on Sunday).
 */
export function filterNotifications(
  list: readonly Notification[],
  f: InboxFilters,
  now: Dayjs = dayjs(),
): Notification[] {
  const term = f.search.trim().toLowerCase();
  const since = f.date === 'all' ? null : now.startOf(DATE_START[f.date]);
  return list.filter((n) => {
    if (f.status === 'unread' && n.isRead) return false;
    if (f.status === 'read' && !n.isRead) return false;
    if (f.type !== 'ALL' && knownNotificationType(n.type) !== f.type) return false;
    if (since && dayjs(n.createdAt).isBefore(since)) return false;
    if (term && !`${n.title}\n${n.message}`.toLowerCase().includes(term)) return false;
    return true;
  });
}

export function inboxCounts(list: readonly Pick<Notification, 'isRead'>[]) {
  const unread = list.filter((n) => !n.isRead).length;
  return { total: list.length, unread, read: list.length - unread };
}

export interface InboxPage<T> {
  items: T[];
  /** The page actually shown (clamped to 1..totalPages). */
  page: number;
  totalPages: number;
  total: number;
  /** 1-based positions of the first and last shown item; 0 and 0 when empty. */
  from: number;
  to: number;
}

export function paginate<T>(list: readonly T[], page: number, pageSize: number): InboxPage<T> {
  const total = list.length;
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), totalPages);
  const start = (current - 1) * pageSize;
  const items = list.slice(start, start + pageSize);
  return {
    items,
    page: current,
    totalPages,
    total,
    from: items.length ? start + 1 : 0,
    to: start + items.length,
  };
}

/** The page numbers the pager shows: at most `size`, around the current page. */
export function pageWindow(page: number, totalPages: number, size: number = PAGER_WINDOW): number[] {
  const count = Math.min(size, totalPages);
  const start = Math.min(Math.max(1, page - Math.floor(size / 2)), totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** What an empty list says, by tab (spec part 2 §2.5: empty states differ by tab). */
export function emptyState(status: StatusTab, filtered: boolean): { title: string; hint: string } {
  const title = {
    all: 'No notifications',
    unread: 'No unread notifications',
    read: 'No read notifications',
  }[status];
  if (filtered) return { title, hint: 'No notifications match your search or filters.' };
  const hint = {
    all: 'You have no notifications yet. New ones appear here.',
    unread: "You're all caught up!",
    read: 'Notifications you have read appear here.',
  }[status];
  return { title, hint };
}

import {
  addDays,
  addMonths,
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  todayIn,
  type KnownNotificationType,
} from '@csp/contracts';

/**
 * The inbox's rules as pure functions (spec part 2 §2.5): its tabs and filters, how they are kept in
 * the address, and the GET /api/notifications query they make. Filters and pages run on the server.
 */

/** The inbox's status tabs. */
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

// --- the address ------------------------------------------------------------------------------------

/**
 * The inbox keeps its view in the address (status, type, date, size, search, page), like every other
 * server-paged list, so Back and a reload return to the same view. Defaults are left out; unknown values
 * read as the default.
 */
export function filtersFromParams(params: URLSearchParams): InboxFilters {
  const status = params.get('status');
  const type = params.get('type');
  const date = params.get('date');
  return {
    search: params.get('search') ?? '',
    status: STATUS_TABS.some((t) => t.value === status) ? (status as StatusTab) : 'all',
    type: (NOTIFICATION_TYPES as readonly string[]).includes(type ?? '') ? (type as TypeFilter) : 'ALL',
    date: DATE_FILTER_OPTIONS.some((d) => d.value === date) ? (date as DateFilter) : 'all',
  };
}

export function pageSizeFromParams(params: URLSearchParams): number {
  const size = Number(params.get('size'));
  return (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
}

/** The address parameters of a filter change (defaults removed); the page always goes back to 1. */
export function filterParams(
  patch: Partial<Omit<InboxFilters, 'search'>>,
): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = { page: undefined };
  if (patch.status !== undefined) out.status = patch.status === 'all' ? undefined : patch.status;
  if (patch.type !== undefined) out.type = patch.type === 'ALL' ? undefined : patch.type;
  if (patch.date !== undefined) out.date = patch.date === 'all' ? undefined : patch.date;
  return out;
}

// --- the server query -------------------------------------------------------------------------------

/** A date range as the list's `from` and `to` days (both included). */
export interface DayRange {
  from?: string;
  to?: string;
}

/**
 * The days a date filter covers, counted from `today` (the organisation's day, YYYY-MM-DD): today;
 * this week, Sunday to Saturday; this month, the 1st to its last day. 'All Time' has no range.
 */
export function dateRange(filter: DateFilter, today: string): DayRange {
  switch (filter) {
    case 'today':
      return { from: today, to: today };
    case 'week': {
      const sunday = addDays(today, -new Date(`${today}T00:00:00Z`).getUTCDay());
      return { from: sunday, to: addDays(sunday, 6) };
    }
    case 'month': {
      const first = `${today.slice(0, 7)}-01`;
      return { from: first, to: addDays(addMonths(first, 1), -1) };
    }
    default:
      return {};
  }
}

/** dateRange counted from today in `timeZone` at `now` (the organisation's calendar, not the browser's). */
export function dateRangeIn(filter: DateFilter, timeZone: string, now: Date = new Date()): DayRange {
  return dateRange(filter, todayIn(timeZone, now));
}

/** The query parameters of GET /api/notifications for one page of the inbox. */
export interface InboxQuery extends DayRange {
  page: number;
  limit: number;
  type?: KnownNotificationType;
  /** 'false': unread only; 'true': read only. */
  read?: 'true' | 'false';
  search?: string;
}

/** The query for the current tab, filters, page and page size; `today` is the organisation's day. */
export function inboxQuery(f: InboxFilters, page: number, pageSize: number, today: string): InboxQuery {
  const query: InboxQuery = { page, limit: pageSize };
  if (f.status !== 'all') query.read = f.status === 'read' ? 'true' : 'false';
  if (f.type !== 'ALL') query.type = f.type;
  const { from, to } = dateRange(f.date, today);
  if (from) query.from = from;
  if (to) query.to = to;
  const search = f.search.trim();
  if (search) query.search = search;
  return query;
}

// --- what the page says -----------------------------------------------------------------------------

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

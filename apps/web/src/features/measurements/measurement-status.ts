import {
  CATEGORY_LABELS,
  MEASUREMENT_STATUS_FILTERS,
  MEASUREMENT_STATUS_ORDERS,
  STUDENT_CATEGORIES,
  type MeasurementStatusEntry,
  type MeasurementStatusFilter,
  type MeasurementStatusOrder,
  type MeasurementStatusSummary,
  type StudentCategory,
} from '@csp/contracts';
import { formatDate } from '../../lib/dates.ts';

/**
 * The status dashboard's pieces (spec part 1 §2 "/measurements/status", §4 "Measurement status"): a
 * student's standing, its badge, the counters and the query of one page.
 */

/** A student's standing: the server's status, or never measured (no last measurement). */
export type StatusKey = MeasurementStatusFilter;

export const STATUS_LABELS: Record<StatusKey, string> = {
  overdue: 'Overdue',
  due_soon: 'Due Soon',
  up_to_date: 'Up to Date',
  never_measured: 'Never Measured',
};

export const STATUS_COLORS: Record<StatusKey, string> = {
  overdue: 'red',
  due_soon: 'yellow',
  up_to_date: 'green',
  never_measured: 'blue',
};

/** Status rows per page (spec part 1 §9). */
export const STATUS_PAGE_SIZE = 10;

/** A student never measured comes as 'overdue' with no last measurement. */
export function statusKeyOf(entry: Pick<MeasurementStatusEntry, 'status' | 'lastMeasurement'>): StatusKey {
  return entry.lastMeasurement ? entry.status : 'never_measured';
}

export function isStatusKey(value: string | null): value is StatusKey {
  return (MEASUREMENT_STATUS_FILTERS as readonly string[]).includes(value ?? '');
}

/** The list's order: 'name' (the API's default) or 'due', soonest due first (the dashboard's lists). */
export function isStatusOrder(value: string | null): value is MeasurementStatusOrder {
  return (MEASUREMENT_STATUS_ORDERS as readonly string[]).includes(value ?? '');
}

export function isCategory(value: string | null): value is StudentCategory {
  return (STUDENT_CATEGORIES as readonly string[]).includes(value ?? '');
}

/** Under a status badge: 'by 3 days' (overdue), 'Due 22 Nov 2026', or 'Needs first measurement'. */
export function statusDetail(entry: MeasurementStatusEntry): string {
  const key = statusKeyOf(entry);
  if (key === 'never_measured') return 'Needs first measurement';
  if (key === 'overdue') return `by ${entry.overdueBy} ${entry.overdueBy === 1 ? 'day' : 'days'}`;
  return entry.nextDueDate ? `Due ${formatDate(entry.nextDueDate)}` : '';
}

/** The filters of the status page (all optional). */
export interface StatusFilters {
  search?: string;
  status?: StatusKey;
  category?: StudentCategory;
  /** Administrators: one teacher's students. */
  teacherId?: string;
  /** Not a filter: the list's order (the API's default, by name, when absent); the counters have none. */
  order?: MeasurementStatusOrder;
}

/** GET /api/measurements/status/summary query: the filters other than the status. */
export function summaryParams({ search, category, teacherId }: StatusFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (search?.trim()) params.search = search.trim();
  if (category) params.category = category;
  if (teacherId) params.teacherId = teacherId;
  return params;
}

/** GET /api/measurements/status/all query for one page of 10, in the chosen order. */
export function statusPageParams(filters: StatusFilters, page: number): Record<string, string | number> {
  return {
    ...summaryParams(filters),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.order ? { order: filters.order } : {}),
    page,
    limit: STATUS_PAGE_SIZE,
  };
}

/** The five counters, in the spec's order. */
export const COUNTERS: { key: keyof MeasurementStatusSummary; label: string; color: string }[] = [
  { key: 'total', label: 'Total Students', color: 'gray' },
  { key: 'upToDate', label: 'Up to Date', color: STATUS_COLORS.up_to_date },
  { key: 'dueSoon', label: 'Due Soon', color: STATUS_COLORS.due_soon },
  { key: 'overdue', label: 'Overdue', color: STATUS_COLORS.overdue },
  { key: 'neverMeasured', label: 'Never Measured', color: STATUS_COLORS.never_measured },
];

export const CATEGORY_FILTER_OPTIONS = [
  { value: '', label: 'All categories' },
  ...STUDENT_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] })),
];

export const STATUS_FILTER_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...MEASUREMENT_STATUS_FILTERS.map((k) => ({ value: k, label: STATUS_LABELS[k] })),
];

/**
 * The list's orders, shown so that a list opened in the dashboard's order (`?order=due`) says so and can
 * go back to names: name order is the default, kept out of the address.
 */
export const ORDER_OPTIONS: { value: '' | Exclude<MeasurementStatusOrder, 'name'>; label: string }[] = [
  { value: '', label: 'Name' },
  { value: 'due', label: 'Soonest due' },
];

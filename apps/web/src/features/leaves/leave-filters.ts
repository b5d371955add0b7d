import {
  LEAVE_APPLIED_FILTERS,
  LEAVE_APPLIED_LABELS,
  LEAVE_REPORT_VIEWS,
  LEAVE_STATUSES,
  analyticsYears,
  type LeaveAppliedFilter,
  type LeaveReportView,
  type LeaveStatus,
} from '@csp/contracts';
import { reviewStatusLabel } from './leave-display.ts';

/**
 * The filters of /leaves (spec part 2 §2.4: a search by teacher name or reason, status and the applied
 * date) and of /leaves/dashboard (year, and on the teacher tab month, teacher and a name search). They
 * live in the address; these functions read them from it and turn them into the calls' queries.
 */
export interface LeaveFilters {
  search?: string;
  status?: LeaveStatus;
  /** 'all' is the same as none and is never sent. */
  applied?: Exclude<LeaveAppliedFilter, 'all'>;
}

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

/** The list's filters in an address (invalid values are ignored). */
export function leaveFiltersFromParams(params: URLSearchParams): LeaveFilters {
  const status = params.get('status');
  const applied = params.get('applied');
  const search = params.get('search')?.trim();
  return {
    search: search || undefined,
    status: isOneOf(LEAVE_STATUSES, status) ? status : undefined,
    applied: isOneOf(LEAVE_APPLIED_FILTERS, applied) && applied !== 'all' ? applied : undefined,
  };
}

/**
 * The query of GET /leaves/summary (the stat tiles): the list's filters but the status, so the tiles
 * split the same applications by status. Teachers send their own id.
 */
export function leaveSummaryQuery(filters: LeaveFilters, teacherId?: string): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.search?.trim()) query.search = filters.search.trim();
  if (filters.applied) query.applied = filters.applied;
  if (teacherId) query.teacherId = teacherId;
  return query;
}

/** The query of GET /leaves/all and GET /leaves/teacher/{id}: the set filters, the page and its size. */
export function leaveListQuery(
  filters: LeaveFilters,
  page: number,
  limit: number,
): Record<string, string | number> {
  const query: Record<string, string | number> = { ...leaveSummaryQuery(filters) };
  if (filters.status) query.status = filters.status;
  query.page = page;
  query.limit = limit;
  return query;
}

/** How many panel filters (status, applied date) are set; the search box is not one of them. */
export function activeFilterCount(filters: LeaveFilters): number {
  return (filters.status ? 1 : 0) + (filters.applied ? 1 : 0);
}

/** Whether anything narrows the list, the search included. */
export function hasLeaveFilters(filters: LeaveFilters): boolean {
  return activeFilterCount(filters) > 0 || Boolean(filters.search?.trim());
}

/** The address keys of the panel's filters: 'Clear all filters' empties them (and the search). */
export const LEAVE_FILTER_KEYS = ['status', 'applied'] as const;
export type LeaveFilterKey = (typeof LEAVE_FILTER_KEYS)[number];

export const LEAVE_STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...LEAVE_STATUSES.map((s) => ({ value: s, label: reviewStatusLabel(s) })),
];

export const LEAVE_APPLIED_OPTIONS = LEAVE_APPLIED_FILTERS.map((a) => ({
  value: a === 'all' ? '' : a,
  label: LEAVE_APPLIED_LABELS[a],
}));

// --- the analytics dashboard --------------------------------------------------------------------------

export interface AnalyticsFilters {
  view: LeaveReportView;
  /** One of `analyticsYears(thisYear)`. */
  year: number;
  /** Teacher tab only. */
  month?: number;
  teacherId?: string;
  search?: string;
}

const wholeIn = (text: string | null, min: number, max: number): number | undefined => {
  if (!text || !/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return n >= min && n <= max ? n : undefined;
};

/** The dashboard's tab and filters in an address; the year defaults to this year (the organisation's). */
export function analyticsFromParams(params: URLSearchParams, thisYear: number): AnalyticsFilters {
  const view = params.get('view');
  const years = analyticsYears(thisYear);
  const year = wholeIn(params.get('year'), years.at(-1) ?? thisYear, thisYear);
  const search = params.get('search')?.trim();
  const teacherId = params.get('teacherId')?.trim();
  return {
    view: isOneOf(LEAVE_REPORT_VIEWS, view) ? view : 'monthly',
    year: year ?? thisYear,
    month: wholeIn(params.get('month'), 1, 12),
    teacherId: teacherId || undefined,
    search: search || undefined,
  };
}

/** The query of GET /leaves/analytics/teachers. */
export function teacherStatsQuery(filters: AnalyticsFilters): Record<string, string | number> {
  const query: Record<string, string | number> = { year: filters.year };
  if (filters.month !== undefined) query.month = filters.month;
  if (filters.teacherId) query.teacherId = filters.teacherId;
  if (filters.search?.trim()) query.search = filters.search.trim();
  return query;
}

/**
 * The query of GET /leaves/analytics/export: what the open tab shows. The monthly view is one year;
 * the yearly view covers this year and the four before (no filters); the teacher view has them all.
 */
export function exportQuery(filters: AnalyticsFilters): Record<string, string | number> {
  switch (filters.view) {
    case 'monthly':
      return { view: 'monthly', year: filters.year };
    case 'yearly':
      return { view: 'yearly' };
    case 'teachers':
      return { view: 'teachers', ...teacherStatsQuery(filters) };
  }
}

/** Whether the teacher tab's own filters (month, teacher, search) are set: 'Reset Filters' clears them. */
export function hasTeacherFilters(filters: AnalyticsFilters): boolean {
  return filters.month !== undefined || Boolean(filters.teacherId) || Boolean(filters.search);
}

export const yearChoices = (thisYear: number) =>
  analyticsYears(thisYear).map((y) => ({ value: String(y), label: String(y) }));

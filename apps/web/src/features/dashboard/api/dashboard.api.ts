import type {
  DashboardStats,
  MeasurementStatusEntry,
  MeasurementStatusFilter,
  MeasurementStatusQuery,
  MeasurementStatusSummary,
  TodayTomorrowLeaves,
} from '@csp/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { ageText as yearsText } from '../../../lib/dates.ts';

/** How many students each list of the measurement panel shows; 'Show all N' leads to the status page. */
export const LIST_PREVIEW_SIZE = 5;

/** The measurement panel's three lists, each a filter of the status page. */
export type PanelStatus = Extract<MeasurementStatusFilter, 'overdue' | 'due_soon' | 'never_measured'>;

/** Query keys of the dashboard feature. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  stats: () => [...dashboardKeys.all, 'stats'] as const,
  leavesTodayTomorrow: () => [...dashboardKeys.all, 'leaves-today-tomorrow'] as const,
  measurementStatus: () => [...dashboardKeys.all, 'measurement-status'] as const,
  measurementSummary: () => [...dashboardKeys.measurementStatus(), 'summary'] as const,
  measurementPreview: (status: PanelStatus) =>
    [...dashboardKeys.measurementStatus(), 'preview', status] as const,
};

/**
 * GET /api/measurements/status/all query of one list: its first LIST_PREVIEW_SIZE students, soonest
 * due first (the most overdue first among the overdue; the never measured by name).
 */
export function previewParams(status: PanelStatus) {
  return { status, order: 'due', page: 1, limit: LIST_PREVIEW_SIZE } satisfies MeasurementStatusQuery;
}

/**
 * Where a list's 'Show all N' leads: the status page filtered on that status, in the list's order (the
 * most urgent first), so that it goes on from the five the list shows.
 */
export const statusPageLink = (status: PanelStatus) =>
  `/measurements/status?status=${status}&order=${previewParams(status).order}`;

export const dashboardApi = {
  stats: () => api.get<DashboardStats>('/dashboard/stats').then((r) => r.data),
  leavesTodayTomorrow: () => api.get<TodayTomorrowLeaves>('/leaves/today-tomorrow').then((r) => r.data),
  /** The status page's counters (total, up to date, due soon, overdue, never measured) for the scope. */
  measurementSummary: () =>
    api.get<MeasurementStatusSummary>('/measurements/status/summary').then((r) => r.data),
  /** The first students of one list (not every student in scope: a programme has thousands). */
  measurementPreview: (status: PanelStatus) =>
    api
      .get<MeasurementStatusEntry[]>('/measurements/status/all', { params: previewParams(status) })
      .then((r) => r.data),
};

export function useDashboardStatsQuery() {
  return useQuery({ queryKey: dashboardKeys.stats(), queryFn: dashboardApi.stats });
}

/** Approved leaves covering today and tomorrow (administrators only). */
export function useLeavesTodayTomorrowQuery(enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.leavesTodayTomorrow(),
    queryFn: dashboardApi.leavesTodayTomorrow,
    enabled,
  });
}

/** The measurement panel's counts, for the students in scope (teachers: their own). */
export function useMeasurementSummaryQuery() {
  return useQuery({ queryKey: dashboardKeys.measurementSummary(), queryFn: dashboardApi.measurementSummary });
}

/** The first students of one of the measurement panel's lists (teachers: their own). */
export function useMeasurementPreviewQuery(status: PanelStatus) {
  return useQuery({
    queryKey: dashboardKeys.measurementPreview(status),
    queryFn: () => dashboardApi.measurementPreview(status),
  });
}

/** 'Overdue by 1 day', 'Overdue by 12 days'. */
export function overdueText(days: number): string {
  return `Overdue by ${days} ${days === 1 ? 'day' : 'days'}`;
}

/** 'Age: 1 year', 'Age: 4 years'. */
export function ageText(age: number): string {
  return `Age: ${yearsText(age)}`;
}

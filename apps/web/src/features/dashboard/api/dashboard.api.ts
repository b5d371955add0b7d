import type { DashboardStats, MeasurementStatusEntry, TodayTomorrowLeaves } from '@csp/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { ageText as yearsText } from '../../../lib/dates.ts';

/** Query keys of the dashboard feature. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  stats: () => [...dashboardKeys.all, 'stats'] as const,
  leavesTodayTomorrow: () => [...dashboardKeys.all, 'leaves-today-tomorrow'] as const,
  measurementStatus: () => [...dashboardKeys.all, 'measurement-status'] as const,
};

export const dashboardApi = {
  stats: () => api.get<DashboardStats>('/dashboard/stats').then((r) => r.data),
  leavesTodayTomorrow: () => api.get<TodayTomorrowLeaves>('/leaves/today-tomorrow').then((r) => r.data),
  measurementStatus: () => api.get<MeasurementStatusEntry[]>('/measurements/status/all').then((r) => r.data),
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

/** Measurement status of every student in scope (teachers: their own). */
export function useMeasurementStatusQuery() {
  return useQuery({ queryKey: dashboardKeys.measurementStatus(), queryFn: dashboardApi.measurementStatus });
}

export interface MeasurementStatusLists {
  /** Measured before and past the due date, most overdue first. */
  overdue: MeasurementStatusEntry[];
  /** Due within 15 days, soonest first. */
  dueSoon: MeasurementStatusEntry[];
  /** Never measured (no lastMeasurement), in the server's order. */
  neverMeasured: MeasurementStatusEntry[];
}

/** Splits the status entries into the dashboard's three lists (spec part 1 §2 "/dashboard"). */
export function splitMeasurementStatus(entries: readonly MeasurementStatusEntry[]): MeasurementStatusLists {
  const overdue: MeasurementStatusEntry[] = [];
  const dueSoon: MeasurementStatusEntry[] = [];
  const neverMeasured: MeasurementStatusEntry[] = [];
  for (const e of entries) {
    if (!e.lastMeasurement) neverMeasured.push(e);
    else if (e.status === 'overdue') overdue.push(e);
    else if (e.status === 'due_soon') dueSoon.push(e);
  }
  overdue.sort((a, b) => b.overdueBy - a.overdueBy);
  dueSoon.sort((a, b) => (a.nextDueDate ?? '').localeCompare(b.nextDueDate ?? ''));
  return { overdue, dueSoon, neverMeasured };
}

/** 'Overdue by 1 day', 'Overdue by 12 days'. */
export function overdueText(days: number): string {
  return `Overdue by ${days} ${days === 1 ? 'day' : 'days'}`;
}

/** 'Age: 1 year', 'Age: 4 years'. */
export function ageText(age: number): string {
  return `Age: ${yearsText(age)}`;
}

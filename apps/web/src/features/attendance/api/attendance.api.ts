import type {
  AdminAttendanceQuery,
  Attendance,
  AttendanceDashboard,
  AttendanceListQuery,
  AttendanceTeachersQuery,
  BulkReviewAttendanceBody,
  BulkReviewResponse,
  CheckInBody,
  CheckOutBody,
  MonthlyStats,
  MonthlyStatsQuery,
  ReviewAttendanceBody,
  TeacherAttendanceQuery,
  TeacherReport,
  TeacherReportsQuery,
  TeacherReportsSummary,
  TeacherReportsSummaryQuery,
  TeacherWithAttendance,
} from '@csp/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { saveDownload } from '../../../lib/download.ts';
import { dashboardKeys } from '../../dashboard/api/dashboard.api.ts';

/** A page of a list and the server's X-Total-Count. */
export interface AttendancePage<T = Attendance> {
  items: T[];
  total: number;
}

type Params = Record<string, string | number | undefined>;

/** Drops empty filters so the URL carries only what was chosen. */
const clean = (params: object): Params =>
  Object.fromEntries(
    Object.entries(params).filter(([, v]) => v !== undefined && v !== '' && v !== null),
  ) as Params;

function totalOf(headers: Record<string, unknown>, fallback: number): number {
  const header = Number(headers['x-total-count']);
  return Number.isFinite(header) ? header : fallback;
}

async function getPage<T>(url: string, params: object): Promise<AttendancePage<T>> {
  const res = await api.get<T[]>(url, { params: clean(params) });
  return { items: res.data, total: totalOf(res.headers, res.data.length) };
}

/** Query keys of the attendance feature (everything under 'attendance' is refreshed after a change). */
export const attendanceKeys = {
  all: ['attendance'] as const,
  today: () => [...attendanceKeys.all, 'today'] as const,
  list: (q: AttendanceListQuery) => [...attendanceKeys.all, 'list', clean(q)] as const,
  monthly: (q: MonthlyStatsQuery) => [...attendanceKeys.all, 'monthly', clean(q)] as const,
  adminAll: (q: AdminAttendanceQuery) => [...attendanceKeys.all, 'admin-all', clean(q)] as const,
  pending: (q: { page?: number; limit?: number }) => [...attendanceKeys.all, 'pending', clean(q)] as const,
  dashboard: (q: Omit<AdminAttendanceQuery, 'status' | 'page' | 'limit'>) =>
    [...attendanceKeys.all, 'dashboard', clean(q)] as const,
  teachers: (q: AttendanceTeachersQuery) => [...attendanceKeys.all, 'teachers', clean(q)] as const,
  teacher: (id: string, q: TeacherAttendanceQuery) =>
    [...attendanceKeys.all, 'teacher', id, clean(q)] as const,
  reports: (q: TeacherReportsQuery) => [...attendanceKeys.all, 'reports', clean(q)] as const,
  reportsSummary: (q: TeacherReportsSummaryQuery) =>
    [...attendanceKeys.all, 'reports-summary', clean(q)] as const,
};

export const attendanceApi = {
  today: () => api.get<Attendance | null>('/attendance/today').then((r) => r.data),
  checkIn: (body: CheckInBody) => api.post<Attendance>('/attendance/check-in', body).then((r) => r.data),
  checkOut: (body: CheckOutBody) => api.post<Attendance>('/attendance/check-out', body).then((r) => r.data),
  list: (q: AttendanceListQuery) => getPage<Attendance>('/attendance', q),
  monthly: (q: MonthlyStatsQuery) =>
    api.get<MonthlyStats>('/attendance/monthly-stats', { params: clean(q) }).then((r) => r.data),
  adminAll: (q: AdminAttendanceQuery) => getPage<Attendance>('/attendance/admin/all', q),
  pending: (q: { page?: number; limit?: number }) => getPage<Attendance>('/attendance/admin/pending', q),
  dashboard: (q: Omit<AdminAttendanceQuery, 'status' | 'page' | 'limit'>) =>
    api.get<AttendanceDashboard>('/attendance/admin/dashboard', { params: clean(q) }).then((r) => r.data),
  teachers: (q: AttendanceTeachersQuery) => getPage<TeacherWithAttendance>('/attendance/admin/teachers', q),
  teacher: (id: string, q: TeacherAttendanceQuery) =>
    getPage<Attendance>(`/attendance/admin/teacher/${encodeURIComponent(id)}/attendance`, q),
  review: (id: string, body: ReviewAttendanceBody) =>
    api.post<Attendance>(`/attendance/admin/review/${encodeURIComponent(id)}`, body).then((r) => r.data),
  bulkReview: (body: BulkReviewAttendanceBody) =>
    api.post<BulkReviewResponse>('/attendance/admin/bulk-review', body).then((r) => r.data),
  reports: (q: TeacherReportsQuery) => getPage<TeacherReport>('/attendance/admin/teacher-reports', q),
  reportsSummary: (q: TeacherReportsSummaryQuery) =>
    api
      .get<TeacherReportsSummary>('/attendance/admin/teacher-reports/summary', { params: clean(q) })
      .then((r) => r.data),
  /**
   * GET /attendance/admin/teacher-reports/export as a file: read with the bearer token (so not a plain
   * link), then saved under the name the server gives in Content-Disposition. Answers the name.
   */
  exportReports: async (q: TeacherReportsSummaryQuery, fallbackName: string): Promise<string> => {
    const res = await api.get<Blob>('/attendance/admin/teacher-reports/export', {
      params: clean(q),
      responseType: 'blob',
      headers: { Accept: 'text/csv' },
    });
    return saveDownload(res, fallbackName);
  },
};

const listOptions = { placeholderData: keepPreviousData } as const;

export const useTodayAttendance = (enabled = true) =>
  useQuery({ queryKey: attendanceKeys.today(), queryFn: attendanceApi.today, enabled });
export const useAttendanceList = (q: AttendanceListQuery, enabled = true) =>
  useQuery({
    queryKey: attendanceKeys.list(q),
    queryFn: () => attendanceApi.list(q),
    enabled,
    ...listOptions,
  });
export const useMonthlyStats = (q: MonthlyStatsQuery, enabled = true) =>
  useQuery({
    queryKey: attendanceKeys.monthly(q),
    queryFn: () => attendanceApi.monthly(q),
    enabled,
    ...listOptions,
  });
export const useAdminAttendance = (q: AdminAttendanceQuery, enabled = true) =>
  useQuery({
    queryKey: attendanceKeys.adminAll(q),
    queryFn: () => attendanceApi.adminAll(q),
    enabled,
    ...listOptions,
  });
export const usePendingAttendance = (q: { page?: number; limit?: number }, enabled = true) =>
  useQuery({
    queryKey: attendanceKeys.pending(q),
    queryFn: () => attendanceApi.pending(q),
    enabled,
    ...listOptions,
  });
export const useAttendanceDashboard = (
  q: Omit<AdminAttendanceQuery, 'status' | 'page' | 'limit'>,
  enabled = true,
) =>
  useQuery({
    queryKey: attendanceKeys.dashboard(q),
    queryFn: () => attendanceApi.dashboard(q),
    enabled,
    ...listOptions,
  });
export const useAttendanceTeachers = (q: AttendanceTeachersQuery, enabled = true) =>
  useQuery({
    queryKey: attendanceKeys.teachers(q),
    queryFn: () => attendanceApi.teachers(q),
    enabled,
    ...listOptions,
  });
export const useTeacherAttendance = (id: string | undefined, q: TeacherAttendanceQuery) =>
  useQuery({
    queryKey: attendanceKeys.teacher(id ?? '', q),
    queryFn: () => attendanceApi.teacher(id ?? '', q),
    enabled: Boolean(id),
    ...listOptions,
  });
export const useTeacherReports = (q: TeacherReportsQuery) =>
  useQuery({ queryKey: attendanceKeys.reports(q), queryFn: () => attendanceApi.reports(q), ...listOptions });
export const useTeacherReportsSummary = (q: TeacherReportsSummaryQuery) =>
  useQuery({
    queryKey: attendanceKeys.reportsSummary(q),
    queryFn: () => attendanceApi.reportsSummary(q),
    ...listOptions,
  });

/** Every attendance query (and the dashboard's) is stale after a check-in, check-out or review. */
function useInvalidateAttendance() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: attendanceKeys.all }),
      qc.invalidateQueries({ queryKey: dashboardKeys.all }),
    ]);
}

export function useCheckIn() {
  const invalidate = useInvalidateAttendance();
  return useMutation({ mutationFn: attendanceApi.checkIn, onSuccess: invalidate });
}

export function useCheckOut() {
  const invalidate = useInvalidateAttendance();
  return useMutation({ mutationFn: attendanceApi.checkOut, onSuccess: invalidate });
}

export function useReviewAttendance() {
  const invalidate = useInvalidateAttendance();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ReviewAttendanceBody }) => attendanceApi.review(id, body),
    onSettled: invalidate,
  });
}

export function useBulkReviewAttendance() {
  const invalidate = useInvalidateAttendance();
  return useMutation({ mutationFn: attendanceApi.bulkReview, onSettled: invalidate });
}

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
import { definePagedList } from '../../../lib/paged-list.ts';
import { dashboardKeys } from '../../dashboard/api/dashboard.api.ts';

type Params = Record<string, string | number | undefined>;

/** Drops empty filters so the URL carries only what was chosen. */
const clean = (params: object): Params =>
  Object.fromEntries(
    Object.entries(params).filter(([, v]) => v !== undefined && v !== '' && v !== null),
  ) as Params;

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

/** The server-paged lists (X-Total-Count), each sent with only the filters chosen. */
export const attendanceList = definePagedList<AttendanceListQuery, Attendance>({
  key: attendanceKeys.list,
  path: '/attendance',
  query: clean,
});
export const adminAttendanceList = definePagedList<AdminAttendanceQuery, Attendance>({
  key: attendanceKeys.adminAll,
  path: '/attendance/admin/all',
  query: clean,
});
export const pendingAttendanceList = definePagedList<{ page?: number; limit?: number }, Attendance>({
  key: attendanceKeys.pending,
  path: '/attendance/admin/pending',
  query: clean,
});
export const attendanceTeacherList = definePagedList<AttendanceTeachersQuery, TeacherWithAttendance>({
  key: attendanceKeys.teachers,
  path: '/attendance/admin/teachers',
  query: clean,
});
/** One teacher's records (the id is '' until a teacher is chosen: the query waits for one). */
export const teacherAttendanceList = definePagedList<
  TeacherAttendanceQuery & { teacherId: string },
  Attendance
>({
  key: ({ teacherId, ...q }) => attendanceKeys.teacher(teacherId, q),
  path: ({ teacherId }) => `/attendance/admin/teacher/${encodeURIComponent(teacherId)}/attendance`,
  query: ({ teacherId: _inPath, ...q }) => clean(q),
});
export const teacherReportList = definePagedList<TeacherReportsQuery, TeacherReport>({
  key: attendanceKeys.reports,
  path: '/attendance/admin/teacher-reports',
  query: clean,
});

export const attendanceApi = {
  today: () => api.get<Attendance | null>('/attendance/today').then((r) => r.data),
  checkIn: (body: CheckInBody) => api.post<Attendance>('/attendance/check-in', body).then((r) => r.data),
  checkOut: (body: CheckOutBody) => api.post<Attendance>('/attendance/check-out', body).then((r) => r.data),
  monthly: (q: MonthlyStatsQuery) =>
    api.get<MonthlyStats>('/attendance/monthly-stats', { params: clean(q) }).then((r) => r.data),
  dashboard: (q: Omit<AdminAttendanceQuery, 'status' | 'page' | 'limit'>) =>
    api.get<AttendanceDashboard>('/attendance/admin/dashboard', { params: clean(q) }).then((r) => r.data),
  review: (id: string, body: ReviewAttendanceBody) =>
    api.post<Attendance>(`/attendance/admin/review/${encodeURIComponent(id)}`, body).then((r) => r.data),
  bulkReview: (body: BulkReviewAttendanceBody) =>
    api.post<BulkReviewResponse>('/attendance/admin/bulk-review', body).then((r) => r.data),
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
export const useMonthlyStats = (q: MonthlyStatsQuery, enabled = true) =>
  useQuery({
    queryKey: attendanceKeys.monthly(q),
    queryFn: () => attendanceApi.monthly(q),
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

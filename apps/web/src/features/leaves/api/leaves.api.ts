import {
  LEAVE_LIMITS,
  type ApplyLeaveBody,
  type Leave,
  type LeaveSummary,
  type MonthlyLeaveStats,
  type ReviewLeaveBody,
  type TeacherLeaveStats,
  type UserListItem,
  type YearlyLeaveStats,
} from '@csp/contracts';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api, errorStatus } from '../../../lib/api.ts';
import { saveDownload } from '../../../lib/download.ts';
import { definePagedList } from '../../../lib/paged-list.ts';
import { useRecordQuery } from '../../../lib/record-query.ts';
import { dashboardKeys } from '../../dashboard/api/dashboard.api.ts';
import { userKeys } from '../../users/api/users.api.ts';
import {
  exportQuery,
  leaveListQuery,
  leaveSummaryQuery,
  teacherStatsQuery,
  type AnalyticsFilters,
  type LeaveFilters,
} from '../leave-filters.ts';

/** Leave cards per page on /leaves (spec part 2 §9). */
export const LEAVES_PAGE_SIZE = LEAVE_LIMITS.pageSize;

export interface LeaveListParams extends LeaveFilters {
  /** A teacher's own list (GET /leaves/teacher/{id}); an administrator's is every leave (GET /leaves/all). */
  teacherId?: string;
  page: number;
  limit: number;
}

/** Teachers per page on the analytics' Teacher-wise tab (the programme can have thousands). */
export const TEACHER_STATS_PAGE_SIZE = LEAVE_LIMITS.pageSize;

/** The query of one page of the Teacher-wise tab: its filters, page and limit. */
export type TeacherStatsParams = Record<string, string | number>;

/** Query keys of the leaves feature. */
export const leaveKeys = {
  all: ['leaves'] as const,
  lists: () => [...leaveKeys.all, 'list'] as const,
  list: (params: LeaveListParams) => [...leaveKeys.lists(), params] as const,
  summaries: () => [...leaveKeys.all, 'summary'] as const,
  summary: (filters: LeaveFilters, teacherId: string | undefined) =>
    [
      ...leaveKeys.summaries(),
      { search: filters.search, applied: filters.applied },
      teacherId ?? null,
    ] as const,
  details: () => [...leaveKeys.all, 'detail'] as const,
  detail: (id: string) => [...leaveKeys.details(), id] as const,
  analytics: () => [...leaveKeys.all, 'analytics'] as const,
  monthly: (year: number) => [...leaveKeys.analytics(), 'monthly', year] as const,
  yearly: () => [...leaveKeys.analytics(), 'yearly'] as const,
  teachers: (query: TeacherStatsParams) => [...leaveKeys.analytics(), 'teachers', query] as const,
  /** The teacher filter's choices; under the users key so user changes refresh it. */
  teacherOptions: () => [...userKeys.all, 'teachers'] as const,
};

const path = (id: string) => `/leaves/${encodeURIComponent(id)}`;

/** One page of GET /leaves/teacher/{id} (a teacher's own) or GET /leaves/all, and X-Total-Count. */
export const leaveList = definePagedList<LeaveListParams, Leave>({
  key: leaveKeys.list,
  path: ({ teacherId }) => (teacherId ? `/leaves/teacher/${encodeURIComponent(teacherId)}` : '/leaves/all'),
  // The teacher is in the address, not the query (leaveListQuery reads only the filters).
  query: ({ page, limit, ...filters }) => leaveListQuery(filters, page, limit),
});

/** One page of GET /leaves/analytics/teachers (the Teacher-wise tab), and X-Total-Count. */
export const teacherLeaveStatsList = definePagedList<TeacherStatsParams, TeacherLeaveStats[number]>({
  key: leaveKeys.teachers,
  path: '/leaves/analytics/teachers',
});

export const leavesApi = {
  summary: (filters: LeaveFilters, teacherId?: string) =>
    api
      .get<LeaveSummary>('/leaves/summary', { params: leaveSummaryQuery(filters, teacherId) })
      .then((r) => r.data),
  get: (id: string) => api.get<Leave>(path(id)).then((r) => r.data),
  apply: (body: ApplyLeaveBody) => api.post<Leave>('/leaves/apply', body).then((r) => r.data),
  /** PATCH /leaves/{id}/approve: the list's Quick Approve, without notes. */
  approve: (id: string) => api.patch<Leave>(`${path(id)}/approve`, {}).then((r) => r.data),
  review: (id: string, body: ReviewLeaveBody) =>
    api.patch<Leave>(`${path(id)}/review`, body).then((r) => r.data),
  monthly: (year: number) =>
    api.get<MonthlyLeaveStats>('/leaves/analytics/monthly', { params: { year } }).then((r) => r.data),
  yearly: () => api.get<YearlyLeaveStats>('/leaves/analytics/yearly').then((r) => r.data),
  /** GET /users?role=TEACHER: every teacher, for the dashboard's teacher filter. */
  teacherOptions: () =>
    api.get<UserListItem[]>('/users', { params: { role: 'TEACHER' } }).then((r) => r.data),
  /**
   * GET /leaves/analytics/export as a file: read with the bearer token (so not a plain link), then saved
   * through an object URL under the name the server gives in Content-Disposition.
   */
  exportReport: async (filters: AnalyticsFilters): Promise<string> => {
    const res = await api.get<Blob>('/leaves/analytics/export', {
      params: exportQuery(filters),
      responseType: 'blob',
      headers: { Accept: 'text/csv' },
    });
    return saveDownload(res, `leave-report-${filters.view}-${filters.year}.csv`);
  },
};

/** The stat tiles' figures. Silent: the tiles show dashes when they cannot be read. */
export function useLeaveSummaryQuery(filters: LeaveFilters, teacherId?: string) {
  return useQuery({
    queryKey: leaveKeys.summary(filters, teacherId),
    queryFn: () => leavesApi.summary(filters, teacherId),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

/** One leave. The page shows 'Leave application not found.' or the failure with a retry. */
export function useLeaveQuery(id: string) {
  return useRecordQuery(leaveKeys.detail(id), () => leavesApi.get(id));
}

export function useMonthlyLeaveStatsQuery(year: number, enabled: boolean) {
  return useQuery({
    queryKey: leaveKeys.monthly(year),
    queryFn: () => leavesApi.monthly(year),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useYearlyLeaveStatsQuery(enabled: boolean) {
  return useQuery({ queryKey: leaveKeys.yearly(), queryFn: leavesApi.yearly, enabled });
}

export function useTeacherLeaveStatsQuery(filters: AnalyticsFilters, page: number, enabled: boolean) {
  const query = { ...teacherStatsQuery(filters), page, limit: TEACHER_STATS_PAGE_SIZE };
  return teacherLeaveStatsList.usePage(query, { enabled });
}

export function useTeacherOptionsQuery(enabled: boolean) {
  return useQuery({
    queryKey: leaveKeys.teacherOptions(),
    queryFn: leavesApi.teacherOptions,
    enabled,
    meta: { silent: true },
  });
}

/**
 * Leaves appear in the lists, the stat tiles, the analytics and the dashboard's today/tomorrow panel
 * (and, later, the attendance calendar, which reads under the same key).
 */
function invalidateAround(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: leaveKeys.all }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
  ]);
}

export function useApplyLeaveMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leavesApi.apply,
    onSuccess: (leave) => {
      queryClient.setQueryData(leaveKeys.detail(leave.id), leave);
      return invalidateAround(queryClient);
    },
  });
}

/** A decision on a leave: Quick Approve from the list (no notes) or the review page's decision. */
export type LeaveDecision =
  { id: string; quick: true } | { id: string; quick?: false; body: ReviewLeaveBody };

/**
 * `onReviewed` runs first, before the cache holds the reviewed leave: the review page leaves at once,
 * instead of showing its own decision as 'already reviewed' (and losing a per-call callback as its form
 * goes away).
 */
export function useReviewLeaveMutation({ onReviewed }: { onReviewed?: (leave: Leave) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: LeaveDecision) =>
      decision.quick ? leavesApi.approve(decision.id) : leavesApi.review(decision.id, decision.body),
    onSuccess: (leave) => {
      onReviewed?.(leave);
      queryClient.setQueryData(leaveKeys.detail(leave.id), leave);
      return invalidateAround(queryClient);
    },
    // Reviewed meanwhile by someone else (409) or gone (404): what is shown is out of date.
    onError: (error) => {
      const status = errorStatus(error);
      if (status === 409 || status === 404) void invalidateAround(queryClient);
    },
  });
}

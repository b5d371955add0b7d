import {
  DELETED_KINDS,
  type DeletedActivity,
  type DeletedHomeVisit,
  type DeletedKind,
  type DeletedMeasurement,
  type DeletedStudent,
  type DeletedUser,
  type MessageResponse,
} from '@csp/contracts';
import {
  keepPreviousData,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { fetchPage, type Page } from '../../../lib/paged-list.ts';
import { activityKeys } from '../../activities/api/activities.api.ts';
import { attendanceKeys } from '../../attendance/api/attendance.api.ts';
import { dashboardKeys } from '../../dashboard/api/dashboard.api.ts';
import { giftKeys } from '../../gifts/api/gifts.api.ts';
import { homeVisitKeys } from '../../home-visits/api/home-visits.api.ts';
import { leaveKeys } from '../../leaves/api/leaves.api.ts';
import { measurementKeys } from '../../measurements/api/measurements.api.ts';
import { searchKeys } from '../../search/api/search.api.ts';
import { studentKeys } from '../../students/api/students.api.ts';
import { userKeys } from '../../users/api/users.api.ts';

/** Each tab lists 10 deleted records a page, read from the server. */
export const DELETED_PAGE_SIZE = 10;

/** The row of each kind, as GET /api/{kind}/deleted/list answers it. */
export interface DeletedRowOf {
  users: DeletedUser;
  students: DeletedStudent;
  activities: DeletedActivity;
  measurements: DeletedMeasurement;
  'home-visits': DeletedHomeVisit;
}

/** Query keys of the deleted-records feature. */
export const deletedRecordKeys = {
  all: ['deleted-records'] as const,
  kind: (kind: DeletedKind) => [...deletedRecordKeys.all, kind] as const,
  list: (kind: DeletedKind, page: number) =>
    [...deletedRecordKeys.kind(kind), 'list', { page, limit: DELETED_PAGE_SIZE }] as const,
  count: (kind: DeletedKind) => [...deletedRecordKeys.kind(kind), 'count'] as const,
};

const recordPath = (kind: DeletedKind, id: string) => `/${kind}/${encodeURIComponent(id)}`;

export const deletedRecordsApi = {
  /** GET /api/{kind}/deleted/list with page/limit: one page (newest deletion first) and X-Total-Count. */
  list: <K extends DeletedKind>(kind: K, page: number, limit: number): Promise<Page<DeletedRowOf[K]>> =>
    fetchPage<DeletedRowOf[K]>(`/${kind}/deleted/list`, { page, limit }),
  /** POST /api/{kind}/{id}/restore. */
  restore: (kind: DeletedKind, id: string) =>
    api.post<MessageResponse>(`${recordPath(kind, id)}/restore`).then((r) => r.data),
  /** DELETE /api/{kind}/{id}/permanent. */
  deleteForGood: (kind: DeletedKind, id: string) =>
    api.delete<MessageResponse>(`${recordPath(kind, id)}/permanent`).then((r) => r.data),
};

/**
 * One page of a kind's deleted records; the previous page stays on screen while the next loads. Not a
 * definePagedList: its placeholder is the same tab's previous page only.
 */
export function useDeletedRecordsQuery<K extends DeletedKind>(kind: K, page: number) {
  return useQuery({
    queryKey: deletedRecordKeys.list(kind, page),
    queryFn: () => deletedRecordsApi.list(kind, page, DELETED_PAGE_SIZE),
    placeholderData: (previous, previousQuery) =>
      // Only the same tab's previous page stands in; another tab's rows never show under this one.
      previousQuery?.queryKey[1] === kind ? keepPreviousData(previous) : undefined,
  });
}

/**
 * How many deleted records each tab holds: a one-row page per kind, reading only X-Total-Count.
 * Silent: a missing count leaves the tab without its badge, and the open tab says why it failed.
 */
export function useDeletedCounts(): Partial<Record<DeletedKind, number>> {
  return useQueries({
    queries: DELETED_KINDS.map((kind) => ({
      queryKey: deletedRecordKeys.count(kind),
      queryFn: () => deletedRecordsApi.list(kind, 1, 1).then((p) => p.total),
      meta: { silent: true },
    })),
    combine: (results) =>
      Object.fromEntries(
        DELETED_KINDS.flatMap((kind, i) => {
          const total = results[i].data;
          return total === undefined ? [] : [[kind, total]];
        }),
      ) as Partial<Record<DeletedKind, number>>,
  });
}

/**
 * The live data a restore or a permanent delete of a kind changes, besides the deleted lists (which
 * change across kinds: a student deleted for good takes their deleted activities with them):
 * - users: the users lists, the students they hold (assigned again or unassigned), their own
 *   activities, visits, leaves and attendance, the measurements they took, the gifts' teachers;
 * - students: the student, the teacher's student count, their activities, measurements, visits, gifts;
 * - activities, measurements, home visits: their lists and the student pages that show them;
 * - always the dashboard's figures and the global search.
 */
export function affectedKeys(kind: DeletedKind): QueryKey[] {
  const shared = [deletedRecordKeys.all, dashboardKeys.all, searchKeys.all];
  switch (kind) {
    case 'users':
      return [
        ...shared,
        userKeys.all,
        studentKeys.all,
        activityKeys.all,
        homeVisitKeys.all,
        measurementKeys.all,
        leaveKeys.all,
        attendanceKeys.all,
        giftKeys.all,
      ];
    case 'students':
      return [
        ...shared,
        studentKeys.all,
        userKeys.all,
        activityKeys.all,
        measurementKeys.all,
        homeVisitKeys.all,
        giftKeys.all,
      ];
    case 'activities':
      return [...shared, activityKeys.all, studentKeys.all];
    case 'measurements':
      return [...shared, measurementKeys.all, studentKeys.all];
    case 'home-visits':
      return [...shared, homeVisitKeys.all, studentKeys.all];
  }
}

function invalidateAfter(queryClient: QueryClient, kind: DeletedKind) {
  return Promise.all(affectedKeys(kind).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export interface DeletedRecordRef {
  kind: DeletedKind;
  id: string;
}

/**
 * POST /api/{kind}/{id}/restore. Refreshes after failures too: a 404 or 409 means the list on screen is
 * out of date (someone else restored it, deleted it for good, or deleted its student meanwhile).
 */
export function useRestoreDeletedMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: DeletedRecordRef) => deletedRecordsApi.restore(kind, id),
    onSettled: (_data, _error, { kind }) => invalidateAfter(queryClient, kind),
  });
}

/** DELETE /api/{kind}/{id}/permanent; refreshes after failures too, as a restore does. */
export function usePermanentDeleteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: DeletedRecordRef) => deletedRecordsApi.deleteForGood(kind, id),
    onSettled: (_data, _error, { kind }) => invalidateAfter(queryClient, kind),
  });
}

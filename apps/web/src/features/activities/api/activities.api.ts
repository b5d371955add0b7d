import {
  ACTIVITY_LIMITS,
  ACTIVITY_PHOTO_FIELD,
  type Activity,
  type ActivityPhotoUploadResponse,
  type CreateActivityBody,
  type MessageResponse,
  type UpdateActivityBody,
} from '@csp/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { definePagedList } from '../../../lib/paged-list.ts';
import { useRecordQuery } from '../../../lib/record-query.ts';
import { dashboardKeys } from '../../dashboard/api/dashboard.api.ts';
import { studentKeys } from '../../students/api/students.api.ts';

/** Activity cards per page on /activities (spec part 1 §9). */
export const ACTIVITIES_PAGE_SIZE = ACTIVITY_LIMITS.pageSize;

export interface ActivityListParams {
  search?: string;
  /** YYYY-MM-DD: only that day's activities. */
  date?: string;
  /** Sent for teachers (their own id), as the spec's calls table says. */
  teacherId?: string;
  page: number;
  limit: number;
}

/** Query keys of the activities feature. */
export const activityKeys = {
  all: ['activities'] as const,
  lists: () => [...activityKeys.all, 'list'] as const,
  list: (params: ActivityListParams) => [...activityKeys.lists(), params] as const,
  details: () => [...activityKeys.all, 'detail'] as const,
  detail: (id: string) => [...activityKeys.details(), id] as const,
};

function listParams({ search, date, teacherId, page, limit }: ActivityListParams) {
  const params: Record<string, string | number> = { page, limit };
  if (search?.trim()) params.search = search.trim();
  if (date) params.date = date;
  if (teacherId) params.teacherId = teacherId;
  return params;
}

const path = (id: string) => `/activities/${encodeURIComponent(id)}`;

/** GET /api/activities with page/limit: one page and the X-Total-Count header. */
export const activityList = definePagedList<ActivityListParams, Activity>({
  key: activityKeys.list,
  path: '/activities',
  query: listParams,
});

export const activitiesApi = {
  get: (id: string) => api.get<Activity>(path(id)).then((r) => r.data),
  create: (body: CreateActivityBody) => api.post<Activity>('/activities', body).then((r) => r.data),
  update: (id: string, body: UpdateActivityBody) => api.patch<Activity>(path(id), body).then((r) => r.data),
  remove: (id: string) => api.delete<MessageResponse>(path(id)).then((r) => r.data),
  /** POST /api/file-upload/activities, one file in the field 'files'; files[0] is the photo's entry. */
  uploadPhoto: async (file: File): Promise<string> => {
    const form = new FormData();
    form.append(ACTIVITY_PHOTO_FIELD, file, file.name);
    const res = await api.post<ActivityPhotoUploadResponse>('/file-upload/activities', form);
    const entry = res.data.files[0];
    if (!entry) throw new Error('The photo upload answered no file');
    return entry;
  },
};

/** One activity. The pages show 'Activity not found.' or the failure with a retry. */
export function useActivityQuery(id: string) {
  return useRecordQuery(activityKeys.detail(id), () => activitiesApi.get(id));
}

/** Activities appear in their lists, on the student's page (counts, recent) and in the dashboard figure. */
function invalidateAround(queryClient: QueryClient, studentId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: activityKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: studentKeys.detail(studentId) }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
  ]);
}

export function useCreateActivityMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activitiesApi.create,
    onSuccess: (activity) => {
      queryClient.setQueryData(activityKeys.detail(activity.id), activity);
      return invalidateAround(queryClient, activity.studentId);
    },
  });
}

export function useUpdateActivityMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateActivityBody) => activitiesApi.update(id, body),
    onSuccess: (activity) => {
      queryClient.setQueryData(activityKeys.detail(id), activity);
      return invalidateAround(queryClient, activity.studentId);
    },
  });
}

export function useDeleteActivityMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (activity: Pick<Activity, 'id' | 'studentId'>) => activitiesApi.remove(activity.id),
    onSuccess: (_data, activity) => {
      // The open detail page is left at once; a later visit refetches and finds nothing.
      void queryClient.invalidateQueries({ queryKey: activityKeys.detail(activity.id), refetchType: 'none' });
      return invalidateAround(queryClient, activity.studentId);
    },
  });
}

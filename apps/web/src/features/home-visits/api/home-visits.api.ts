import {
  HOME_VISIT_FILE_FIELD,
  HOME_VISIT_LIMITS,
  type CreateHomeVisitBody,
  type HomeVisit,
  type HomeVisitUploadResponse,
  type MessageResponse,
  type UpdateHomeVisitBody,
} from '@csp/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, errorStatus } from '../../../lib/api.ts';
import { definePagedList, fetchPage } from '../../../lib/paged-list.ts';
import { isRecordMissing, useRecordQuery } from '../../../lib/record-query.ts';
import { dashboardKeys } from '../../dashboard/api/dashboard.api.ts';
import { studentKeys } from '../../students/api/students.api.ts';
import { filterQuery, type VisitFilters } from '../home-visit-filters.ts';

/** Visit cards per page on /home-visits (spec part 2 §9). */
export const HOME_VISITS_PAGE_SIZE = HOME_VISIT_LIMITS.pageSize;
/** Cards per page in the review queue (spec part 2 §9). */
export const REVIEW_PAGE_SIZE = HOME_VISIT_LIMITS.reviewPageSize;

export interface HomeVisitListParams extends VisitFilters {
  /** Sent for teachers (their own id), as the spec's calls table says. */
  teacherId?: string;
  page: number;
  limit: number;
}

export type ReviewListParams = Omit<VisitFilters, 'status'> & { page: number; limit: number };

/** Query keys of the home-visits feature. */
export const homeVisitKeys = {
  all: ['home-visits'] as const,
  lists: () => [...homeVisitKeys.all, 'list'] as const,
  list: (params: HomeVisitListParams) => [...homeVisitKeys.lists(), params] as const,
  years: () => [...homeVisitKeys.all, 'years'] as const,
  reviews: () => [...homeVisitKeys.all, 'review'] as const,
  review: (params: ReviewListParams) => [...homeVisitKeys.reviews(), 'page', params] as const,
  /** How many visits wait for review, unfiltered. */
  pendingTotal: () => [...homeVisitKeys.reviews(), 'total'] as const,
  details: () => [...homeVisitKeys.all, 'detail'] as const,
  detail: (id: string) => [...homeVisitKeys.details(), id] as const,
};

const path = (id: string) => `/home-visits/${encodeURIComponent(id)}`;
const REVIEW_PATH = '/home-visits/pending/review';

/** The 'type' field sent with a home-visit file (spec part 2 §7). */
const FILE_TYPE = 'home-visit';

/** GET /api/home-visits with filters and page/limit: one page and the X-Total-Count header. */
export const homeVisitList = definePagedList<HomeVisitListParams, HomeVisit>({
  key: homeVisitKeys.list,
  path: '/home-visits',
  query: ({ teacherId, page, limit, ...filters }) => ({
    ...filterQuery(filters),
    ...(teacherId ? { teacherId } : {}),
    page,
    limit,
  }),
});

/** GET /api/home-visits/pending/review with filters and page/limit: the review queue's page. */
export const reviewList = definePagedList<ReviewListParams, HomeVisit>({
  key: homeVisitKeys.review,
  path: REVIEW_PATH,
  query: ({ page, limit, ...filters }) => ({ ...filterQuery(filters), page, limit }),
});

export const homeVisitsApi = {
  /** GET /api/home-visits/years: the years of the visits this person sees, newest first. */
  years: () => api.get<number[]>('/home-visits/years').then((r) => r.data),
  get: (id: string) => api.get<HomeVisit>(path(id)).then((r) => r.data),
  create: (body: CreateHomeVisitBody) => api.post<HomeVisit>('/home-visits', body).then((r) => r.data),
  update: (id: string, body: UpdateHomeVisitBody) => api.patch<HomeVisit>(path(id), body).then((r) => r.data),
  remove: (id: string) => api.delete<MessageResponse>(path(id)).then((r) => r.data),
  /** Every pending visit, unfiltered: a one-row page, read only for its X-Total-Count. */
  pendingTotal: (): Promise<number> =>
    fetchPage<HomeVisit>(REVIEW_PATH, { page: 1, limit: 1 }).then((p) => p.total),
  /** `seen`: the visit's updatedAt as the reviewer saw it (a visit changed since answers 409). */
  approve: (id: string, reviewNotes: string, seen: string) =>
    api
      .patch<unknown>(`${path(id)}/approve`, {
        ...(reviewNotes.trim() ? { reviewNotes: reviewNotes.trim() } : {}),
        updatedAt: seen,
      })
      .then((r) => r.data),
  reject: (id: string, reviewNotes: string, seen: string) =>
    api
      .patch<unknown>(`${path(id)}/reject`, { reviewNotes: reviewNotes.trim(), updatedAt: seen })
      .then((r) => r.data),
  /** POST /api/file-upload/home-visit: 'file' and 'type', one file per request; the id goes into `photos`. */
  uploadFile: async (file: File): Promise<string> => {
    const form = new FormData();
    form.append(HOME_VISIT_FILE_FIELD, file, file.name);
    form.append('type', FILE_TYPE);
    const res = await api.post<HomeVisitUploadResponse>('/file-upload/home-visit', form);
    return res.data.id || res.data.url;
  },
};

/** A change refused because the visit changed meanwhile (reviewed: 409) or is not one's own (403). */
function isStale(error: unknown): boolean {
  const status = errorStatus(error);
  return status === 409 || status === 403;
}

/** The year filter's choices. */
export function useVisitYearsQuery() {
  return useQuery({
    queryKey: homeVisitKeys.years(),
    queryFn: homeVisitsApi.years,
    meta: { silent: true },
  });
}

/** One visit. Silent: the pages show 'Home visit not found' or the failure with a retry. */
export function useHomeVisitQuery(id: string) {
  return useRecordQuery(homeVisitKeys.detail(id), () => homeVisitsApi.get(id));
}

/** How many visits wait for review in all (the 'n' of 'x of n'). */
export function usePendingTotalQuery() {
  return useQuery({
    queryKey: homeVisitKeys.pendingTotal(),
    queryFn: homeVisitsApi.pendingTotal,
    meta: { silent: true },
  });
}

/**
 * Visits appear in the lists and their year choices, the review queue, on the student's page and card
 * (the latest visit's status) and in the dashboard figures.
 */
function invalidateAround(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: homeVisitKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: homeVisitKeys.years() }),
    queryClient.invalidateQueries({ queryKey: homeVisitKeys.reviews() }),
    queryClient.invalidateQueries({ queryKey: studentKeys.all }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
  ]);
}

export function useCreateHomeVisitMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: homeVisitsApi.create,
    onSuccess: (visit) => {
      queryClient.setQueryData(homeVisitKeys.detail(visit.id), visit);
      return invalidateAround(queryClient);
    },
  });
}

export function useUpdateHomeVisitMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateHomeVisitBody) => homeVisitsApi.update(id, body),
    onSuccess: (visit) => {
      queryClient.setQueryData(homeVisitKeys.detail(id), visit);
      return invalidateAround(queryClient);
    },
    // Reviewed meanwhile (409) or no longer one's own (403): what is shown is out of date.
    onError: (error) => {
      if (isStale(error)) void queryClient.invalidateQueries({ queryKey: homeVisitKeys.detail(id) });
    },
  });
}

export function useDeleteHomeVisitMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => homeVisitsApi.remove(id),
    onSuccess: (_data, id) => {
      // The open detail page is left at once; a later visit refetches and finds nothing.
      void queryClient.invalidateQueries({ queryKey: homeVisitKeys.detail(id), refetchType: 'none' });
      return invalidateAround(queryClient);
    },
  });
}

export type ReviewDecision = 'approve' | 'reject';

/**
 * Approve or reject one visit (administrators) as it was seen (`seen`: its updatedAt); the queue, the
 * visit and its student are refetched.
 */
export function useReviewHomeVisitMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      decision,
      notes,
      seen,
    }: {
      id: string;
      decision: ReviewDecision;
      notes: string;
      seen: string;
    }) =>
      decision === 'approve' ? homeVisitsApi.approve(id, notes, seen) : homeVisitsApi.reject(id, notes, seen),
    onSuccess: (_data, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: homeVisitKeys.detail(id) }),
        invalidateAround(queryClient),
      ]),
    // Already reviewed by someone else or changed by the teacher since (409), or gone (404): the queue is
    // refetched.
    onError: (error, { id }) => {
      if (isStale(error) || isRecordMissing(error)) {
        void queryClient.invalidateQueries({ queryKey: homeVisitKeys.detail(id) });
        void invalidateAround(queryClient);
      }
    },
  });
}

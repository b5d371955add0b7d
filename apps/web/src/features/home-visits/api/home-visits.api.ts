import {
  DISTANCE_THRESHOLD,
  HOME_VISIT_FILE_FIELD,
  HOME_VISIT_LIMITS,
  coordinatesText,
  type CreateHomeVisitBody,
  type HomeVisit,
  type HomeVisitUploadResponse,
  type MessageResponse,
  type ReverseGeocode,
  type Settings,
  type UpdateHomeVisitBody,
} from '@csp/contracts';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api, errorStatus } from '../../../lib/api.ts';
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

export interface HomeVisitPage {
  items: HomeVisit[];
  total: number;
}

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

/** Query keys of the settings (the auto-approval distance threshold). */
export const settingsKeys = {
  all: ['settings'] as const,
};

function totalOf(headers: Record<string, unknown>, fallback: number): number {
  const header = Number(headers['x-total-count']);
  return Number.isFinite(header) ? header : fallback;
}

const path = (id: string) => `/home-visits/${encodeURIComponent(id)}`;

/** The 'type' field sent with a home-visit file (spec part 2 §7). */
const FILE_TYPE = 'home-visit';

export const homeVisitsApi = {
  /** GET /api/home-visits with filters and page/limit: one page and the X-Total-Count header. */
  list: async ({ teacherId, page, limit, ...filters }: HomeVisitListParams): Promise<HomeVisitPage> => {
    const params: Record<string, string | number> = { ...filterQuery(filters), page, limit };
    if (teacherId) params.teacherId = teacherId;
    const res = await api.get<HomeVisit[]>('/home-visits', { params });
    return { items: res.data, total: totalOf(res.headers, res.data.length) };
  },
  /** GET /api/home-visits/years: the years of the visits this person sees, newest first. */
  years: () => api.get<number[]>('/home-visits/years').then((r) => r.data),
  get: (id: string) => api.get<HomeVisit>(path(id)).then((r) => r.data),
  create: (body: CreateHomeVisitBody) => api.post<HomeVisit>('/home-visits', body).then((r) => r.data),
  update: (id: string, body: UpdateHomeVisitBody) => api.patch<HomeVisit>(path(id), body).then((r) => r.data),
  remove: (id: string) => api.delete<MessageResponse>(path(id)).then((r) => r.data),
  /** GET /api/home-visits/pending/review with filters and page/limit: one page and X-Total-Count. */
  pending: async ({ page, limit, ...filters }: ReviewListParams): Promise<HomeVisitPage> => {
    const res = await api.get<HomeVisit[]>('/home-visits/pending/review', {
      params: { ...filterQuery(filters), page, limit },
    });
    return { items: res.data, total: totalOf(res.headers, res.data.length) };
  },
  /** Every pending visit, unfiltered: a one-row page, reading only X-Total-Count. */
  pendingTotal: async (): Promise<number> => {
    const res = await api.get<HomeVisit[]>('/home-visits/pending/review', { params: { page: 1, limit: 1 } });
    return totalOf(res.headers, res.data.length);
  },
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
  /**
   * GET /api/geocode/reverse (the API asks the geocoder; the browser never calls a third party). Any
   * failure names the place by its coordinates.
   */
  placeName: async (latitude: number, longitude: number): Promise<string> => {
    try {
      const res = await api.get<ReverseGeocode>('/geocode/reverse', { params: { latitude, longitude } });
      return res.data.name?.trim() || coordinatesText(latitude, longitude);
    } catch {
      return coordinatesText(latitude, longitude);
    }
  },
  settings: () => api.get<Settings>('/settings').then((r) => r.data),
  updateThreshold: (distanceMeters: number) =>
    api.patch<unknown>('/settings/home-visit-distance', { distanceMeters }).then((r) => r.data),
};

/** 404 (missing, deleted or not in one's scope) and 400 (not a valid id): nothing to show. */
export function isVisitMissing(error: unknown): boolean {
  const status = errorStatus(error);
  return status === 404 || status === 400;
}

/** A change refused because the visit changed meanwhile (reviewed: 409) or is not one's own (403). */
function isStale(error: unknown): boolean {
  const status = errorStatus(error);
  return status === 409 || status === 403;
}

/** One page of visits; the previous page stays on screen while the next one loads. */
export function useHomeVisitsQuery(params: HomeVisitListParams) {
  return useQuery({
    queryKey: homeVisitKeys.list(params),
    queryFn: () => homeVisitsApi.list(params),
    placeholderData: keepPreviousData,
  });
}

/** The year filter's choices. */
export function useVisitYearsQuery() {
  return useQuery({
    queryKey: homeVisitKeys.years(),
    queryFn: homeVisitsApi.years,
    meta: { silent: true },
  });
}

/** One visit. Silent: the pages show 'Home visit not found' or an inline error with a retry. */
export function useHomeVisitQuery(id: string) {
  return useQuery({
    queryKey: homeVisitKeys.detail(id),
    queryFn: () => homeVisitsApi.get(id),
    retry: (failures, error) => failures < 1 && !isVisitMissing(error) && errorStatus(error) !== 403,
    meta: { silent: true },
  });
}

/** One page of the review queue. */
export function usePendingVisitsQuery(params: ReviewListParams) {
  return useQuery({
    queryKey: homeVisitKeys.review(params),
    queryFn: () => homeVisitsApi.pending(params),
    placeholderData: keepPreviousData,
  });
}

/** How many visits wait for review in all (the 'n' of 'x of n'). */
export function usePendingTotalQuery() {
  return useQuery({
    queryKey: homeVisitKeys.pendingTotal(),
    queryFn: homeVisitsApi.pendingTotal,
    meta: { silent: true },
  });
}

/** The settings; silent: the form falls back to the default threshold while they are unknown. */
export function useSettingsQuery() {
  return useQuery({ queryKey: settingsKeys.all, queryFn: homeVisitsApi.settings, meta: { silent: true } });
}

/** The auto-approval distance threshold in metres (the default 50 while unknown). */
export function useDistanceThreshold(): number {
  return useSettingsQuery().data?.homeVisitDistanceThreshold ?? DISTANCE_THRESHOLD.default;
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
      if (isStale(error) || isVisitMissing(error)) {
        void queryClient.invalidateQueries({ queryKey: homeVisitKeys.detail(id) });
        void invalidateAround(queryClient);
      }
    },
  });
}

/** PATCH /api/settings/home-visit-distance (administrators). */
export function useUpdateThresholdMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: homeVisitsApi.updateThreshold,
    onSuccess: (_data, distanceMeters) => {
      queryClient.setQueryData<Settings>(settingsKeys.all, (old) => ({
        ...old,
        homeVisitDistanceThreshold: distanceMeters,
      }));
      return queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    },
  });
}

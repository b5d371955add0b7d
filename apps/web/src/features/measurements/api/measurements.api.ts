import {
  MEASUREMENT_LIMITS,
  MEASUREMENT_PHOTO_FIELD,
  type CreateMeasurementBody,
  type Measurement,
  type MeasurementPhotoUploadResponse,
  type MeasurementStatusEntry,
  type MeasurementStatusSummary,
  type MessageResponse,
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
import { growthKeys } from '../../growth/api/growth.api.ts';
import { studentKeys } from '../../students/api/students.api.ts';
import { statusPageParams, summaryParams, type StatusFilters } from '../measurement-status.ts';

/** Measurement cards per page on /measurements (spec part 1 §9). */
export const MEASUREMENTS_PAGE_SIZE = MEASUREMENT_LIMITS.pageSize;

export interface MeasurementListParams {
  /** Sent for teachers (their own id), as the spec's calls table says. */
  teacherId?: string;
  page: number;
  limit: number;
}

export interface MeasurementPage {
  items: Measurement[];
  total: number;
}

/** Query keys of the measurements feature. */
export const measurementKeys = {
  all: ['measurements'] as const,
  lists: () => [...measurementKeys.all, 'list'] as const,
  list: (params: MeasurementListParams) => [...measurementKeys.lists(), params] as const,
  details: () => [...measurementKeys.all, 'detail'] as const,
  detail: (id: string) => [...measurementKeys.details(), id] as const,
  status: () => [...measurementKeys.all, 'status'] as const,
  statusPage: (filters: StatusFilters, page: number) =>
    [...measurementKeys.status(), 'page', filters, page] as const,
  statusSummary: (filters: StatusFilters) => [...measurementKeys.status(), 'summary', filters] as const,
};

export interface StatusPage {
  items: MeasurementStatusEntry[];
  total: number;
}

const path = (id: string) => `/measurements/${encodeURIComponent(id)}`;

/** The 'type' field sent with a measurement photo (spec part 1 §7; the server does not use it). */
const PHOTO_TYPE = 'measurement';

export const measurementsApi = {
  /** GET /api/measurements with page/limit: one page and the X-Total-Count header. */
  list: async ({ teacherId, page, limit }: MeasurementListParams): Promise<MeasurementPage> => {
    const params: Record<string, string | number> = { page, limit };
    if (teacherId) params.teacherId = teacherId;
    const res = await api.get<Measurement[]>('/measurements', { params });
    const header = Number(res.headers['x-total-count']);
    return { items: res.data, total: Number.isFinite(header) ? header : res.data.length };
  },
  get: (id: string) => api.get<Measurement>(path(id)).then((r) => r.data),
  create: (body: CreateMeasurementBody) => api.post<Measurement>('/measurements', body).then((r) => r.data),
  /** DELETE /api/measurements/{id}: soft delete (an administrator can restore it). */
  remove: (id: string) => api.delete<MessageResponse>(path(id)).then((r) => r.data),
  /** GET /api/measurements/status/all with filters and page/limit: one page and X-Total-Count. */
  statusPage: async (filters: StatusFilters, page: number): Promise<StatusPage> => {
    const res = await api.get<MeasurementStatusEntry[]>('/measurements/status/all', {
      params: statusPageParams(filters, page),
    });
    const header = Number(res.headers['x-total-count']);
    return { items: res.data, total: Number.isFinite(header) ? header : res.data.length };
  },
  /** GET /api/measurements/status/summary: the five counters for the filters other than the status. */
  statusSummary: (filters: StatusFilters) =>
    api
      .get<MeasurementStatusSummary>('/measurements/status/summary', { params: summaryParams(filters) })
      .then((r) => r.data),
  /** POST /api/file-upload/measurement: 'file' and 'type'; the answer's id goes into `photos`. */
  uploadPhoto: async (file: File): Promise<string> => {
    const form = new FormData();
    form.append(MEASUREMENT_PHOTO_FIELD, file, file.name);
    form.append('type', PHOTO_TYPE);
    const res = await api.post<MeasurementPhotoUploadResponse>('/file-upload/measurement', form);
    return res.data.id || res.data.url;
  },
};

/** 404 (missing or not in one's scope) and 400 (not a valid id): nothing to show. */
export function isMeasurementMissing(error: unknown): boolean {
  const status = errorStatus(error);
  return status === 404 || status === 400;
}

/**
 * One page of measurements; the previous page stays on screen while the next one loads. Silent: a
 * failure shows the page's full error view instead of a toast (spec part 1 §8 "Measurements").
 */
export function useMeasurementsQuery(params: MeasurementListParams) {
  return useQuery({
    queryKey: measurementKeys.list(params),
    queryFn: () => measurementsApi.list(params),
    placeholderData: keepPreviousData,
    retry: 1,
    meta: { silent: true },
  });
}

/** One measurement. Silent: the page shows 'Measurement not found.' or an inline error with a retry. */
export function useMeasurementQuery(id: string) {
  return useQuery({
    queryKey: measurementKeys.detail(id),
    queryFn: () => measurementsApi.get(id),
    retry: (failures, error) => failures < 1 && !isMeasurementMissing(error) && errorStatus(error) !== 403,
    meta: { silent: true },
  });
}

/** One page of the status list (teachers: their own students); the previous page stays while loading. */
export function useStatusPageQuery(filters: StatusFilters, page: number) {
  return useQuery({
    queryKey: measurementKeys.statusPage(filters, page),
    queryFn: () => measurementsApi.statusPage(filters, page),
    placeholderData: keepPreviousData,
  });
}

/** The status page's counters (for the filters other than the status; in no order). */
export function useStatusSummaryQuery(filters: StatusFilters) {
  const { status: _status, order: _order, ...rest } = filters;
  return useQuery({
    queryKey: measurementKeys.statusSummary(rest),
    queryFn: () => measurementsApi.statusSummary(rest),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

/**
 * A measurement appears in the lists, the status figures, the children at risk, the student's page and
 * the dashboard's panels.
 */
function invalidateAround(queryClient: QueryClient, studentId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: measurementKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: measurementKeys.status() }),
    queryClient.invalidateQueries({ queryKey: growthKeys.atRisk() }),
    queryClient.invalidateQueries({ queryKey: studentKeys.detail(studentId) }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
  ]);
}

export function useCreateMeasurementMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: measurementsApi.create,
    onSuccess: (measurement) => {
      queryClient.setQueryData(measurementKeys.detail(measurement.id), measurement);
      return invalidateAround(queryClient, measurement.studentId);
    },
  });
}

/**
 * Deletes a measurement recorded in error (administrators: any; teachers: one they recorded). The
 * child's growth is rescored on the server, so the at-risk list changes with it.
 */
export function useDeleteMeasurementMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (measurement: Pick<Measurement, 'id' | 'studentId'>) =>
      measurementsApi.remove(measurement.id),
    onSuccess: (_data, measurement) => {
      // The open detail page is left at once; a later visit refetches and finds nothing.
      void queryClient.invalidateQueries({
        queryKey: measurementKeys.detail(measurement.id),
        refetchType: 'none',
      });
      return invalidateAround(queryClient, measurement.studentId);
    },
  });
}

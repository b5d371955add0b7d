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
import { api } from '../../../lib/api.ts';
import { definePagedList } from '../../../lib/paged-list.ts';
import { useRecordQuery } from '../../../lib/record-query.ts';
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

/** Query keys of the measurements feature. */
export const measurementKeys = {
  all: ['measurements'] as const,
  lists: () => [...measurementKeys.all, 'list'] as const,
  list: (params: MeasurementListParams) => [...measurementKeys.lists(), params] as const,
  details: () => [...measurementKeys.all, 'detail'] as const,
  detail: (id: string) => [...measurementKeys.details(), id] as const,
  status: () => [...measurementKeys.all, 'status'] as const,
  statusPage: (params: StatusPageParams) => [...measurementKeys.status(), 'page', params] as const,
  statusSummary: (filters: StatusFilters) => [...measurementKeys.status(), 'summary', filters] as const,
};

/** One page of the status list: the filters and the page (10 a page). */
export type StatusPageParams = StatusFilters & { page: number };

const path = (id: string) => `/measurements/${encodeURIComponent(id)}`;

/** The 'type' field sent with a measurement photo (spec part 1 §7; the server does not use it). */
const PHOTO_TYPE = 'measurement';

/** GET /api/measurements with page/limit: one page and the X-Total-Count header. */
export const measurementList = definePagedList<MeasurementListParams, Measurement>({
  key: measurementKeys.list,
  path: '/measurements',
  query: ({ teacherId, page, limit }) => ({ page, limit, ...(teacherId ? { teacherId } : {}) }),
});

/** GET /api/measurements/status/all with filters and page/limit (teachers: their own students). */
export const statusList = definePagedList<StatusPageParams, MeasurementStatusEntry>({
  key: measurementKeys.statusPage,
  path: '/measurements/status/all',
  query: ({ page, ...filters }) => statusPageParams(filters, page),
});

export const measurementsApi = {
  get: (id: string) => api.get<Measurement>(path(id)).then((r) => r.data),
  create: (body: CreateMeasurementBody) => api.post<Measurement>('/measurements', body).then((r) => r.data),
  /** DELETE /api/measurements/{id}: soft delete (an administrator can restore it). */
  remove: (id: string) => api.delete<MessageResponse>(path(id)).then((r) => r.data),
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

/** One measurement. Silent: the page shows 'Measurement not found.' or the failure with a retry. */
export function useMeasurementQuery(id: string) {
  return useRecordQuery(measurementKeys.detail(id), () => measurementsApi.get(id));
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

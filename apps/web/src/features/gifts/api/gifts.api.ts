import {
  GIFT_EVIDENCE_FIELD,
  GIFT_LIMITS,
  type BulkAssignGiftsBody,
  type Gift,
  type MessageResponse,
  type UpdateGiftBody,
} from '@csp/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, errorStatus, isApiError } from '../../../lib/api.ts';
import { definePagedList } from '../../../lib/paged-list.ts';
import { useRecordQuery } from '../../../lib/record-query.ts';
import { dashboardKeys } from '../../dashboard/api/dashboard.api.ts';
import { studentKeys, studentsApi, type StudentListParams } from '../../students/api/students.api.ts';
import { matchStudent, rowErrorsOf } from '../bulk-rows.ts';
import { giftFilterQuery, type GiftFilters } from '../gift-filters.ts';

/** Gift cards per page on /gifts (spec part 2 §9). */
export const GIFTS_PAGE_SIZE = GIFT_LIMITS.pageSize;

export interface GiftListParams extends GiftFilters {
  page: number;
  limit: number;
}

export interface BulkAssignResponse {
  message: string;
  count: number;
  ids: string[];
}

/** Query keys of the gifts feature. */
export const giftKeys = {
  all: ['gifts'] as const,
  lists: () => [...giftKeys.all, 'list'] as const,
  list: (params: GiftListParams) => [...giftKeys.lists(), params] as const,
  details: () => [...giftKeys.all, 'detail'] as const,
  detail: (id: string) => [...giftKeys.details(), id] as const,
};

const path = (id: string) => `/gifts/${encodeURIComponent(id)}`;

/** GET /api/gifts with filters and page/limit: one page and the X-Total-Count header. */
export const giftList = definePagedList<GiftListParams, Gift>({
  key: giftKeys.list,
  path: '/gifts',
  query: ({ page, limit, ...filters }) => ({ ...giftFilterQuery(filters), page, limit }),
});

export const giftsApi = {
  get: (id: string) => api.get<Gift>(path(id)).then((r) => r.data),
  update: (id: string, body: UpdateGiftBody) => api.patch<Gift>(path(id), body).then((r) => r.data),
  remove: (id: string) => api.delete<MessageResponse>(path(id)).then((r) => r.data),
  /**
   * PATCH /api/gifts/{id}/deliver-with-evidence: the photo in the multipart field 'evidenceImage', or no
   * body at all when none was chosen (a photo is optional). `seen`: the gift's updatedAt as shown (a gift
   * edited since answers 409).
   */
  deliver: (id: string, evidence: File | null, seen: string) => {
    const config = { params: { updatedAt: seen } };
    if (!evidence)
      return api.patch<Gift>(`${path(id)}/deliver-with-evidence`, undefined, config).then((r) => r.data);
    const form = new FormData();
    form.append(GIFT_EVIDENCE_FIELD, evidence, evidence.name);
    return api.patch<Gift>(`${path(id)}/deliver-with-evidence`, form, config).then((r) => r.data);
  },
  cancel: (id: string, seen: string) =>
    api.patch<Gift>(`${path(id)}/cancel`, undefined, { params: { updatedAt: seen } }).then((r) => r.data),
  bulkAssign: (body: BulkAssignGiftsBody) =>
    api.post<BulkAssignResponse>('/gifts/bulk-assign', body).then((r) => r.data),
};

/** The refused rows of a failed bulk assignment (a 400 listing them), else none. */
export function bulkRowErrors(error: unknown) {
  if (!isApiError(error) || error.response?.status !== 400) return [];
  return rowErrorsOf(error.response.data);
}

/** One gift. The pages show 'Gift not found.' or the failure with a retry. */
export function useGiftQuery(id: string) {
  return useRecordQuery(giftKeys.detail(id), () => giftsApi.get(id));
}

/** How many students a student-ID lookup reads (IDs that start alike: 'STU-1', 'STU-10', ...). */
const LOOKUP_SIZE = 20;

/**
 * The student whose student ID is `code` (typed on the bulk form): GET /api/students?search=<code>,
 * then an exact match on the student ID. Shares the students feature's cache.
 */
export function useStudentByCode(code: string) {
  const params: StudentListParams = { search: code, page: 1, limit: LOOKUP_SIZE };
  const query = useQuery({
    queryKey: studentKeys.list(params),
    queryFn: () => studentsApi.list(params),
    enabled: code !== '',
    staleTime: 60_000,
    meta: { silent: true },
  });
  const student = query.data ? matchStudent(code, query.data.items) : undefined;
  return { student, looking: code !== '' && query.isFetching, known: query.isSuccess && !query.isFetching };
}

/** Gifts appear in the lists and in the dashboard's 'Pending Gifts' figure. */
function invalidateAround(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: giftKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
  ]);
}

/** A change refused because the gift changed meanwhile (delivered, cancelled or edited: 409) or went (404). */
function refreshOnConflict(queryClient: QueryClient, id: string, error: unknown) {
  const status = errorStatus(error);
  if (status === 409 || status === 404) {
    void queryClient.invalidateQueries({ queryKey: giftKeys.detail(id) });
    void invalidateAround(queryClient);
  }
}

export function useUpdateGiftMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateGiftBody) => giftsApi.update(id, body),
    onSuccess: (gift) => {
      queryClient.setQueryData(giftKeys.detail(id), gift);
      return invalidateAround(queryClient);
    },
  });
}

export function useDeleteGiftMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => giftsApi.remove(id),
    onSuccess: (_data, id) => {
      // The open detail page is left at once; a later visit refetches and finds nothing.
      void queryClient.invalidateQueries({ queryKey: giftKeys.detail(id), refetchType: 'none' });
      return invalidateAround(queryClient);
    },
  });
}

/** `seen`: the gift's updatedAt as shown, so a gift edited since is not delivered or cancelled unseen. */
export type GiftStatusChange = ({ action: 'deliver'; evidence: File | null } | { action: 'cancel' }) & {
  seen: string;
};

/** Deliver (with an optional evidence photo) or cancel an open gift, as it was shown. */
export function useGiftStatusMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: GiftStatusChange) =>
      change.action === 'deliver'
        ? giftsApi.deliver(id, change.evidence, change.seen)
        : giftsApi.cancel(id, change.seen),
    onSuccess: (gift) => {
      queryClient.setQueryData(giftKeys.detail(id), gift);
      return invalidateAround(queryClient);
    },
    onError: (error) => refreshOnConflict(queryClient, id, error),
  });
}

export function useBulkAssignGiftsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: giftsApi.bulkAssign,
    onSuccess: () => invalidateAround(queryClient),
  });
}

import type { OfficeLocation, OfficeLocationDefaults, SetOfficeLocationBody } from '@csp/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { definePagedList } from '../../../lib/paged-list.ts';

/** History rows per page on /admin/office-location. */
export const OFFICE_HISTORY_PAGE_SIZE = 10;

/** Query keys of the office-location feature. */
export const officeLocationKeys = {
  all: ['office-location'] as const,
  current: () => [...officeLocationKeys.all, 'current'] as const,
  histories: () => [...officeLocationKeys.all, 'history'] as const,
  history: (page: number) => [...officeLocationKeys.histories(), page] as const,
  defaults: () => [...officeLocationKeys.all, 'defaults'] as const,
};

/** GET /api/office-location/history?page&limit: newest first, X-Total-Count. */
export const officeLocationHistory = definePagedList<{ page: number }, OfficeLocation>({
  key: ({ page }) => officeLocationKeys.history(page),
  path: '/office-location/history',
  query: ({ page }) => ({ page, limit: OFFICE_HISTORY_PAGE_SIZE }),
});

export const officeLocationApi = {
  /** GET /api/office-location/current: the active location, or null. */
  current: () => api.get<OfficeLocation | null>('/office-location/current').then((r) => r.data ?? null),
  /** GET /api/office-location/defaults: the form's defaults and the confirmation phrase. */
  defaults: () => api.get<OfficeLocationDefaults>('/office-location/defaults').then((r) => r.data),
  set: (body: SetOfficeLocationBody) =>
    api.post<OfficeLocation>('/office-location/set', body).then((r) => r.data),
  initializeDefault: () =>
    api.post<OfficeLocation>('/office-location/initialize-default').then((r) => r.data),
};

export function useCurrentOfficeLocationQuery() {
  return useQuery({ queryKey: officeLocationKeys.current(), queryFn: officeLocationApi.current });
}

export function useOfficeLocationDefaultsQuery() {
  return useQuery({
    queryKey: officeLocationKeys.defaults(),
    queryFn: officeLocationApi.defaults,
    staleTime: Infinity,
  });
}

/** A new active location: the current panel and the history are refetched. */
function invalidateLocations(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: officeLocationKeys.current() }),
    queryClient.invalidateQueries({ queryKey: officeLocationKeys.histories() }),
  ]);
}

export function useSetOfficeLocationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: officeLocationApi.set,
    onSuccess: (location) => {
      queryClient.setQueryData(officeLocationKeys.current(), location);
      return invalidateLocations(queryClient);
    },
  });
}

export function useInitializeOfficeLocationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: officeLocationApi.initializeDefault,
    onSuccess: (location) => {
      queryClient.setQueryData(officeLocationKeys.current(), location);
      return invalidateLocations(queryClient);
    },
    // 409: a location was set meanwhile; show it.
    onError: () => invalidateLocations(queryClient),
  });
}

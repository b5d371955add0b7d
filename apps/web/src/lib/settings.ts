import { DISTANCE_THRESHOLD, type Settings } from '@csp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api.ts';

/**
 * The programme's settings (spec part 2 §3, §9): the auto-approval distance threshold of home visits,
 * read by the visit forms and changed by administrators from the review queue.
 */

/** Query keys of the settings. */
export const settingsKeys = {
  all: ['settings'] as const,
};

export const settingsApi = {
  /** GET /api/settings. */
  settings: () => api.get<Settings>('/settings').then((r) => r.data),
  /** PATCH /api/settings/home-visit-distance (administrators). */
  updateThreshold: (distanceMeters: number) =>
    api.patch<unknown>('/settings/home-visit-distance', { distanceMeters }).then((r) => r.data),
};

/** The settings; silent: the forms fall back to the default threshold while they are unknown. */
export function useSettingsQuery() {
  return useQuery({ queryKey: settingsKeys.all, queryFn: settingsApi.settings, meta: { silent: true } });
}

/** The auto-approval distance threshold in metres (the default 50 while unknown). */
export function useDistanceThreshold(): number {
  return useSettingsQuery().data?.homeVisitDistanceThreshold ?? DISTANCE_THRESHOLD.default;
}

/** Saves a new distance threshold; the settings are read again. */
export function useUpdateThresholdMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settingsApi.updateThreshold,
    onSuccess: (_data, distanceMeters) => {
      queryClient.setQueryData<Settings>(settingsKeys.all, (old) => ({
        ...old,
        homeVisitDistanceThreshold: distanceMeters,
      }));
      return queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    },
  });
}

import type { User } from '@csp/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Query keys of the profile feature. */
export const profileKeys = {
  all: ['profile'] as const,
  me: () => [...profileKeys.all, 'me'] as const,
};

export const profileApi = {
  /** GET /api/auth/profile: the signed-in user's profile (fresh signed picture URL). */
  get: () => api.get<User>('/auth/profile').then((r) => r.data),
};

export function useProfileQuery(options: { silent?: boolean } = {}) {
  return useQuery({
    queryKey: profileKeys.me(),
    queryFn: profileApi.get,
    staleTime: 60_000,
    meta: { silent: options.silent },
  });
}

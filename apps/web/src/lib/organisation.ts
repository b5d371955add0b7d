import type { Organisation } from '@csp/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import { orgToday } from './org-today.ts';

/** Query keys of the organisation feature. */
export const organisationKeys = {
  all: ['organisation'] as const,
};

export const organisationApi = {
  /** GET /api/organisation: the organisation's time zone (ORG_TIMEZONE) and its day. */
  get: () => api.get<Organisation>('/organisation').then((r) => r.data),
};

/** The organisation's settings; they change only when the server restarts, so they are read once. */
export function useOrganisationQuery() {
  return useQuery({
    queryKey: organisationKeys.all,
    queryFn: organisationApi.get,
    staleTime: Infinity,
    meta: { silent: true },
  });
}

/**
 * The organisation's "today" (YYYY-MM-DD) for form defaults, date limits and the Today/This Week/This
 * Month filters: worked out in the organisation's time zone on every render, so it moves on at the
 * organisation's midnight; the browser's own day only while the time zone is loading (or unreachable).
 */
export function useOrgToday(): string {
  const { data } = useOrganisationQuery();
  return orgToday(data);
}

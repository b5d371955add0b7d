import { AT_RISK_PAGE_SIZE, type AtRiskCondition, type AtRiskEntry } from '@csp/contracts';
import { definePagedList } from '../../../lib/paged-list.ts';

export { AT_RISK_PAGE_SIZE };

export interface AtRiskParams {
  condition?: AtRiskCondition;
  /** Administrators: one teacher's children. */
  teacherId?: string;
  search?: string;
  page: number;
  limit: number;
}

/**
 * Query keys of growth monitoring. They sit under the measurements' root key ('measurements'), so that
 * whatever refreshes every measurement query (a create, a delete, a restore from Deleted Records) also
 * refreshes the children at risk.
 */
export const growthKeys = {
  all: ['measurements', 'growth'] as const,
  atRisk: () => [...growthKeys.all, 'at-risk'] as const,
  atRiskPage: (params: AtRiskParams) => [...growthKeys.atRisk(), params] as const,
};

/** GET /api/measurements/at-risk query: the filters given, and the page. */
export function atRiskQueryParams({
  condition,
  teacherId,
  search,
  page,
  limit,
}: AtRiskParams): Record<string, string | number> {
  const params: Record<string, string | number> = { page, limit };
  if (condition) params.condition = condition;
  if (teacherId) params.teacherId = teacherId;
  if (search?.trim()) params.search = search.trim();
  return params;
}

/** GET /api/measurements/at-risk: one page (teachers: their own children) and X-Total-Count. */
export const atRiskList = definePagedList<AtRiskParams, AtRiskEntry>({
  key: growthKeys.atRiskPage,
  path: '/measurements/at-risk',
  query: atRiskQueryParams,
});

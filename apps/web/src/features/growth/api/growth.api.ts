import { AT_RISK_PAGE_SIZE, type AtRiskCondition, type AtRiskEntry } from '@csp/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export { AT_RISK_PAGE_SIZE };

export interface AtRiskParams {
  condition?: AtRiskCondition;
  /** Administrators: one teacher's children. */
  teacherId?: string;
  search?: string;
  page: number;
  limit: number;
}

export interface AtRiskPage {
  items: AtRiskEntry[];
  total: number;
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

export const growthApi = {
  /** GET /api/measurements/at-risk: one page (teachers: their own children) and X-Total-Count. */
  atRisk: async (params: AtRiskParams): Promise<AtRiskPage> => {
    const res = await api.get<AtRiskEntry[]>('/measurements/at-risk', { params: atRiskQueryParams(params) });
    const header = Number(res.headers['x-total-count']);
    return { items: res.data, total: Number.isFinite(header) ? header : res.data.length };
  },
};

/**
 * One page of the children at risk; the previous page stays on screen while the next one loads. Silent:
 * the panel shows its own error with a retry instead of a toast.
 */
export function useAtRisk(params: AtRiskParams) {
  return useQuery({
    queryKey: growthKeys.atRiskPage(params),
    queryFn: () => growthApi.atRisk(params),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

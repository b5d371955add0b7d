import type { AuditChainCheck, AuditEvent, AuditListQuery } from '@csp/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** A page of the trail and the server's X-Total-Count. */
export interface AuditPage {
  items: AuditEvent[];
  total: number;
}

type Params = Record<string, string | number | undefined>;

/** Drops empty filters so the request (and the query key) carries only what was chosen. */
const clean = (params: object): Params =>
  Object.fromEntries(
    Object.entries(params).filter(([, v]) => v !== undefined && v !== '' && v !== null),
  ) as Params;

function totalOf(headers: Record<string, unknown>, fallback: number): number {
  const header = Number(headers['x-total-count']);
  return Number.isFinite(header) ? header : fallback;
}

/** Query keys of the audit trail (everything under 'audit'). */
export const auditKeys = {
  all: ['audit'] as const,
  list: (q: AuditListQuery) => [...auditKeys.all, 'list', clean(q)] as const,
};

export const auditApi = {
  /** GET /api/audit: newest first, a page of events (administrators only). */
  list: async (q: AuditListQuery): Promise<AuditPage> => {
    const res = await api.get<AuditEvent[]>('/audit', { params: clean(q) });
    return { items: res.data, total: totalOf(res.headers, res.data.length) };
  },
  /** GET /api/audit/chain: whether the trail's hash chain is whole (administrators only). */
  checkChain: async (): Promise<AuditChainCheck> => (await api.get<AuditChainCheck>('/audit/chain')).data,
};

export const useAuditList = (q: AuditListQuery, enabled = true) =>
  useQuery({
    queryKey: auditKeys.list(q),
    queryFn: () => auditApi.list(q),
    enabled,
    placeholderData: keepPreviousData,
  });

/** The trail check, run when asked (it reads the whole trail): a mutation, never cached or refetched. */
export const useAuditChainCheck = () =>
  useMutation({
    mutationFn: auditApi.checkChain,
    meta: { errorMessage: 'The audit trail could not be checked' },
  });

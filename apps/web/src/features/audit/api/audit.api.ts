import type { AuditChainCheck, AuditEvent, AuditListQuery } from '@csp/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { definePagedList } from '../../../lib/paged-list.ts';

type Params = Record<string, string | number | undefined>;

/** Drops empty filters so the request (and the query key) carries only what was chosen. */
const clean = (params: object): Params =>
  Object.fromEntries(
    Object.entries(params).filter(([, v]) => v !== undefined && v !== '' && v !== null),
  ) as Params;

/** Query keys of the audit trail (everything under 'audit'). */
export const auditKeys = {
  all: ['audit'] as const,
  list: (q: AuditListQuery) => [...auditKeys.all, 'list', clean(q)] as const,
};

/** GET /api/audit: newest first, a page of events and X-Total-Count (administrators only). */
export const auditList = definePagedList<AuditListQuery, AuditEvent>({
  key: auditKeys.list,
  path: '/audit',
  query: clean,
});

export const auditApi = {
  /** GET /api/audit/chain: whether the trail's hash chain is whole (administrators only). */
  checkChain: async (): Promise<AuditChainCheck> => (await api.get<AuditChainCheck>('/audit/chain')).data,
};

/** The trail check, run when asked (it reads the whole trail): a mutation, never cached or refetched. */
export const useAuditChainCheck = () =>
  useMutation({
    mutationFn: auditApi.checkChain,
    meta: { errorMessage: 'The audit trail could not be checked' },
  });

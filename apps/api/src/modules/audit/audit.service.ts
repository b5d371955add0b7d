import type { AuditEvent, AuditListQuery } from '@csp/contracts';
import type { FastifyInstance } from 'fastify';
import { fetchPage, pageOf, type Paged } from '../../lib/paging.ts';
import { requireRole } from '../../lib/permissions.ts';
import type { Actor } from '../../plugins/auth.ts';
import * as repo from './audit.repo.ts';

export type AuditDeps = Pick<FastifyInstance, 'db'>;

const toDto = (r: repo.AuditRow): AuditEvent => ({
  id: r.id,
  at: r.at.toISOString(),
  actorId: r.actorId,
  actorEmail: r.actorEmail,
  action: r.action,
  entity: r.entity,
  entityId: r.entityId,
  changes: r.changes,
});

/** GET /audit: the trail, newest first, filtered (admins). A record's 'History' is entity + entityId. */
export async function listAudit(
  deps: AuditDeps,
  actor: Actor,
  query: AuditListQuery,
): Promise<Paged<AuditEvent>> {
  requireRole(actor, 'ADMIN');
  const { page: _p, limit: _l, ...filter } = query;
  const page = await fetchPage(
    pageOf(query),
    (p) => repo.listAuditEvents(deps.db, filter, p),
    () => repo.countAuditEvents(deps.db, filter),
  );
  return { ...page, items: page.items.map(toDto) };
}

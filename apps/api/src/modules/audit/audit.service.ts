import { isUuid, type AuditEvent, type AuditListQuery } from '@csp/contracts';
import type { FastifyInstance } from 'fastify';
import { fetchPage, pageOf, type Paged } from '../../lib/paging.ts';
import { requireRole } from '../../lib/permissions.ts';
import type { Actor } from '../../plugins/auth.ts';
import * as repo from './audit.repo.ts';

export type AuditDeps = Pick<FastifyInstance, 'db'>;

/** The record ids an event's changes hold: fields named …Id whose values are ids. */
const referencedIds = (r: repo.AuditRow): string[] =>
  Object.entries(r.changes).flatMap(([field, value]) =>
    field.endsWith('Id') && typeof value === 'string' && isUuid(value) ? [value] : [],
  );

const toDto = (r: repo.AuditRow, names: Map<string, string>): AuditEvent => {
  const named = referencedIds(r).flatMap((id) => {
    const name = names.get(id);
    return name === undefined ? [] : [[id, name] as const];
  });
  return {
    id: r.id,
    at: r.at.toISOString(),
    actorId: r.actorId,
    actorEmail: r.actorEmail,
    action: r.action,
    entity: r.entity,
    entityId: r.entityId,
    changes: r.changes,
    ...(named.length > 0 ? { names: Object.fromEntries(named) } : {}),
  };
};

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
  const names = await repo.namesOf(deps.db, [...new Set(page.items.flatMap(referencedIds))]);
  return { ...page, items: page.items.map((r) => toDto(r, names)) };
}

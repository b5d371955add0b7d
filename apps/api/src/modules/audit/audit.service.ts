import { isUuid, type AuditChainCheck, type AuditEvent, type AuditListQuery } from '@csp/contracts';
import type { FastifyInstance } from 'fastify';
import { fetchPage, pageOf, type Paged } from '../../lib/paging.ts';
import { requireRole } from '../../lib/permissions.ts';
import type { Actor } from '../../lib/actor.ts';
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
  const page = await fetchPage({
    page: pageOf(query),
    rows: (p) => repo.listAuditEvents(deps.db, filter, p),
    count: () => repo.countAuditEvents(deps.db, filter),
  });
  const names = await repo.namesOf(deps.db, [...new Set(page.items.flatMap(referencedIds))]);
  return { ...page, items: page.items.map((r) => toDto(r, names)) };
}

/**
 * Links checked a statement: each a hash of a short text, so a batch is a fraction of a second and a
 * national trail (millions of entries) is checked in many short statements, never one long one (on the
 * embedded database, other requests run between them).
 */
export const CHAIN_BATCH = 10_000;

/**
 * GET /audit/chain: whether the trail's hash chain is whole (admins). The extent is read first (one
 * snapshot: the entries and the last link), then the links up to it, a batch a statement, stopping at the
 * first that does not hold. Entries without a link (added with the chain's trigger off) are counted from
 * the extent: every link up to it held, so they are the entries past its count.
 */
export async function checkChain(
  deps: AuditDeps,
  actor: Actor,
  batch = CHAIN_BATCH,
): Promise<AuditChainCheck> {
  requireRole(actor, 'ADMIN');
  const { entries, lastSeq } = await repo.chainExtent(deps.db);
  let checked = 0;
  let after = 0;
  while (after < lastSeq) {
    const b = await repo.checkChainBatch(deps.db, after, lastSeq, batch);
    checked += b.checked;
    if (b.broken) {
      const { seq, eventId, at, fault } = b.broken;
      return {
        ok: false,
        entries,
        checked,
        firstBroken: { seq, eventId, at: at?.toISOString() ?? null, fault },
        unchained: 0,
      };
    }
    after = Math.min(after + batch, lastSeq);
  }
  const unchained = Math.max(0, entries - checked);
  const first = unchained > 0 ? await repo.firstUnchainedEvent(deps.db) : undefined;
  return {
    ok: checked === lastSeq && unchained === 0,
    entries,
    checked,
    unchained,
    ...(first ? { firstUnchained: { eventId: first.id, at: first.at.toISOString() } } : {}),
  };
}

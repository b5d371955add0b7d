import { isUuid, type AuditChainCheck, type AuditEvent, type AuditListQuery } from '@csp/contracts';
import { fetchPage, pageOf, type Paged } from '../../lib/paging.ts';
import { requireRole } from '../../lib/permissions.ts';
import type { Actor } from '../../lib/actor.ts';
import { bindDeps, type AppDeps } from '../../lib/service-deps.ts';
import * as repo from './audit.repo.ts';

/** The repository the service is given (the real one in the app, a fake in a unit test). */
export type AuditRepo = typeof repo;

export type AuditDeps = Pick<AppDeps, 'db'> & { repo: AuditRepo };

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
async function listAudit(deps: AuditDeps, actor: Actor, query: AuditListQuery): Promise<Paged<AuditEvent>> {
  requireRole(actor, 'ADMIN');
  const { page: _p, limit: _l, ...filter } = query;
  const page = await fetchPage({
    page: pageOf(query),
    rows: (p) => deps.repo.listAuditEvents(deps.db, filter, p),
    count: () => deps.repo.countAuditEvents(deps.db, filter),
  });
  const names = await deps.repo.namesOf(deps.db, [...new Set(page.items.flatMap(referencedIds))]);
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
async function checkChain(deps: AuditDeps, actor: Actor, batch = CHAIN_BATCH): Promise<AuditChainCheck> {
  requireRole(actor, 'ADMIN');
  const { entries, lastSeq } = await deps.repo.chainExtent(deps.db);
  let checked = 0;
  let after = 0;
  while (after < lastSeq) {
    const b = await deps.repo.checkChainBatch(deps.db, after, lastSeq, batch);
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
  const first = unchained > 0 ? await deps.repo.firstUnchainedEvent(deps.db) : undefined;
  return {
    ok: checked === lastSeq && unchained === 0,
    entries,
    checked,
    unchained,
    ...(first ? { firstUnchained: { eventId: first.id, at: first.at.toISOString() } } : {}),
  };
}

/** The audit service (decision 0034): the app's real repository unless a test passes a fake. */
export function createAuditService(deps: Pick<AppDeps, 'db'> & { repo?: AuditRepo }) {
  const full: AuditDeps = { repo, ...deps };
  return bindDeps(full, { listAudit, checkChain });
}

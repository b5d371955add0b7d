import { SECRET_FIELD_PATTERN, type AuditAction, type AuditEntity } from '@csp/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { insertAuditEvent, insertAuditEvents } from './audit.repo.ts';

/** Who a change by the server itself is recorded under (its scheduled jobs): no id and no email. */
export const SYSTEM_ACTOR = { id: null, email: null } as const;

/** Whom an entry names: a person, the email a failed sign-in tried, or the server itself. */
export type AuditActor = Pick<Actor, 'id' | 'email'> | { id: null; email: string } | typeof SYSTEM_ACTOR;

/** Drops secret fields (passwords, tokens, codes) and undefined values; keeps everything else as given. */
export function auditable(changes: object | undefined): Record<string, unknown> {
  if (!changes) return {};
  return Object.fromEntries(
    Object.entries(changes).filter(([k, v]) => v !== undefined && !SECRET_FIELD_PATTERN.test(k)),
  );
}

/**
 * Writes one entry of the audit trail. Call it with the transaction of the change it describes, so the
 * entry and the change land together or not at all.
 */
export async function audit(
  db: DbOrTx,
  who: AuditActor,
  action: AuditAction,
  entity: AuditEntity,
  entityId: string | null,
  changes?: object,
): Promise<void> {
  await insertAuditEvent(db, {
    actorId: who.id,
    actorEmail: who.email,
    action,
    entity,
    entityId,
    changes: auditable(changes),
  });
}

/** One entry per record for the same action (a bulk change), in one statement. */
export async function auditEach(
  db: DbOrTx,
  who: AuditActor,
  action: AuditAction,
  entity: AuditEntity,
  entries: { entityId: string; changes?: object }[],
): Promise<void> {
  if (entries.length === 0) return;
  await insertAuditEvents(
    db,
    entries.map((e) => ({
      actorId: who.id,
      actorEmail: who.email,
      action,
      entity,
      entityId: e.entityId,
      changes: auditable(e.changes),
    })),
  );
}

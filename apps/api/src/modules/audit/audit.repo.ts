import type { AuditAction, AuditEntity } from '@csp/contracts';
import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditEvents } from '../../db/schema.ts';
import type { Page } from '../../lib/paging.ts';

export type AuditRow = typeof auditEvents.$inferSelect;

export interface AuditFilter {
  entity?: AuditEntity;
  entityId?: string;
  actorId?: string;
  action?: AuditAction;
  /** Days (UTC), inclusive. */
  from?: string;
  to?: string;
}

export async function insertAuditEvent(db: DbOrTx, row: typeof auditEvents.$inferInsert): Promise<void> {
  await db.insert(auditEvents).values(row);
}

export async function insertAuditEvents(
  db: DbOrTx,
  rows: (typeof auditEvents.$inferInsert)[],
): Promise<void> {
  if (rows.length) await db.insert(auditEvents).values(rows);
}

function whereOf(f: AuditFilter): SQL | undefined {
  return and(
    f.entity ? eq(auditEvents.entity, f.entity) : undefined,
    f.entityId ? eq(auditEvents.entityId, f.entityId) : undefined,
    f.actorId ? eq(auditEvents.actorId, f.actorId) : undefined,
    f.action ? eq(auditEvents.action, f.action) : undefined,
    f.from ? gte(auditEvents.at, sql`${f.from}::date`) : undefined,
    f.to ? lt(auditEvents.at, sql`${f.to}::date + 1`) : undefined,
  );
}

/** Newest first; only the page's rows. */
export async function listAuditEvents(db: DbOrTx, f: AuditFilter, page?: Page): Promise<AuditRow[]> {
  const q = db
    .select()
    .from(auditEvents)
    .where(whereOf(f))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id));
  return page ? q.limit(page.limit).offset(page.offset) : q;
}

export async function countAuditEvents(db: DbOrTx, f: AuditFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditEvents).where(whereOf(f));
  return row.n;
}

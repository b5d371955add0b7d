import type { AuditAction, AuditEntity } from '@csp/contracts';
import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditEvents, students, users } from '../../db/schema.ts';
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

/**
 * The names of the people and children with these ids, deleted ones too (the ids a page of the trail's
 * changes hold: an assigned teacher, a visit's student). Ids of neither are left out.
 */
export async function namesOf(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const people = db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, ids));
  const children = db
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
    .from(students)
    .where(inArray(students.id, ids));
  const rows = await people.unionAll(children);
  return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`]));
}

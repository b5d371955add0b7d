import type { AuditAction, AuditEntity } from '@csp/contracts';
import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditChain, auditEvents, students, users } from '../../db/schema.ts';
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

/** Rows per INSERT: six parameters each, well inside a statement's 65,535. */
const INSERT_BATCH = 1000;

export async function insertAuditEvents(
  db: DbOrTx,
  rows: (typeof auditEvents.$inferInsert)[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await db.insert(auditEvents).values(rows.slice(i, i + INSERT_BATCH));
  }
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

type Rows<T> = { rows: T[] };

/**
 * The trail and its chain at one moment (one statement, one snapshot): how many entries, and the last
 * link's number. Entries committed later are not checked this time.
 */
export async function chainExtent(db: DbOrTx): Promise<{ entries: number; lastSeq: number }> {
  const result = (await db.execute(sql`select
      (select count(*) from ${auditEvents})::float8 as entries,
      coalesce((select max(${auditChain.seq}) from ${auditChain}), 0)::float8 as "lastSeq"`)) as unknown as Rows<{
    entries: number;
    lastSeq: number;
  }>;
  return result.rows[0];
}

export type ChainFault = 'changed' | 'removed' | 'unlinked';

export interface ChainBatch {
  /** Links checked in this batch that held (those before the broken one, if any). */
  checked: number;
  /** The first link in this batch that does not hold, and why. */
  broken?: { seq: number; eventId: string; at: Date | null; fault: ChainFault };
}

/**
 * Checks the links numbered after `afterSeq`, `limit` numbers on (never past `lastSeq`), in one
 * statement — a range of the key, not a LIMIT, so only those rows are read and joined: each
 * link's hash recomputed from its event (audit_chain_hash, migration 0032) and compared with the stored
 * one, its prev_hash with the hash of the link before (lag(), over the batch and the last link of the
 * batch before: a missing one, or a gap, shows as the next link's fault), its seq with the one before plus one. The first link that fails, if any, and why:
 * `removed`, its event is gone; `changed`, the event is not as it was hashed; `unlinked`, the link before
 * it is missing or not the one it was chained to (a link removed or slipped in).
 */
export async function checkChainBatch(
  db: DbOrTx,
  afterSeq: number,
  lastSeq: number,
  limit: number,
): Promise<ChainBatch> {
  // The event of each link by its key, one probe each (a subquery: as a join, the planner reads the
  // whole trail for every batch, its ids being random).
  const result = (await db.execute(sql`
    with links as (
      select c.seq, c.event_id,
        c.hash is distinct from (
          select audit_chain_hash(c.prev_hash, e) from ${auditEvents} e where e.id = c.event_id
        ) as changed,
        c.prev_hash is distinct from coalesce(lag(c.hash) over w, decode(repeat('00', 32), 'hex'))
          or coalesce(lag(c.seq) over w, 0) <> c.seq - 1 as unlinked
      from ${auditChain} c
      where c.seq >= ${afterSeq}::bigint and c.seq <= ${Math.min(afterSeq + limit, lastSeq)}::bigint
      window w as (order by c.seq)
    ),
    checked as (select * from links where seq > ${afterSeq}::bigint),
    first_broken as (select * from checked where changed or unlinked order by seq limit 1)
    select (select count(*) from checked where b.seq is null or seq < b.seq)::float8 as checked,
      b.seq::float8 as "brokenSeq", b.event_id as "brokenEventId", e.at as "brokenAt",
      case when e.id is null then 'removed' when b.changed then 'changed' else 'unlinked' end as fault
    from (select 1) one
    left join first_broken b on true
    left join ${auditEvents} e on e.id = b.event_id`)) as unknown as Rows<{
    checked: number;
    brokenSeq: number | null;
    brokenEventId: string | null;
    brokenAt: string | Date | null;
    fault: ChainFault;
  }>;
  const row = result.rows[0];
  return {
    checked: row.checked,
    ...(row.brokenSeq !== null && row.brokenEventId !== null
      ? {
          broken: {
            seq: row.brokenSeq,
            eventId: row.brokenEventId,
            at: row.brokenAt === null ? null : new Date(row.brokenAt),
            fault: row.fault,
          },
        }
      : {}),
  };
}

/**
 * The first entry (in the trail's order) that has no link: written while the chain's trigger was off.
 * Read only once the counts say there is one: it compares the whole trail with the chain.
 */
export async function firstUnchainedEvent(db: DbOrTx): Promise<{ id: string; at: Date } | undefined> {
  const [row] = await db
    .select({ id: auditEvents.id, at: auditEvents.at })
    .from(auditEvents)
    .where(sql`not exists (select 1 from ${auditChain} c where c.event_id = ${auditEvents.id})`)
    .orderBy(auditEvents.at, auditEvents.id)
    .limit(1);
  return row;
}

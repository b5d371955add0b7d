import type { LeaveStatus } from '@csp/contracts';
import {
  aliasedTable,
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lte,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { defineCount } from '../../db/lists/index.ts';
import { filtersOnly, liveCountSql } from '../../db/live-counts.ts';
import { leaves, liveCounts, users } from '../../db/schema.ts';
import { containsLowered, containsPattern } from '../../db/sql-helpers.ts';
import type { Page } from '../../lib/paging.ts';
import type { Actor } from '../../lib/actor.ts';

export type LeaveRow = typeof leaves.$inferSelect;

export interface LeaveWithRefs {
  leave: LeaveRow;
  teacher: { id: string; firstName: string; lastName: string };
  /** Null (left join) before a review, or when the reviewer's account is gone. */
  reviewer: { firstName: string | null; lastName: string | null } | null;
}

export interface LeaveFilter {
  teacherId?: string;
  status?: LeaveStatus;
  /** Text in the teacher's name or the reason. */
  search?: string;
  /** Applied on or after the start of this day and before the start of `appliedBefore` (org days). */
  appliedFrom?: string;
  appliedBefore?: string;
  /** The organisation's time zone, for the applied-date bounds. */
  timeZone: string;
}

const teacher = aliasedTable(users, 'teacher');
const reviewer = aliasedTable(users, 'reviewer');

/** What an actor sees: a teacher their own applications; an admin every live teacher's. */
function visibleTo(actor: Actor): SQL | undefined {
  return and(
    isNull(teacher.deletedAt),
    actor.role === 'TEACHER' ? eq(leaves.teacherId, actor.id) : undefined,
  );
}

/** The instant a day of the organisation starts. */
const startOfDay = (day: string, timeZone: string) => sql`(${day}::timestamp at time zone ${timeZone})`;

function whereOf(actor: Actor, filter: LeaveFilter): SQL | undefined {
  const c: (SQL | undefined)[] = [visibleTo(actor)];
  if (filter.teacherId) c.push(eq(leaves.teacherId, filter.teacherId));
  if (filter.status) c.push(eq(leaves.status, filter.status));
  if (filter.appliedFrom) c.push(gte(leaves.appliedAt, startOfDay(filter.appliedFrom, filter.timeZone)));
  if (filter.appliedBefore)
    c.push(sql`${leaves.appliedAt} < ${startOfDay(filter.appliedBefore, filter.timeZone)}`);
  if (filter.search) {
    const p = containsPattern(filter.search);
    c.push(
      or(
        sql`${leaves.reason} ilike ${p}`,
        sql`${leaves.teacherId} = any(array(select ${users.id} from ${users} where ${eq(
          users.role,
          'TEACHER',
        )} and ${containsLowered(users.searchName, filter.search)}))`,
      ),
    );
  }
  return and(...c);
}

const selection = {
  leave: leaves,
  teacher: { id: teacher.id, firstName: teacher.firstName, lastName: teacher.lastName },
  reviewer: { firstName: reviewer.firstName, lastName: reviewer.lastName },
};

function selectLeaves(db: DbOrTx) {
  return db
    .select(selection)
    .from(leaves)
    .innerJoin(teacher, eq(teacher.id, leaves.teacherId))
    .leftJoin(reviewer, eq(reviewer.id, leaves.reviewedById));
}

/** Applications visible to the actor that match the filter, newest first; only the page's rows. */
export async function listLeaves(
  db: DbOrTx,
  actor: Actor,
  filter: LeaveFilter,
  page?: Page,
): Promise<LeaveWithRefs[]> {
  const q = selectLeaves(db).where(whereOf(actor, filter)).orderBy(desc(leaves.appliedAt), desc(leaves.id));
  return page ? q.limit(page.limit).offset(page.offset) : q;
}

/**
 * Whether the kept counts answer: an administrator's applications, unfiltered or by status alone (the
 * time zone only reads the applied-date bounds).
 */
const keptCountsAnswer = (actor: Actor, filter: LeaveFilter) =>
  actor.role === 'ADMIN' && filtersOnly(filter, ['status', 'timeZone']);

/** How many applications match: the kept counts where they answer, else count(*) (db/lists). */
export const countLeaves = defineCount({
  live: (actor: Actor, filter: LeaveFilter) =>
    keptCountsAnswer(actor, filter) ? (filter.status ? `leaves:${filter.status}` : 'leaves') : undefined,
  exact: async (db, actor, filter) => {
    const [row] = await db
      .select({ n: count() })
      .from(leaves)
      .innerJoin(teacher, eq(teacher.id, leaves.teacherId))
      .where(whereOf(actor, filter));
    return row.n;
  },
});

/** How many matching applications there are in all and in each status (the list's stat tiles). */
export async function summarizeLeaves(db: DbOrTx, actor: Actor, filter: LeaveFilter) {
  if (keptCountsAnswer(actor, filter) && !filter.status) {
    // Every live teacher's applications: the kept counts (docs/decisions/0013, migration 0019).
    const result = (await db.execute(sql`select
        ${liveCountSql('leaves')} as total,
        ${liveCountSql('leaves:PENDING')} as pending,
        ${liveCountSql('leaves:APPROVED')} as approved,
        ${liveCountSql('leaves:REJECTED')} as rejected`)) as unknown as {
      rows: { total: number; pending: number; approved: number; rejected: number }[];
    };
    return result.rows[0];
  }
  const [row] = await db
    .select({
      total: count(),
      pending: sql<number>`count(*) filter (where ${leaves.status} = 'PENDING')`.mapWith(Number),
      approved: sql<number>`count(*) filter (where ${leaves.status} = 'APPROVED')`.mapWith(Number),
      rejected: sql<number>`count(*) filter (where ${leaves.status} = 'REJECTED')`.mapWith(Number),
    })
    .from(leaves)
    .innerJoin(teacher, eq(teacher.id, leaves.teacherId))
    .where(whereOf(actor, filter));
  return row;
}

export async function findLeave(db: DbOrTx, actor: Actor, id: string): Promise<LeaveWithRefs | undefined> {
  const [row] = await selectLeaves(db).where(and(eq(leaves.id, id), visibleTo(actor)));
  return row;
}

/** Applications overlapping [from, to] (the attendance calendar), by start date. */
export async function leavesOverlapping(
  db: DbOrTx,
  actor: Actor,
  range: { from: string; to: string; teacherId?: string; status?: LeaveStatus },
): Promise<LeaveWithRefs[]> {
  return selectLeaves(db)
    .where(
      and(
        visibleTo(actor),
        lte(leaves.startDate, range.to),
        gte(leaves.endDate, range.from),
        range.teacherId ? eq(leaves.teacherId, range.teacherId) : undefined,
        range.status ? eq(leaves.status, range.status) : undefined,
      ),
    )
    .orderBy(asc(leaves.startDate), asc(teacher.firstName), asc(teacher.lastName), asc(leaves.id));
}

/** Approved leaves overlapping the inclusive range [from, to], with their teacher (the dashboard). */
export async function approvedLeavesOverlapping(db: DbOrTx, from: string, to: string) {
  return db
    .select({
      id: leaves.id,
      reason: leaves.reason,
      startDate: leaves.startDate,
      endDate: leaves.endDate,
      teacher: { id: users.id, firstName: users.firstName, lastName: users.lastName },
    })
    .from(leaves)
    .innerJoin(users, eq(users.id, leaves.teacherId))
    .where(
      and(
        eq(leaves.status, 'APPROVED'),
        isNull(users.deletedAt),
        lte(leaves.startDate, to),
        gte(leaves.endDate, from),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(leaves.startDate));
}

/**
 * Locks the teacher's own row until the transaction ends, so that two applications of one teacher are
 * checked for overlap one after the other.
 */
export async function lockTeacher(tx: DbOrTx, teacherId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, teacherId)).for('no key update');
}

/** True when the teacher has a pending or approved application overlapping [from, to]. */
export async function hasOverlappingLeave(tx: DbOrTx, teacherId: string, from: string, to: string) {
  const [row] = await tx
    .select({ id: leaves.id })
    .from(leaves)
    .where(
      and(
        eq(leaves.teacherId, teacherId),
        inArray(leaves.status, ['PENDING', 'APPROVED']),
        lte(leaves.startDate, to),
        gte(leaves.endDate, from),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertLeave(tx: DbOrTx, values: typeof leaves.$inferInsert): Promise<string> {
  const [row] = await tx.insert(leaves).values(values).returning({ id: leaves.id });
  return row.id;
}

/**
 * Records an administrator's decision on a pending application: one conditional UPDATE, so of two
 * reviews at once exactly one lands. Answers the application, or undefined when none was pending.
 */
export async function reviewPendingLeave(
  tx: DbOrTx,
  id: string,
  decision: { status: 'APPROVED' | 'REJECTED'; reviewNotes: string | null; reviewedById: string },
) {
  const [row] = await tx
    .update(leaves)
    .set({ ...decision, reviewedAt: new Date() })
    .where(and(eq(leaves.id, id), eq(leaves.status, 'PENDING')))
    .returning({
      teacherId: leaves.teacherId,
      startDate: leaves.startDate,
      endDate: leaves.endDate,
    });
  return row;
}

/** The name and address a decision is sent to. */
export async function teacherContact(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}

export interface LeaveCounts {
  applied: number;
  approved: number;
  pending: number;
  rejected: number;
  approvedDays: number;
}

const countColumns = {
  applied: sql<number>`count(${leaves.id})`.mapWith(Number),
  approved: sql<number>`count(${leaves.id}) filter (where ${leaves.status} = 'APPROVED')`.mapWith(Number),
  pending: sql<number>`count(${leaves.id}) filter (where ${leaves.status} = 'PENDING')`.mapWith(Number),
  rejected: sql<number>`count(${leaves.id}) filter (where ${leaves.status} = 'REJECTED')`.mapWith(Number),
  approvedDays: sql<number>`coalesce(sum(greatest(1, ${leaves.endDate} - ${leaves.startDate}))
    filter (where ${leaves.status} = 'APPROVED'), 0)`.mapWith(Number),
};

const startsWithin = (from: string, before: string) =>
  sql`${leaves.startDate} >= ${from}::date and ${leaves.startDate} < ${before}::date`;

/**
 * Applications of live teachers from `fromYear` to `toYear` by the month, or the year, their leave starts
 * in (`at`), for those that have any, from the kept counts (live_counts, migration 0023:
 * `leaves:month:YYYY-MM:<status>` and `leaves:days:YYYY-MM`, the approved days) — a few rows a month
 * instead of every application.
 */
async function keptCounts(db: DbOrTx, per: 'month' | 'year', fromYear: number, toYear: number) {
  const part = (i: number) => sql`split_part(${liveCounts.name}, ':', ${sql.raw(String(i))})`;
  const kind = part(2);
  const ym = part(3);
  const sum = (where: SQL) =>
    sql<number>`coalesce(sum(${liveCounts.n}) filter (where ${where}), 0)`.mapWith(Number);
  const ofStatus = (status: LeaveStatus) => sum(sql`${kind} = 'month' and ${part(4)} = ${status}`);
  const at = per === 'month' ? sql`right(${ym}, 2)::int` : sql`left(${ym}, 4)::int`;
  return db
    .select({
      at: sql<number>`${at}`.mapWith(Number),
      applied: sum(sql`${kind} = 'month'`),
      approved: ofStatus('APPROVED'),
      pending: ofStatus('PENDING'),
      rejected: ofStatus('REJECTED'),
      approvedDays: sum(sql`${kind} = 'days'`),
    })
    .from(liveCounts)
    .where(
      sql`(${liveCounts.name} like 'leaves:month:%' or ${liveCounts.name} like 'leaves:days:%')
        and ${ym} collate "C" >= ${`${fromYear}-01`} and ${ym} collate "C" <= ${`${toYear}-12`}
        and ${liveCounts.n} <> 0`,
    )
    .groupBy(at);
}

/** Applications of live teachers by the month their leave starts in, for the months that have any. */
export async function countsByMonth(db: DbOrTx, year: number): Promise<(LeaveCounts & { month: number })[]> {
  return (await keptCounts(db, 'month', year, year)).map(({ at, ...counts }) => ({ month: at, ...counts }));
}

/** The same by the year the leave starts in, for years from `fromYear` to `toYear` that have any. */
export async function countsByYear(
  db: DbOrTx,
  fromYear: number,
  toYear: number,
): Promise<(LeaveCounts & { year: number })[]> {
  return (await keptCounts(db, 'year', fromYear, toYear)).map(({ at, ...counts }) => ({
    year: at,
    ...counts,
  }));
}

export interface TeacherStatsFilter {
  from: string;
  before: string;
  teacherId?: string;
  search?: string;
}

function statsTeachersWhere(f: TeacherStatsFilter): SQL | undefined {
  return and(
    eq(users.role, 'TEACHER'),
    isNull(users.deletedAt),
    f.teacherId ? eq(users.id, f.teacherId) : undefined,
    f.search ? containsLowered(users.searchName, f.search) : undefined,
  );
}

/**
 * Every live teacher (or the one asked for, or those whose name matches) with the counts of their
 * applications starting within [from, before), by name. With a page, the page's teachers are chosen
 * first (users_live_name_idx) and only their applications are counted (leaves_teacher_dates_idx).
 */
export async function countsByTeacher(db: DbOrTx, filter: TeacherStatsFilter, page?: Page) {
  const chosen = db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(statsTeachersWhere(filter));
  const byName = (t: { id: SQLWrapper; firstName: SQLWrapper; lastName: SQLWrapper }) => [
    asc(t.firstName),
    asc(t.lastName),
    asc(t.id),
  ];
  // Without a page, the subquery has no order and no limit: PostgreSQL flattens it into the join.
  const t = (
    page
      ? chosen
          .orderBy(...byName(users))
          .limit(page.limit)
          .offset(page.offset)
      : chosen
  ).as('t');
  return db
    .select({ teacherId: t.id, firstName: t.firstName, lastName: t.lastName, ...countColumns })
    .from(t)
    .leftJoin(leaves, and(eq(leaves.teacherId, t.id), startsWithin(filter.from, filter.before)))
    .groupBy(t.id, t.firstName, t.lastName)
    .orderBy(...byName(t));
}

/** How many teachers countsByTeacher answers for the filter. */
export async function countStatsTeachers(db: DbOrTx, filter: TeacherStatsFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(statsTeachersWhere(filter));
  return row.n;
}

import { daysBetween, monthBounds, type AttendanceStatus } from '@csp/contracts';
import {
  aliasedTable,
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNull,
  lte,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { defineCount } from '../../db/lists/index.ts';
import { filtersOnly, liveCountSql } from '../../db/live-counts.ts';
import { arrayParam, OFFSET_ZERO_FENCE } from '../../db/sql-helpers.ts';
import { attendance, attendanceMonthCounts, leaves, users } from '../../db/schema.ts';
import type { Page } from '../../lib/paging.ts';
import type { Actor } from '../../lib/actor.ts';
import { nameOrEmailContains } from '../users/users.repo.ts';

export type AttendanceRow = typeof attendance.$inferSelect;
export type NewAttendanceRow = typeof attendance.$inferInsert;

// The record's columns its answer shows; not the bookkeeping ones (fewer values parsed and mapped for
// every row of a list, a hundred or more in the report).
const { createdAt: _c, updatedAt: _u, reviewedById: _r, ...shownColumns } = getTableColumns(attendance);
export type ShownRecord = Omit<AttendanceRow, 'createdAt' | 'updatedAt' | 'reviewedById'>;

export interface AttendanceWithRefs {
  record: ShownRecord;
  teacher: { id: string; firstName: string; lastName: string; email: string };
  /** Null (left join) before a review, or when the reviewer's account is gone. */
  reviewer: { firstName: string | null; lastName: string | null } | null;
}

export interface AttendanceFilter {
  teacherId?: string;
  status?: AttendanceStatus;
  /** Text in the teacher's name or email. */
  search?: string;
  /** Organisation days, inclusive. */
  from?: string;
  to?: string;
}

const teacher = aliasedTable(users, 'teacher');
const reviewer = aliasedTable(users, 'reviewer');

/** Live teachers whose name or email holds the text (as an id array, so the record indexes lead). */
const teachersMatching = (text: string) =>
  sql`array(select ${users.id} from ${users} where ${eq(users.role, 'TEACHER')} and ${isNull(
    users.deletedAt,
  )} and ${nameOrEmailContains(text)})`;

/** What an actor sees: a teacher their own records; an admin every live teacher's. */
function visibleTo(actor: Actor): SQL | undefined {
  return and(
    isNull(teacher.deletedAt),
    actor.role === 'TEACHER' ? eq(attendance.teacherId, actor.id) : undefined,
  );
}

function whereOf(actor: Actor, filter: AttendanceFilter): SQL | undefined {
  const c: (SQL | undefined)[] = [visibleTo(actor)];
  if (filter.teacherId) c.push(eq(attendance.teacherId, filter.teacherId));
  if (filter.status) c.push(eq(attendance.status, filter.status));
  if (filter.from) c.push(gte(attendance.date, filter.from));
  if (filter.to) c.push(lte(attendance.date, filter.to));
  if (filter.search) c.push(sql`${attendance.teacherId} = any(${teachersMatching(filter.search)})`);
  return and(...c);
}

const selection = {
  record: shownColumns,
  teacher: { id: teacher.id, firstName: teacher.firstName, lastName: teacher.lastName, email: teacher.email },
  reviewer: { firstName: reviewer.firstName, lastName: reviewer.lastName },
};

function selectRecords(db: DbOrTx) {
  return db
    .select(selection)
    .from(attendance)
    .innerJoin(teacher, eq(teacher.id, attendance.teacherId))
    .leftJoin(reviewer, eq(reviewer.id, attendance.reviewedById));
}

const newestFirst = [desc(attendance.date), desc(attendance.checkIn), desc(attendance.id)];

/** Records visible to the actor that match the filter, newest first; only the page's rows. */
export async function listAttendance(
  db: DbOrTx,
  actor: Actor,
  filter: AttendanceFilter,
  page?: Page,
): Promise<AttendanceWithRefs[]> {
  const q = selectRecords(db)
    .where(whereOf(actor, filter))
    .orderBy(...newestFirst);
  return page ? q.limit(page.limit).offset(page.offset) : q;
}

/**
 * How many records match: an administrator's list, every record or one status's (the review list), from
 * the kept count; else count(*) (db/lists).
 */
export const countAttendance = defineCount({
  live: (actor: Actor, filter: AttendanceFilter) =>
    actor.role === 'ADMIN' && filtersOnly(filter, ['status'])
      ? filter.status
        ? `attendance:${filter.status}`
        : 'attendance'
      : undefined,
  exact: async (db, actor, filter) => {
    const [row] = await db
      .select({ n: count() })
      .from(attendance)
      .innerJoin(teacher, eq(teacher.id, attendance.teacherId))
      .where(whereOf(actor, filter));
    return row.n;
  },
});

/** Pending records, oldest first (the review order of the dashboard and the pending list). */
export async function listPending(db: DbOrTx, actor: Actor, page?: Page): Promise<AttendanceWithRefs[]> {
  const q = selectRecords(db)
    .where(and(visibleTo(actor), eq(attendance.status, 'PENDING')))
    .orderBy(asc(attendance.date), asc(attendance.checkIn), asc(attendance.id));
  return page ? q.limit(page.limit).offset(page.offset) : q;
}

/** How many match in all and in each status; `incomplete`: days before `today` without a check-out. */
export async function summarizeAttendance(db: DbOrTx, actor: Actor, filter: AttendanceFilter, today: string) {
  if (actor.role === 'ADMIN' && filtersOnly(filter)) {
    // Every live teacher's records: the kept counts. Incomplete: the open records (kept, migration 0019)
    // less those of today and later, a day's worth at most (attendance_open_date_idx).
    const result = (await db.execute(sql`select
        ${liveCountSql('attendance')} as total,
        ${liveCountSql('attendance:PENDING')} as pending,
        ${liveCountSql('attendance:APPROVED')} as approved,
        ${liveCountSql('attendance:REJECTED')} as rejected,
        (${liveCountSql('attendance:open')} - (select count(*)::int from ${attendance}
          join ${users} on ${users.id} = ${attendance.teacherId} and ${users.deletedAt} is null
          where ${attendance.checkOut} is null and ${attendance.date} >= ${today}::date)) as incomplete`)) as unknown as {
      rows: { total: number; pending: number; approved: number; rejected: number; incomplete: number }[];
    };
    const row = result.rows[0];
    return row;
  }
  const [row] = await db
    .select({
      total: count(),
      pending: sql<number>`count(*) filter (where ${attendance.status} = 'PENDING')`.mapWith(Number),
      approved: sql<number>`count(*) filter (where ${attendance.status} = 'APPROVED')`.mapWith(Number),
      rejected: sql<number>`count(*) filter (where ${attendance.status} = 'REJECTED')`.mapWith(Number),
      incomplete:
        sql<number>`count(*) filter (where ${attendance.checkOut} is null and ${attendance.date} < ${today}::date)`.mapWith(
          Number,
        ),
    })
    .from(attendance)
    .innerJoin(teacher, eq(teacher.id, attendance.teacherId))
    .where(whereOf(actor, filter));
  return row;
}

/** One record, if the actor may see it (a teacher: their own). */
export async function findAttendance(
  db: DbOrTx,
  actor: Actor,
  id: string,
): Promise<AttendanceWithRefs | undefined> {
  const [row] = await selectRecords(db).where(and(eq(attendance.id, id), visibleTo(actor)));
  return row;
}

/** The teacher's record of a day, if any. */
export async function findRecordOfDay(
  db: DbOrTx,
  teacherId: string,
  date: string,
): Promise<AttendanceRow | undefined> {
  const [row] = await db
    .select()
    .from(attendance)
    .where(and(eq(attendance.teacherId, teacherId), eq(attendance.date, date)));
  return row;
}

/**
 * The day's check-in, unless the teacher already has a record of that day: the unique index on
 * (teacher, day) decides between two check-ins at the same moment. Answers the new id, or undefined.
 */
export async function insertCheckIn(db: DbOrTx, values: NewAttendanceRow): Promise<string | undefined> {
  const [row] = await db
    .insert(attendance)
    .values(values)
    .onConflictDoNothing({ target: [attendance.teacherId, attendance.date] })
    .returning({ id: attendance.id });
  return row?.id;
}

/** The day's check-out, only on the teacher's own open record of that day. Answers the id, or undefined. */
export async function checkOut(
  db: DbOrTx,
  teacherId: string,
  date: string,
  values: Pick<
    AttendanceRow,
    'checkOut' | 'checkOutReceivedAt' | 'checkOutLocation' | 'checkOutLocationName'
  >,
): Promise<string | undefined> {
  const [row] = await db
    .update(attendance)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(attendance.teacherId, teacherId), eq(attendance.date, date), isNull(attendance.checkOut)))
    .returning({ id: attendance.id });
  return row?.id;
}

interface Decision {
  status: 'APPROVED' | 'REJECTED';
  adminNotes: string | null;
  reviewedById: string;
}

/** Records the decision only while the record is pending and its teacher live; answers the reviewed rows. */
export async function reviewPending(db: DbOrTx, ids: string[], decision: Decision) {
  return db
    .update(attendance)
    .set({ ...decision, reviewedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        inArray(attendance.id, ids),
        eq(attendance.status, 'PENDING'),
        sql`${attendance.teacherId} in (select ${users.id} from ${users} where ${isNull(users.deletedAt)})`,
      ),
    )
    .returning({ id: attendance.id, teacherId: attendance.teacherId, date: attendance.date });
}

/** Of the given ids, those of records of live teachers (the bulk review's existence check). */
export async function existingIds(db: DbOrTx, ids: string[]): Promise<string[]> {
  const rows = await db
    .select({ id: attendance.id })
    .from(attendance)
    .innerJoin(teacher, eq(teacher.id, attendance.teacherId))
    .where(and(inArray(attendance.id, ids), isNull(teacher.deletedAt)));
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------------
// Teachers
// ---------------------------------------------------------------------------------------------------

export interface TeacherRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  createdAt: Date;
}

export interface TeacherFilter {
  teacherId?: string;
  search?: string;
}

function teacherWhere(filter: TeacherFilter): SQL | undefined {
  const c: (SQL | undefined)[] = [eq(users.role, 'TEACHER'), isNull(users.deletedAt)];
  if (filter.teacherId) c.push(eq(users.id, filter.teacherId));
  if (filter.search) c.push(nameOrEmailContains(filter.search));
  return and(...c);
}

/** Live teachers by name (the report's and the teacher cards' order); only the page's rows. */
export async function listTeachers(db: DbOrTx, filter: TeacherFilter, page?: Page): Promise<TeacherRow[]> {
  const q = db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(teacherWhere(filter))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return page ? q.limit(page.limit).offset(page.offset) : q;
}

export async function countTeachers(db: DbOrTx, filter: TeacherFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(teacherWhere(filter));
  return row.n;
}

/** Each given teacher's record counts by status within the days (inclusive; open ends allowed). */
export async function countsByTeacher(
  db: DbOrTx,
  teacherIds: string[],
  range: { from?: string; to?: string },
) {
  if (teacherIds.length === 0) return [];
  return db
    .select({
      teacherId: attendance.teacherId,
      total: count(),
      pending: sql<number>`count(*) filter (where ${attendance.status} = 'PENDING')`.mapWith(Number),
      approved: sql<number>`count(*) filter (where ${attendance.status} = 'APPROVED')`.mapWith(Number),
      rejected: sql<number>`count(*) filter (where ${attendance.status} = 'REJECTED')`.mapWith(Number),
    })
    .from(attendance)
    .where(
      and(
        inArray(attendance.teacherId, teacherIds),
        range.from ? gte(attendance.date, range.from) : undefined,
        range.to ? lte(attendance.date, range.to) : undefined,
      ),
    )
    .groupBy(attendance.teacherId);
}

/**
 * A record of a teacher's month, with its reviewer (its teacher is the one asked about) and the minutes
 * after midnight of its check-in and check-out on the organisation's clock.
 */
export type MonthRecord = Omit<AttendanceWithRefs, 'teacher'> & {
  clock: { checkIn: number; checkOut: number | null };
};

/**
 * Minutes after midnight of an instant on the wall clock of the zone (seconds dropped), by PostgreSQL's
 * zone data: the report reads two for each of its hundred records or more, and Intl's formatter made
 * them a noticeable share of the Node thread's work for the call.
 */
export const minutesOfDayIn = (instant: AnyColumn | SQL, timeZone: string) =>
  sql<number>`(extract(hour from ${instant} at time zone ${timeZone}) * 60
    + extract(minute from ${instant} at time zone ${timeZone}))::int`;

/** The given teachers' records within the days, oldest first (the report's daily records). */
export async function recordsOfTeachers(
  db: DbOrTx,
  teacherIds: string[],
  from: string,
  to: string,
  timeZone: string,
): Promise<MonthRecord[]> {
  if (teacherIds.length === 0) return [];
  // A month of several teachers is a hundred rows or more: joined as the lists join (for a page of ten),
  // PostgreSQL hashed every user twice to name them (most of the statement's time). The teachers are the
  // caller's (it names them), and each record's reviewer is one probe of the users' key (a fenced
  // lateral).
  const recordReviewer = db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, attendance.reviewedById))
    .offset(OFFSET_ZERO_FENCE)
    .as('record_reviewer');
  return db
    .select({
      record: shownColumns,
      reviewer: { firstName: recordReviewer.firstName, lastName: recordReviewer.lastName },
      clock: {
        checkIn: minutesOfDayIn(attendance.checkIn, timeZone),
        checkOut: minutesOfDayIn(attendance.checkOut, timeZone),
      },
    })
    .from(attendance)
    .leftJoinLateral(recordReviewer, sql`true`)
    .where(
      and(inArray(attendance.teacherId, teacherIds), gte(attendance.date, from), lte(attendance.date, to)),
    )
    .orderBy(asc(attendance.teacherId), asc(attendance.date));
}

export interface DayRuleContext {
  /** The organisation's today. */
  today: string;
  /** The organisation's time zone (a teacher's first day is the day their account was created there). */
  timeZone: string;
  /** ISO weekdays that are working days. */
  workDays: readonly number[];
}

/** Day counts that `teachers` of the matching teachers have, each of them exactly these. */
export interface TeacherDayCountTally {
  approvedDays: number;
  pendingDays: number;
  rejectedDays: number;
  absentDays: number;
  teachers: number;
}

/**
 * Each matching teacher's days of one month (from, to: its first and last day), classified by the one
 * day rule (contracts' classifyDay, in the same order: leave, future, the record's status, before the
 * account existed, day off, absent) and counted, in one statement: the report's tiles over every
 * teacher without shipping every record of the month. The attendance tests hold it to the TypeScript
 * rule.
 *
 * Answered tallied: one row per distinct set of counts, with how many teachers have it (a few hundred
 * rows instead of 2,000, whose parsing and summing kept the Node thread busy most of the call), so that
 * the tiles' figures (percentages: contracts' rule) are still made in TypeScript.
 *
 * Counted, not classified day by day (a teachers × days grid is 60,000 rows at 2,000 teachers): a
 * record counts by its status unless its day is a leave day or in the future; a teacher's absent days
 * are the working days from their first day to today, less their leave days and their record days
 * among those (a record is unique per teacher and day).
 *
 * The month's records are not read: `attendance_month_counts` (kept by triggers, migration 0018) holds
 * each teacher's records of the month per status and weekday, and only the records the rule leaves out
 * are looked up, through indexes, and taken out: those on an approved leave day or after today (from
 * every figure) and those before the teacher's first day (from the worked days only).
 */
export async function dayCountTallies(
  db: DbOrTx,
  filter: TeacherFilter,
  from: string,
  to: string,
  rule: DayRuleContext,
): Promise<TeacherDayCountTally[]> {
  const month = monthBounds(Number(from.slice(0, 4)), Number(from.slice(5, 7)));
  if (from !== month.from || to !== month.to) {
    throw new Error(`dayCountTallies counts whole months (${from} to ${to})`);
  }
  const workDays = arrayParam(rule.workDays, 'int');
  // The days from the first of the month to today, or to the month's end (none for a later month).
  const daysUpToToday = Math.max(0, daysBetween(from, rule.today < to ? rule.today : to) + 1);
  // Every teacher: the approved leaves of the period are read from leaves_approved_dates_idx alone (a
  // deleted teacher's few leave days are looked up and then left out by the final join to t); a search
  // or one teacher: only theirs.
  const narrowed = Boolean(filter.teacherId || filter.search);
  const c = attendanceMonthCounts;
  const byWeekday = [c.isodow1, c.isodow2, c.isodow3, c.isodow4, c.isodow5, c.isodow6, c.isodow7];
  const kept = (column: AnyColumn) => sql`coalesce(${column}, 0)`;
  const keptWorked = rule.workDays.length
    ? sql.join(
        rule.workDays.map((k) => kept(byWeekday[k - 1])),
        sql` + `,
      )
    : sql`0`;
  const result = (await db.execute(sql`
    with t as materialized (
      select ${users.id} as id, ${users.createdAt} as created_at from ${users} where ${teacherWhere(filter)}
    ),
    -- The period's days up to today, and whether each is a working day. A series of integers, whose
    -- length the planner knows (a series of dates it takes for 1,000 rows, and sizes every hash table
    -- above it for that many: 10 ms of a 25 ms statement at national scale).
    d as materialized (
      select ${from}::date + i as day,
        extract(isodow from ${from}::date + i)::int = any(${workDays}) as work
      from generate_series(0, ${daysUpToToday - 1}::int) i
    ),
    -- The approved leave days up to today (a later day's record is left out as a future one).
    leave_days as materialized (
      select distinct ${leaves.teacherId} as teacher_id, d.day
      from ${leaves} join d on d.day between ${leaves.startDate} and ${leaves.endDate}
      where ${leaves.status} = 'APPROVED' and ${leaves.startDate} <= ${to} and ${leaves.endDate} >= ${from}
        ${narrowed ? sql`and ${leaves.teacherId} in (select id from t)` : sql``}
    ),
    -- The teachers whose first day falls within the period (few; read once, not once a day). Only they
    -- have their first day worked out on the organisation's clock: the instant the period's first day
    -- began there (a clock change moves it by hours, never a day) leaves out every other teacher first.
    newcomers as materialized (
      select id, first_day from (
        select id, (created_at at time zone ${rule.timeZone})::date as first_day from t
        where created_at > ${from}::timestamp at time zone ${rule.timeZone}
      ) joined where first_day > ${from}::date
    ),
    -- The days whose record the kept counts hold but the rule leaves out: a leave day or a day after
    -- today (from every figure), a day before the teacher's first day (from the worked days only).
    k as (
      select teacher_id, day, bool_or(whole) as whole from (
        select teacher_id, day, true as whole from leave_days
        union all
        select ${attendance.teacherId}, ${attendance.date}, true from ${attendance}
          where ${attendance.date} > ${rule.today}::date and ${attendance.date} between ${from}::date and ${to}::date
        union all
        select n.id, d.day, false from newcomers n join d on d.day < n.first_day
      ) days group by teacher_id, day
    ),
    -- Their records, one probe of attendance_teacher_date_uq each: the lateral subquery is kept apart
    -- (offset 0), as the planner, which cannot estimate these days, would otherwise read the month.
    x as (
      select k.teacher_id, a.status, k.whole,
        extract(isodow from k.day)::int = any(${workDays}) as work
      from k, lateral (
        select ${attendance.status} as status from ${attendance}
        where ${attendance.teacherId} = k.teacher_id and ${attendance.date} = k.day offset 0
      ) a
    ),
    xc as (
      select teacher_id,
        count(*) filter (where whole and status = 'APPROVED') as approved,
        count(*) filter (where whole and status = 'PENDING') as pending,
        count(*) filter (where whole and status = 'REJECTED') as rejected,
        count(*) filter (where work) as worked
      from x group by teacher_id
    ),
    -- Leave days that would otherwise be absent ones.
    lc as (
      select ld.teacher_id, count(*) as n
      from leave_days ld join d on d.day = ld.day
      where d.work and not exists (select from newcomers n where n.id = ld.teacher_id and ld.day < n.first_day)
      group by ld.teacher_id
    )
    select "approvedDays", "pendingDays", "rejectedDays", "absentDays", count(*)::int as teachers from (
    select
      (${kept(c.approved)} - coalesce(xc.approved, 0))::int as "approvedDays",
      (${kept(c.pending)} - coalesce(xc.pending, 0))::int as "pendingDays",
      (${kept(c.rejected)} - coalesce(xc.rejected, 0))::int as "rejectedDays",
      -- The working days of the period up to today from the teacher's first day: counted once for every
      -- teacher who was there when the period began.
      ((case when n.id is null then (select count(*) from d where d.work)
          else (select count(*) from d where d.work and d.day >= n.first_day) end)
        - coalesce(lc.n, 0) - (${keptWorked} - coalesce(xc.worked, 0)))::int as "absentDays"
    from t
    left join ${c} on ${c.month} = ${from}::date and ${c.teacherId} = t.id
    left join xc on xc.teacher_id = t.id
    left join lc on lc.teacher_id = t.id
    left join newcomers n on n.id = t.id
    ) counts group by 1, 2, 3, 4`)) as unknown as { rows: TeacherDayCountTally[] };
  return result.rows;
}

/** Approved leaves of the given teachers overlapping the days. */
export async function approvedLeaves(db: DbOrTx, teacherIds: string[], from: string, to: string) {
  if (teacherIds.length === 0) return [];
  return db
    .select({ teacherId: leaves.teacherId, startDate: leaves.startDate, endDate: leaves.endDate })
    .from(leaves)
    .where(
      and(
        eq(leaves.status, 'APPROVED'),
        lte(leaves.startDate, to),
        gte(leaves.endDate, from),
        inArray(leaves.teacherId, teacherIds),
      ),
    );
}

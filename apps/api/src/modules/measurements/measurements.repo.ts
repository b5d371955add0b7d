import {
  MEASUREMENT_RULES,
  MEASUREMENT_STATUS_FILTERS,
  type MeasurementStatusFilter,
  type MeasurementStatusOrder,
} from '@csp/contracts';
import {
  aliasedTable,
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  isNull,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { defineList } from '../../db/lists/index.ts';
import { filtersOnly, liveStudents, liveStudentsPerLastMeasuredDay } from '../../db/live-counts.ts';
import { measurements, students, users, type StudentCategoryValue } from '../../db/schema.ts';
import { containsLowered, containsPattern } from '../../db/sql-helpers.ts';
import type { Page } from '../../lib/paging.ts';
import type { Actor } from '../../lib/actor.ts';
import { ofLiveStudent } from '../../db/scopes.ts';
import { categoryOn } from '../students/students.repo.ts';

const teacher = aliasedTable(users, 'teacher');

export interface StatusFilter {
  /** The organisation's day the status is computed for. */
  today: string;
  teacherId?: string;
  status?: MeasurementStatusFilter;
  category?: StudentCategoryValue;
  search?: string;
}

/** Each listed student's latest live measurement: one probe of measurements_live_latest_idx. */
function latestMeasurement(db: DbOrTx, studentId: SQLWrapper) {
  return db
    .select({ id: measurements.id, date: measurements.date })
    .from(measurements)
    .where(and(eq(measurements.studentId, studentId), isNull(measurements.deletedAt)))
    .orderBy(desc(measurements.date), desc(measurements.createdAt))
    .limit(1)
    .as('latest');
}

/**
 * The status of a student as SQL, the rule of contracts' measurementStatus: due 2 calendar months after
 * the last measurement (PostgreSQL's month arithmetic clamps to the month's end, as addMonths does),
 * "due soon" within 15 days, never measured without one. It reads students.last_measured_on (kept by
 * triggers on measurements, migration 0010), so filtering and counting never touch measurements.
 */
export function statusOf(
  today: string | SQL,
  last: SQL | typeof students.lastMeasuredOn = students.lastMeasuredOn,
) {
  const due = sql`(${last} + make_interval(months => ${MEASUREMENT_RULES.cycleMonths}))::date`;
  return sql<MeasurementStatusFilter>`case
    when ${last} is null then 'never_measured'
    when ${due} < ${today}::date then 'overdue'
    when ${due} <= ${today}::date + ${MEASUREMENT_RULES.dueSoonDays}::int then 'due_soon'
    else 'up_to_date' end`;
}

/**
 * A range of last_measured_on that holds every student of the status (and a few more): a condition an
 * index on last_measured_on can read, beside statusOf, which still decides. With due = last + the cycle
 * (month ends clamped): due ≥ d needs last ≥ d − the cycle, and due ≤ d needs last ≤ d − the cycle
 * + 3 days (clamping moves a due date back by at most 3 days; checked day by day in the tests, which
 * is why it and statusOf are exported).
 */
export function lastMeasuredRange(
  today: string | SQL,
  status: MeasurementStatusFilter,
  last: SQL | typeof students.lastMeasuredOn = students.lastMeasuredOn,
): SQL {
  const cycleBefore = (days: number) =>
    sql`(${today}::date + ${days}::int - make_interval(months => ${MEASUREMENT_RULES.cycleMonths}))::date`;
  const dueOnOrAfter = (days: number) => sql`${last} >= ${cycleBefore(days)}`;
  const dueOnOrBefore = (days: number) => sql`${last} <= ${cycleBefore(days)} + 3`;
  switch (status) {
    case 'never_measured':
      return sql`${last} is null`;
    case 'overdue':
      return dueOnOrBefore(-1);
    case 'due_soon':
      return sql`${dueOnOrAfter(0)} and ${dueOnOrBefore(MEASUREMENT_RULES.dueSoonDays)}`;
    case 'up_to_date':
      return dueOnOrAfter(MEASUREMENT_RULES.dueSoonDays + 1);
  }
}

function statusWhere(f: StatusFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [isNull(students.deletedAt)];
  if (f.teacherId) conditions.push(eq(students.assignedTeacherId, f.teacherId));
  // The category the age calls for today, as the entries show it (docs/decisions/0004).
  if (f.category) conditions.push(eq(categoryOn(f.today), f.category));
  if (f.search) {
    conditions.push(
      or(
        containsLowered(students.searchName, f.search),
        ilike(students.studentId, containsPattern(f.search)),
      ),
    );
  }
  if (f.status) {
    // `not in` the three other statuses: the same test as `= status` (the case answers one of the four),
    // which PostgreSQL estimates as most of the rows of the range beside it rather than as 1/200 of them
    // (an expression has no statistics), so a page in the range's order reads a few index entries
    // instead of sorting the whole range.
    const others = MEASUREMENT_STATUS_FILTERS.filter((s) => s !== f.status);
    conditions.push(
      lastMeasuredRange(f.today, f.status),
      sql`${statusOf(f.today)} not in (${sql.join(
        others.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  }
  return and(...conditions);
}

/**
 * The list's orders: by name (students_live_name_idx, or a teacher's students_live_teacher_name_idx),
 * or soonest due first — the last measurement's date, never measured last, then name
 * (students_live_due_idx; with a status, only that status's range of it is read).
 */
function statusOrder(
  order: MeasurementStatusOrder,
  s: { id: SQLWrapper; firstName: SQLWrapper; lastName: SQLWrapper; lastMeasuredOn: SQLWrapper },
): SQL[] {
  const byName = [asc(s.firstName), asc(s.lastName), asc(s.id)];
  return order === 'due' ? [sql`${s.lastMeasuredOn} asc nulls last`, ...byName] : byName;
}

/**
 * The students in scope with their latest measurement, by name or soonest due first: a teacher's
 * students come from their index. With a page, the page's students are chosen first (from students
 * alone, in the order's index), and only they are joined to their teacher and probed for their latest
 * measurement (one index probe each), however many students match.
 */
export async function studentsWithLatestMeasurement(
  db: DbOrTx,
  filter: StatusFilter,
  page?: Page,
  order: MeasurementStatusOrder = 'name',
) {
  const chosen = db
    .select({
      id: students.id,
      studentId: students.studentId,
      firstName: students.firstName,
      lastName: students.lastName,
      dateOfBirth: students.dateOfBirth,
      category: students.category,
      isPregnant: students.isPregnant,
      assignedTeacherId: students.assignedTeacherId,
      lastMeasuredOn: students.lastMeasuredOn,
    })
    .from(students)
    .where(statusWhere(filter));
  // Without a page, the subquery has no order and no limit: PostgreSQL flattens it into one join, and
  // the order below is applied once.
  const listed = (
    page
      ? chosen
          .orderBy(...statusOrder(order, students))
          .limit(page.limit)
          .offset(page.offset)
      : chosen
  ).as('listed');
  const latest = latestMeasurement(db, listed.id);
  const rows = await db
    .select({
      id: listed.id,
      studentId: listed.studentId,
      firstName: listed.firstName,
      lastName: listed.lastName,
      dateOfBirth: listed.dateOfBirth,
      category: listed.category,
      isPregnant: listed.isPregnant,
      teacher: { id: teacher.id, firstName: teacher.firstName, lastName: teacher.lastName },
      lastMeasurementId: latest.id,
      lastMeasurementDate: latest.date,
    })
    .from(listed)
    .leftJoin(teacher, and(eq(teacher.id, listed.assignedTeacherId), isNull(teacher.deletedAt)))
    .leftJoinLateral(latest, sql`true`)
    .orderBy(...statusOrder(order, listed));
  return rows.map(({ lastMeasurementId, lastMeasurementDate, ...r }) => ({
    ...r,
    teacher: r.teacher?.id ? r.teacher : null,
    lastMeasurement:
      lastMeasurementId && lastMeasurementDate ? { id: lastMeasurementId, date: lastMeasurementDate } : null,
  }));
}

/**
 * How many students in scope match the filter (the status filter included): for the whole programme,
 * every live student or those of a status, the days' kept counts; else the students themselves.
 */
export async function countStudentsByStatus(db: DbOrTx, filter: StatusFilter): Promise<number> {
  if (wholeProgramme(filter)) {
    if (!filter.status) return liveStudents(db);
    const perDay = liveStudentsPerDay(db, filter);
    const [row] = await db
      .select({ n: sql<number>`coalesce(sum(${perDay.n}), 0)::int` })
      .from(perDay)
      .where(sql`${statusOf(filter.today, sql`${perDay.last}`)} = ${filter.status}`);
    return Number(row.n);
  }
  const [row] = await db.select({ n: count() }).from(students).where(statusWhere(filter));
  return row.n;
}

/** Whether the filter is every live student of the programme (an administrator's, unfiltered). */
const wholeProgramme = (f: StatusFilter) => !f.teacherId && !f.category && !f.search;

/**
 * Live students per last-measured day (null: never measured) as a subquery (last, n): the programme's
 * from live_counts (migration 0016, one row per day, kept by triggers), anything narrower from students.
 */
function liveStudentsPerDay(db: DbOrTx, filter: StatusFilter) {
  if (wholeProgramme(filter)) return liveStudentsPerLastMeasuredDay(db);
  return db
    .select({ last: sql<string | null>`${students.lastMeasuredOn}`.as('last'), n: count().as('n') })
    .from(students)
    .where(statusWhere({ ...filter, status: undefined }))
    .groupBy(students.lastMeasuredOn)
    .as('per_day');
}

/**
 * The five counters of the status page for the students in scope (the status filter ignored): the
 * students per last-measured day (for the whole programme, the kept counts of live_counts; else one
 * pass over the students in scope), and the status rule runs once per distinct day (a few hundred), not
 * once per student.
 */
export async function statusSummary(db: DbOrTx, filter: StatusFilter) {
  const perDay = liveStudentsPerDay(db, filter);
  const status = statusOf(filter.today, sql`${perDay.last}`);
  const n = (value: MeasurementStatusFilter) =>
    sql<number>`coalesce(sum(${perDay.n}) filter (where ${status} = ${value}), 0)::int`;
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${perDay.n}), 0)::int`,
      upToDate: n('up_to_date'),
      dueSoon: n('due_soon'),
      overdue: n('overdue'),
      neverMeasured: n('never_measured'),
    })
    .from(perDay);
  return {
    total: Number(row.total),
    upToDate: Number(row.upToDate),
    dueSoon: Number(row.dueSoon),
    overdue: Number(row.overdue),
    neverMeasured: Number(row.neverMeasured),
  };
}

// --- Measurement records (GET/POST /api/measurements, GET /api/measurements/{id}) -------------------

export type MeasurementRow = typeof measurements.$inferSelect;
export type NewMeasurementRow = typeof measurements.$inferInsert;

export interface MeasurementWithRefs {
  measurement: MeasurementRow;
  student: {
    id: string;
    firstName: string;
    lastName: string;
    dateOfBirth: string;
    sex: 'MALE' | 'FEMALE' | null;
    isPregnant: boolean;
  };
  measuredBy: { id: string; firstName: string; lastName: string } | null;
}

export interface MeasurementFilter {
  date?: string;
  /** Students assigned to this teacher. */
  teacherId?: string;
  studentId?: string;
}

const measuredBy = aliasedTable(users, 'measured_by');

/** `measurements.student_id in (live students of the teacher)`: their ≤ 25 students lead the plan. */
const ofTeachersStudent = (teacherId: string) =>
  sql`${measurements.studentId} in (select ${students.id} from ${students} where ${isNull(
    students.deletedAt,
  )} and ${eq(students.assignedTeacherId, teacherId)})`;

/**
 * Queries join `students`; a teacher's scope is also a condition on the measurements themselves.
 * `liveStudent`: how the measurement's student is known to be live (a count or the choice of a page's
 * rows joins no `students`).
 */
function recordsWhere(
  actor: Actor,
  filter: MeasurementFilter,
  liveStudent: SQL = isNull(students.deletedAt),
): SQL | undefined {
  return and(
    isNull(measurements.deletedAt),
    liveStudent,
    actor.role === 'TEACHER' ? ofTeachersStudent(actor.id) : undefined,
    filter.date ? eq(measurements.date, filter.date) : undefined,
    filter.teacherId ? ofTeachersStudent(filter.teacherId) : undefined,
    filter.studentId ? eq(measurements.studentId, filter.studentId) : undefined,
  );
}

const recordSelection = {
  measurement: measurements,
  student: {
    id: students.id,
    firstName: students.firstName,
    lastName: students.lastName,
    dateOfBirth: students.dateOfBirth,
    sex: students.sex,
    isPregnant: students.isPregnant,
  },
  measuredBy: { id: measuredBy.id, firstName: measuredBy.firstName, lastName: measuredBy.lastName },
};

function recordsQuery(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(recordSelection)
    .from(measurements)
    .innerJoin(students, eq(students.id, measurements.studentId))
    .leftJoin(measuredBy, eq(measuredBy.id, measurements.measuredById))
    .where(where);
}

const withRefs = (r: {
  measurement: MeasurementRow;
  student: MeasurementWithRefs['student'];
  measuredBy: { id: string | null; firstName: string | null; lastName: string | null } | null;
}): MeasurementWithRefs => ({
  ...r,
  measuredBy: r.measuredBy?.id ? (r.measuredBy as MeasurementWithRefs['measuredBy']) : null,
});

/**
 * The list: newest first (measurements_live_*date_idx); an administrator's unfiltered list counted by its
 * kept count (live measurements of live students).
 */
const list = defineList({
  keyset: [
    [measurements.date, 'date'],
    [measurements.createdAt, 'timestamptz'],
    [measurements.id, 'uuid'],
  ],
  count: {
    live: (actor, filter: MeasurementFilter) =>
      actor.role === 'ADMIN' && filtersOnly(filter) ? 'measurements' : undefined,
    exact: async (db, actor, filter) => {
      const [row] = await db
        .select({ n: count() })
        .from(measurements)
        .where(recordsWhere(actor, filter, ofLiveStudent(measurements.studentId)));
      return row.n;
    },
  },
});
const { keyset } = list;

/**
 * Measurements the actor may see (a deleted student's vanish), newest first; only the page's rows, each
 * with its cursor (a keyset page starts after the page's `after`).
 */
export async function listMeasurements(
  db: DbOrTx,
  actor: Actor,
  filter: MeasurementFilter,
  page?: Page,
): Promise<(MeasurementWithRefs & { cursor: string })[]> {
  const joined = <Q extends PgSelect>(q: Q) =>
    q
      .innerJoin(students, eq(students.id, measurements.studentId))
      .leftJoin(measuredBy, eq(measuredBy.id, measurements.measuredById));
  if (!page) {
    const rows = await joined(
      db
        .select({ ...recordSelection, cursor: keyset.cursor })
        .from(measurements)
        .$dynamic(),
    )
      .where(recordsWhere(actor, filter))
      .orderBy(...keyset.orderBy);
    return rows.map(({ cursor, ...r }) => ({ ...withRefs(r), cursor }));
  }
  // The page's measurements are chosen from `measurements` alone (their student's liveness an anti-join,
  // as the count does); only they are joined to their student and measurer.
  const chosen = keyset.pageIds(
    db,
    measurements,
    measurements.id,
    recordsWhere(actor, filter, ofLiveStudent(measurements.studentId)),
    page,
  );
  const rows = await joined(
    db
      .select({ ...recordSelection, cursor: keyset.cursor })
      .from(measurements)
      .innerJoin(chosen, eq(chosen.id, measurements.id))
      .$dynamic(),
  ).orderBy(...keyset.orderBy);
  return rows.map(({ cursor, ...r }) => ({ ...withRefs(r), cursor }));
}

export const countMeasurements = (db: DbOrTx, actor: Actor, filter: MeasurementFilter): Promise<number> =>
  list.count(db, actor, filter);

export async function findMeasurement(
  db: DbOrTx,
  actor: Actor,
  id: string,
): Promise<MeasurementWithRefs | undefined> {
  const [row] = await recordsQuery(db, and(eq(measurements.id, id), recordsWhere(actor, {})));
  return row ? withRefs(row) : undefined;
}

/** The student a measurement belongs to (any state), or undefined. */
export async function studentOfMeasurement(tx: DbOrTx, id: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ studentId: measurements.studentId })
    .from(measurements)
    .where(eq(measurements.id, id));
  return row?.studentId;
}

/**
 * Soft-deletes a live measurement the actor may delete (an admin: any; a teacher: one they recorded of
 * their own student), in one statement carrying the scope; answers its student, or undefined.
 */
export async function softDeleteMeasurement(tx: DbOrTx, actor: Actor, id: string) {
  const [row] = await tx
    .update(measurements)
    .set({ deletedAt: new Date(), isLatest: false, atRisk: false })
    .where(
      and(
        eq(measurements.id, id),
        isNull(measurements.deletedAt),
        actor.role === 'TEACHER'
          ? and(eq(measurements.measuredById, actor.id), ofTeachersStudent(actor.id))
          : undefined,
      ),
    )
    .returning({ studentId: measurements.studentId });
  return row;
}

export async function insertMeasurement(tx: DbOrTx, values: NewMeasurementRow): Promise<string> {
  const [row] = await tx.insert(measurements).values(values).returning({ id: measurements.id });
  return row.id;
}

import {
  HOME_VISIT_LIMITS,
  HOME_VISIT_STATUSES,
  type HomeVisitStatus,
  type LocationFilter,
} from '@csp/contracts';
import { aliasedTable, and, count, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { defineList } from '../../db/lists/index.ts';
import { filtersOnly, liveCountSql, type LiveCountName } from '../../db/live-counts.ts';
import { homeVisits, liveCounts, students, users } from '../../db/schema.ts';
import { arrayParam, idList } from '../../db/sql-helpers.ts';
import type { Page } from '../../lib/paging.ts';
import type { Actor } from '../../lib/actor.ts';
import {
  dateFilter,
  liveStudentsNamed,
  ofLiveStudent,
  ofStudentInScope,
  teachersNamed,
} from '../../db/scopes.ts';

export type HomeVisitRow = typeof homeVisits.$inferSelect;
export type NewHomeVisitRow = typeof homeVisits.$inferInsert;

export interface HomeVisitWithRefs {
  visit: HomeVisitRow;
  student: {
    id: string;
    firstName: string;
    lastName: string;
    dateOfBirth: string;
    category: 'CENTER_BASE' | 'HOME_BASE' | 'SURVIVAL_PROGRAM';
    address: string | null;
    homeLatitude: number | null;
    homeLongitude: number | null;
    homeLocationName: string | null;
  };
  teacher: { id: string; firstName: string; lastName: string };
  /** Null (left join) when no administrator has reviewed the visit, or their account is gone. */
  reviewer: { firstName: string | null; lastName: string | null } | null;
}

export interface HomeVisitFilter {
  date?: string;
  year?: number;
  month?: number;
  status?: HomeVisitStatus;
  /** The teacher who recorded the visits. */
  teacherId?: string;
  studentId?: string;
  location?: LocationFilter;
  /** Text in the student's or the teacher's name. */
  search?: string;
  /** Only visits waiting for review (the review queue). */
  pendingOnly?: boolean;
}

const teacher = aliasedTable(users, 'teacher');
const reviewer = aliasedTable(users, 'reviewer');

const ofScopedStudent = (actor: Actor) => ofStudentInScope(homeVisits.studentId, actor);

/**
 * What an actor sees: live visits of live students in their scope (a teacher: visits of the students
 * assigned to them). Queries join `students`; a teacher's scope is also a condition on the visits.
 */
function visibleTo(actor: Actor, liveStudent: SQL = isNull(students.deletedAt)): SQL | undefined {
  return and(
    isNull(homeVisits.deletedAt),
    liveStudent,
    actor.role === 'TEACHER' ? ofScopedStudent(actor) : undefined,
  );
}

/**
 * What a teacher may change: their own live visit, of a student still assigned to them, that no
 * administrator has reviewed. UPDATE statements carry this whole condition, so a reassignment, a
 * deletion or a review that lands first makes them match nothing.
 */
function ownedBy(actor: Actor): SQL | undefined {
  return and(
    isNull(homeVisits.deletedAt),
    eq(homeVisits.teacherId, actor.id),
    // reviewed_at, not reviewed_by_id: the reviewer's account may be deleted later (set null).
    isNull(homeVisits.reviewedAt),
    ofScopedStudent(actor),
  );
}

/**
 * `liveStudent`: how the visit's student is known to be live (counts and the choice of a page's rows join
 * no `students`). `named`: the ids a search's names already matched (keptSearchCount), where known.
 */
function whereOf(
  actor: Actor,
  filter: HomeVisitFilter,
  liveStudent?: SQL,
  named?: NamedIds,
): SQL | undefined {
  const c: (SQL | undefined)[] = [visibleTo(actor, liveStudent)];
  if (filter.pendingOnly) c.push(eq(homeVisits.status, 'PENDING'));
  if (filter.status) c.push(eq(homeVisits.status, filter.status));
  c.push(...dateFilter(homeVisits.visitDate, filter));
  if (filter.teacherId) c.push(eq(homeVisits.teacherId, filter.teacherId));
  if (filter.studentId) c.push(eq(homeVisits.studentId, filter.studentId));
  if (filter.location === 'warnings') {
    c.push(gt(homeVisits.distanceFromHome, HOME_VISIT_LIMITS.locationWarningMeters));
  } else if (filter.location === 'normal') {
    c.push(lte(homeVisits.distanceFromHome, HOME_VISIT_LIMITS.locationWarningMeters));
  }
  if (filter.search) {
    // Conditions on home_visits (ids through arrays), so the student and teacher indexes serve them.
    c.push(
      or(
        sql`${homeVisits.studentId} = any(${named?.students ? arrayParam(named.students, 'uuid') : sql`array(${liveStudentsNamed(filter.search)})`})`,
        sql`${homeVisits.teacherId} = any(${named?.teachers ? arrayParam(named.teachers, 'uuid') : sql`array(${teachersNamed(filter.search)})`})`,
      ),
    );
  }
  return and(...c);
}

/**
 * Whether a page of a search walks the list's order rather than sorting every match: when the rows it
 * may expect to read, `scope ÷ total` per match up to the page's end, stay within a budget (1,000 rows)
 * that the sort of every match costs more than.
 */
export const walksTheOrder = (page: Page, kept: { total: number; scope: number }): boolean =>
  (page.offset + page.limit) * kept.scope <= 1_000 * kept.total;

/**
 * The ids a search's names matched, each kind when there are few enough to send back as a constant
 * (MAX_NAMED): the page's query then finds no name again, and PostgreSQL plans it for that many ids.
 */
interface NamedIds {
  students?: string[];
  teachers?: string[];
}

const MAX_NAMED = 1_000;

/**
 * An administrator's search of the visits or the review queue, filtered by nothing else but a status:
 * its total from the kept counts (migration 0025), the matching teachers' kept counts per status summed
 * and the visits of the matching children that none of those teachers recorded counted; `scope`, how
 * many visits there are of the status (or of any) in all; and the ids the names matched (NamedIds).
 * Undefined for any other list.
 */
async function keptSearchCount(
  db: DbOrTx,
  actor: Actor,
  filter: HomeVisitFilter,
): Promise<{ total: number; scope: number; named: NamedIds } | undefined> {
  const { search, location, status, pendingOnly, ...rest } = filter;
  if (actor.role !== 'ADMIN' || !search || (location && location !== 'all')) return undefined;
  if (!filtersOnly(rest) || (pendingOnly && status && status !== 'PENDING')) return undefined;
  const only = pendingOnly ? 'PENDING' : status;
  const statuses = arrayParam(only ? [only] : HOME_VISIT_STATUSES, 'review_status');
  const result = (await db.execute(sql`
    with named as materialized (
      select array(${liveStudentsNamed(search)}) as students, array(${teachersNamed(search)}) as teachers
    )
    select
      (select coalesce(sum(${liveCounts.n}), 0) from ${liveCounts}
        where ${liveCounts.name} = any(array(
          select 'home_visits:' || st || ':' || t from unnest(named.teachers) t, unnest(${statuses}) st)))::int
      + (select count(*) from ${homeVisits}
        where ${homeVisits.studentId} = any(named.students) and ${isNull(homeVisits.deletedAt)}
          and ${homeVisits.status} = any(${statuses})
          and not (${homeVisits.teacherId} = any(named.teachers)))::int as total,
      ${liveCountSql(only ? `home_visits:${only}` : 'home_visits')} as scope,
      case when cardinality(named.students) <= ${MAX_NAMED}
        then array_to_string(named.students, ',') end as students,
      case when cardinality(named.teachers) <= ${MAX_NAMED}
        then array_to_string(named.teachers, ',') end as teachers
    from named`)) as unknown as {
    rows: {
      total: number | string;
      scope: number | string;
      students: string | null;
      teachers: string | null;
    }[];
  };
  const [row] = result.rows;
  return {
    total: Number(row.total),
    scope: Number(row.scope),
    named: { students: idList(row.students), teachers: idList(row.teachers) },
  };
}

/**
 * The kept count that is an administrator's list or review queue: unfiltered, by one status or by
 * location alone (live visits of live students). Both a status and the queue's PENDING: none (they may
 * differ); nor a status with a location.
 */
function liveCountOf(actor: Actor, filter: HomeVisitFilter): LiveCountName | undefined {
  if (actor.role !== 'ADMIN') return undefined;
  const { location, ...rest } = filter;
  const near = location === 'all' ? undefined : location;
  if (!filtersOnly(rest, ['status', 'pendingOnly'])) return undefined;
  const status = rest.pendingOnly ? (rest.status ?? 'PENDING') : rest.status;
  if (!near && (!rest.pendingOnly || status === 'PENDING')) {
    return status ? `home_visits:${status}` : 'home_visits';
  }
  if (near && !status) return `home_visits:${near}`;
  return undefined;
}

async function exactCount(db: DbOrTx, actor: Actor, filter: HomeVisitFilter): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(homeVisits)
    .where(whereOf(actor, filter, ofLiveStudent(homeVisits.studentId)));
  return row.n;
}

/** The visits and the review queue: newest visit first (their live date indexes), and how they count. */
const list = defineList({
  keyset: [
    [homeVisits.visitDate, 'date'],
    [homeVisits.createdAt, 'timestamptz'],
    [homeVisits.id, 'uuid'],
  ],
  count: { known: keptSearchCount, live: liveCountOf, exact: exactCount },
  walks: walksTheOrder,
});
const { keyset } = list;

const selection = {
  visit: homeVisits,
  student: {
    id: students.id,
    firstName: students.firstName,
    lastName: students.lastName,
    dateOfBirth: students.dateOfBirth,
    category: students.category,
    address: students.address,
    homeLatitude: students.homeLatitude,
    homeLongitude: students.homeLongitude,
    homeLocationName: students.homeLocationName,
  },
  teacher: { id: teacher.id, firstName: teacher.firstName, lastName: teacher.lastName },
  reviewer: { firstName: reviewer.firstName, lastName: reviewer.lastName },
  /** The row's keyset cursor (the lists'; a single visit ignores it). */
  cursor: keyset.cursor,
};

/** A visits query joined to the student and the people its rows name. */
function withRefs<Q extends PgSelect>(q: Q) {
  return q
    .innerJoin(students, eq(students.id, homeVisits.studentId))
    .innerJoin(teacher, eq(teacher.id, homeVisits.teacherId))
    .leftJoin(reviewer, eq(reviewer.id, homeVisits.reviewedById));
}

function selectVisits(db: DbOrTx) {
  return withRefs(db.select(selection).from(homeVisits).$dynamic());
}

/**
 * Visits visible to the actor that match the filter, newest first; one query, only the page's rows, each
 * with its cursor (a keyset page starts after the page's `after`). With a page, the page's visits are
 * chosen from `home_visits` alone (their student's liveness an anti-join, as the count does), and only
 * those rows are joined to their student, teacher and reviewer: a search that matches many visits sorts
 * visits, not visits joined to students.
 */
export async function listHomeVisits(
  db: DbOrTx,
  actor: Actor,
  filter: HomeVisitFilter,
  page?: Page,
): Promise<(HomeVisitWithRefs & { cursor: string; total?: number | null })[]> {
  if (!page)
    return selectVisits(db)
      .where(whereOf(actor, filter))
      .orderBy(...list.order(filter));
  const plan = await list.planPage(db, actor, filter, page);
  if (plan.pastTheEnd) return [];
  const kept = plan.known;
  const chosen = keyset.pageIds(
    db,
    homeVisits,
    homeVisits.id,
    whereOf(actor, filter, ofLiveStudent(homeVisits.studentId), kept?.named),
    page,
    plan.order,
    plan.countsItself,
  );
  const rows = await withRefs(
    db
      .select({ ...selection, total: chosen.total })
      .from(homeVisits)
      .innerJoin(chosen, eq(chosen.id, homeVisits.id))
      .$dynamic(),
  ).orderBy(...keyset.orderBy);
  return kept ? rows.map((row) => ({ ...row, total: kept.total })) : rows;
}

export const countHomeVisits = (db: DbOrTx, actor: Actor, filter: HomeVisitFilter): Promise<number> =>
  list.count(db, actor, filter);

/**
 * The years of the visits the actor sees, newest first: a loose index scan (one probe of the date
 * order per year), not a pass over every visit. The student's liveness is the anti-join: joined to
 * `students`, each probe's plan memoized the lookups in a cache sized for the 200,000 visits it
 * estimated, and setting that cache up cost far more than the probes themselves.
 */
export async function homeVisitYears(db: DbOrTx, actor: Actor): Promise<number[]> {
  const visible = sql`from ${homeVisits} where ${visibleTo(actor, ofLiveStudent(homeVisits.studentId))}`;
  const result = (await db.execute(sql`
    with recursive years(y) as (
      (select extract(year from ${homeVisits.visitDate})::int ${visible}
        order by ${homeVisits.visitDate} desc limit 1)
      union all
      select (select extract(year from ${homeVisits.visitDate})::int ${visible}
          and ${homeVisits.visitDate} < make_date(years.y, 1, 1)
          order by ${homeVisits.visitDate} desc limit 1)
      from years where years.y is not null
    )
    select y from years where y is not null`)) as unknown as { rows: { y: number }[] };
  return result.rows.map((r) => Number(r.y));
}

/** One visit if the actor may see it; `forUpdate` locks the visit row for the transaction. */
export async function findHomeVisit(
  db: DbOrTx,
  actor: Actor,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<HomeVisitWithRefs | undefined> {
  const q = selectVisits(db).where(and(eq(homeVisits.id, id), visibleTo(actor)));
  const [row] = opts.forUpdate ? await q.for('update', { of: homeVisits }) : await q;
  return row;
}

/**
 * What a visit needs of its student (db/scopes.ts lockStudentInScope, share-locked so that a concurrent
 * reassignment, deletion or move of the home waits until the visit is in): the home location the visit
 * is checked against.
 */
export const visitStudentColumns = {
  id: students.id,
  category: students.category,
  homeLatitude: students.homeLatitude,
  homeLongitude: students.homeLongitude,
};

export async function insertHomeVisit(tx: DbOrTx, values: NewHomeVisitRow): Promise<string> {
  const [row] = await tx.insert(homeVisits).values(values).returning({ id: homeVisits.id });
  return row.id;
}

export type HomeVisitChanges = Partial<
  Pick<
    NewHomeVisitRow,
    | 'visitDate'
    | 'duration'
    | 'notes'
    | 'photos'
    | 'latitude'
    | 'longitude'
    | 'locationName'
    | 'locationAccuracy'
    | 'status'
    | 'isWithinRange'
    | 'distanceFromHome'
  >
>;

/** Updates the actor's own, unreviewed visit; undefined when it is no longer theirs to change. */
export async function updateOwnHomeVisit(
  tx: DbOrTx,
  actor: Actor,
  id: string,
  values: HomeVisitChanges,
): Promise<string | undefined> {
  const [row] = await tx
    .update(homeVisits)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(homeVisits.id, id), ownedBy(actor)))
    .returning({ id: homeVisits.id });
  return row?.id;
}

/**
 * Soft-deletes the actor's own visit (restorable: the files stay); false when it is not theirs. A
 * reviewed visit may be deleted by its teacher too (an admin can bring it back).
 */
export async function softDeleteOwnHomeVisit(tx: DbOrTx, actor: Actor, id: string): Promise<boolean> {
  const rows = await tx
    .update(homeVisits)
    .set({ deletedAt: new Date() })
    .where(
      and(
        eq(homeVisits.id, id),
        isNull(homeVisits.deletedAt),
        eq(homeVisits.teacherId, actor.id),
        ofScopedStudent(actor),
      ),
    )
    .returning({ id: homeVisits.id });
  return rows.length > 0;
}

/**
 * Records an administrator's decision on a live visit still waiting for one: a single conditional
 * UPDATE, so of two admins deciding at once exactly one changes the row. Answers the visit's teacher
 * and student, or undefined when there was nothing pending to decide.
 */
export async function reviewPendingHomeVisit(
  tx: DbOrTx,
  id: string,
  decision: { status: 'APPROVED' | 'REJECTED'; reviewNotes: string | null; reviewedById: string },
): Promise<{ teacherId: string; studentId: string; visitDate: string } | undefined> {
  const [row] = await tx
    .update(homeVisits)
    .set({ ...decision, reviewedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(homeVisits.id, id),
        isNull(homeVisits.deletedAt),
        eq(homeVisits.status, 'PENDING'),
        sql`${homeVisits.studentId} in (select ${students.id} from ${students} where ${isNull(students.deletedAt)})`,
      ),
    )
    .returning({
      teacherId: homeVisits.teacherId,
      studentId: homeVisits.studentId,
      visitDate: homeVisits.visitDate,
    });
  return row;
}

/** A student's name, for the teacher's notification. */
export async function studentName(db: DbOrTx, id: string): Promise<string> {
  const [row] = await db
    .select({ firstName: students.firstName, lastName: students.lastName })
    .from(students)
    .where(eq(students.id, id));
  return row ? `${row.firstName} ${row.lastName}` : 'your student';
}

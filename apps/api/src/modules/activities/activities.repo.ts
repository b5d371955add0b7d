import { aliasedTable, and, count, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { descendingKeyset } from '../../db/keyset.ts';
import { filtersOnly, liveCount } from '../../db/live-counts.ts';
import { arrayParam, containsPattern, idList } from '../../db/sql-helpers.ts';
import { activities, students, users } from '../../db/schema.ts';
import type { Page } from '../../lib/paging.ts';
import type { Actor } from '../../plugins/auth.ts';
import { liveStudentsNamed, ofLiveStudent, ofStudentInScope, studentInScope } from '../../db/scopes.ts';

export type ActivityRow = typeof activities.$inferSelect;
export type NewActivityRow = typeof activities.$inferInsert;

export interface ActivityWithRefs {
  activity: ActivityRow;
  student: { id: string; firstName: string; lastName: string; dateOfBirth: string };
  teacher: { id: string; firstName: string; lastName: string };
}

export interface ActivityFilter {
  date?: string;
  /** The teacher who recorded the activities. */
  teacherId?: string;
  search?: string;
}

const teacher = aliasedTable(users, 'teacher');

const ofScopedStudent = (actor: Actor) => ofStudentInScope(activities.studentId, actor);

/**
 * What an actor sees: non-deleted activities of the students in their scope (a deleted student's
 * vanish). Queries join `students`; a teacher's scope is also a condition on the activities themselves.
 */
function visibleTo(actor: Actor, liveStudent: SQL = isNull(students.deletedAt)): SQL | undefined {
  return and(
    isNull(activities.deletedAt),
    liveStudent,
    actor.role === 'TEACHER' ? ofScopedStudent(actor) : undefined,
  );
}

/**
 * What a teacher may change: their own activity, of a student still assigned to them. UPDATE statements
 * carry this whole condition, so a reassignment or a deletion that lands first makes them match nothing.
 */
function ownedBy(actor: Actor): SQL | undefined {
  return and(isNull(activities.deletedAt), eq(activities.teacherId, actor.id), ofScopedStudent(actor));
}

/**
 * `liveStudent`: how the activity's student is known to be live (counts and the choice of a page's rows join
 * no `students`). `named`: the ids of the children whose names a search matched, where already known
 * (searchCount).
 */
function whereOf(actor: Actor, filter: ActivityFilter, liveStudent?: SQL, named?: string[]): SQL | undefined {
  const conditions: (SQL | undefined)[] = [visibleTo(actor, liveStudent), ...otherFilters(filter)];
  if (filter.search) {
    // Every alternative is a condition on activities (the student's name through an array of ids), so
    // the trigram and student indexes can be OR-ed in one bitmap scan.
    conditions.push(
      or(
        inText(filter.search),
        sql`${activities.studentId} = any(${named ? arrayParam(named, 'uuid') : sql`array(${liveStudentsNamed(filter.search)})`})`,
      ),
    );
  }
  return and(...conditions);
}

/** The filters other than the search. */
const otherFilters = (filter: ActivityFilter): (SQL | undefined)[] => [
  filter.date ? eq(activities.date, filter.date) : undefined,
  filter.teacherId ? eq(activities.teacherId, filter.teacherId) : undefined,
];

/** The search in the activity's own text. */
const inText = (search: string) => {
  const p = containsPattern(search);
  return or(ilike(activities.title, p), ilike(activities.description, p));
};

/**
 * How many children's ids a search sends back into its page's query as a constant (searchCount). Each
 * costs about 3 µs of planning (1,853 ids: 5 ms, measured at national scale); in return PostgreSQL knows
 * how many activities they have, and walks the date order when they are many (2 ms for a page of 8 where
 * sorting their 37,060 activities took 40–50 ms), or sorts them when they are few.
 */
const MAX_NAMED = 10_000;

/**
 * A numbered page of a search: its total, counted apart from the page, and the ids of the children whose
 * names it matched (undefined past MAX_NAMED). Their activities are counted through the student index
 * alone (an index-only scan; the children are live by the names' query); those matched by their title or
 * description whose child is not among them are added. The same total as counting the search's matches
 * (a union counted in two disjoint parts), in 13 ms at national scale where the matches' count took 36.
 */
async function searchCount(
  db: DbOrTx,
  actor: Actor,
  filter: ActivityFilter,
): Promise<{ total: number; named: string[] | undefined } | undefined> {
  if (!filter.search) return undefined;
  const result = (await db.execute(sql`
    with named as materialized (select array(${liveStudentsNamed(filter.search)}) as students)
    select
      (select count(*) from ${activities}
        where ${and(visibleTo(actor, sql`true`), ...otherFilters(filter))}
          and ${activities.studentId} = any(named.students))::int
      + (select count(*) from ${activities}
        where ${and(visibleTo(actor, ofLiveStudent(activities.studentId)), ...otherFilters(filter))}
          and ${inText(filter.search)} and not (${activities.studentId} = any(named.students)))::int as total,
      case when cardinality(named.students) <= ${MAX_NAMED}
        then array_to_string(named.students, ',') end as students
    from named`)) as unknown as { rows: { total: number | string; students: string | null }[] };
  const [row] = result.rows;
  return { total: Number(row.total), named: idList(row.students) };
}

const selection = {
  activity: activities,
  student: {
    id: students.id,
    firstName: students.firstName,
    lastName: students.lastName,
    dateOfBirth: students.dateOfBirth,
  },
  teacher: { id: teacher.id, firstName: teacher.firstName, lastName: teacher.lastName },
};

/** The lists' order, newest first (activities_live_*date_idx): its keyset pages. */
const keyset = descendingKeyset([
  [activities.date, 'date'],
  [activities.createdAt, 'timestamptz'],
  [activities.id, 'uuid'],
]);

/**
 * Activities visible to the actor that match the filter, newest first; one query, only the page's rows,
 * each with its cursor (a keyset page starts after the page's `after`).
 */
export async function listActivities(
  db: DbOrTx,
  actor: Actor,
  filter: ActivityFilter,
  page?: Page,
): Promise<(ActivityWithRefs & { cursor: string; total?: number | null })[]> {
  // With a search, `date + 0` (the same order) keeps the planner from walking the date index row by row
  // until a page of matches turns up (slow for a rare word); it finds the matches through the trigram and
  // student indexes first, then sorts them. Not when the children's ids are sent as a constant: PostgreSQL
  // then knows how many activities match, and chooses.
  const orderBy = (named?: string[]) => [
    desc(filter.search && !named ? sql`${activities.date} + 0` : activities.date),
    desc(activities.createdAt),
    desc(activities.id),
  ];
  const withRefs = <Q extends PgSelect>(q: Q) =>
    q
      .innerJoin(students, eq(students.id, activities.studentId))
      .innerJoin(teacher, eq(teacher.id, activities.teacherId));
  if (!page) {
    return withRefs(
      db
        .select({ ...selection, cursor: keyset.cursor })
        .from(activities)
        .$dynamic(),
    )
      .where(whereOf(actor, filter))
      .orderBy(...orderBy());
  }
  // A search's numbered page: its total and the names' matches first (searchCount).
  const counted = page.after ? undefined : await searchCount(db, actor, filter);
  if (counted && counted.total <= page.offset) return [];
  // The page's activities are chosen from `activities` alone (their student's liveness an anti-join, as
  // the count does); only they are joined to their student and teacher.
  const chosen = keyset.pageIds(
    db,
    activities,
    activities.id,
    whereOf(actor, filter, ofLiveStudent(activities.studentId), counted?.named),
    page,
    orderBy(counted?.named),
    false,
  );
  const rows = await withRefs(
    db
      .select({ ...selection, cursor: keyset.cursor, total: chosen.total })
      .from(activities)
      .innerJoin(chosen, eq(chosen.id, activities.id))
      .$dynamic(),
  ).orderBy(...keyset.orderBy);
  return counted ? rows.map((row) => ({ ...row, total: counted.total })) : rows;
}

export async function countActivities(db: DbOrTx, actor: Actor, filter: ActivityFilter): Promise<number> {
  const counted = await searchCount(db, actor, filter);
  if (counted) return counted.total;
  // An administrator's unfiltered list: the kept count (the same rule as visibleTo: live, of a live student).
  if (actor.role === 'ADMIN' && filtersOnly(filter)) return liveCount(db, 'activities');
  const [row] = await db
    .select({ n: count() })
    .from(activities)
    .where(whereOf(actor, filter, ofLiveStudent(activities.studentId)));
  return row.n;
}

/** One activity if the actor may see it; `forUpdate` locks the activity row for the transaction. */
export async function findActivity(
  db: DbOrTx,
  actor: Actor,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<ActivityWithRefs | undefined> {
  const q = db
    .select(selection)
    .from(activities)
    .innerJoin(students, eq(students.id, activities.studentId))
    .innerJoin(teacher, eq(teacher.id, activities.teacherId))
    .where(and(eq(activities.id, id), visibleTo(actor)));
  const [row] = opts.forUpdate ? await q.for('update', { of: activities }) : await q;
  return row;
}

/**
 * The student an actor may record for (a teacher: their own), share-locked for the transaction so a
 * concurrent reassignment or deletion waits until the new record is in (or, landing first, hides it).
 */
export async function lockStudentInScope(tx: DbOrTx, actor: Actor, studentId: string) {
  const [row] = await tx
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.id, studentId), studentInScope(actor)))
    .for('share');
  return row;
}

/** True when any of the files is a photo of some activity other than `exceptId` (deleted ones too). */
export async function photosInUse(tx: DbOrTx, fileIds: string[], exceptId?: string): Promise<boolean> {
  if (fileIds.length === 0) return false;
  const [row] = await tx
    .select({ id: activities.id })
    .from(activities)
    .where(
      and(
        sql`${activities.photos} ?| array[${sql.join(
          fileIds.map((id) => sql`${id}`),
          sql`, `,
        )}]::text[]`,
        exceptId ? ne(activities.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertActivity(tx: DbOrTx, values: NewActivityRow): Promise<string> {
  const [row] = await tx.insert(activities).values(values).returning({ id: activities.id });
  return row.id;
}

/** Updates the actor's own activity; undefined when it is no longer theirs to change. */
export async function updateOwnActivity(
  tx: DbOrTx,
  actor: Actor,
  id: string,
  values: Partial<Pick<NewActivityRow, 'title' | 'date' | 'duration' | 'description' | 'photos'>>,
): Promise<string | undefined> {
  const [row] = await tx
    .update(activities)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(activities.id, id), ownedBy(actor)))
    .returning({ id: activities.id });
  return row?.id;
}

/** Soft-deletes the actor's own activity (restorable: the photos stay); false when it is not theirs. */
export async function softDeleteOwnActivity(tx: DbOrTx, actor: Actor, id: string): Promise<boolean> {
  const rows = await tx
    .update(activities)
    .set({ deletedAt: new Date() })
    .where(and(eq(activities.id, id), ownedBy(actor)))
    .returning({ id: activities.id });
  return rows.length > 0;
}

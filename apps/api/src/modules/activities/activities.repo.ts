import { aliasedTable, and, count, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { defineList } from '../../db/lists/index.ts';
import { filtersOnly, liveCountSql } from '../../db/live-counts.ts';
import { containsPattern } from '../../db/sql-helpers.ts';
import { activities, students, users } from '../../db/schema.ts';
import type { Page } from '../../lib/paging.ts';
import type { Actor } from '../../lib/actor.ts';
import {
  liveStudentsNamed,
  namedCte,
  namedSearchCount,
  ofLiveStudent,
  ofNamedStudent,
  ofStudentInScope,
} from '../../db/scopes.ts';

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
 * no `students`). `byName`: how an activity's child is tested against the children the search names, where
 * a statement of its own names them (keyset.searchPageIds); by default an array of their ids.
 */
function whereOf(actor: Actor, filter: ActivityFilter, liveStudent?: SQL, byName?: SQL): SQL | undefined {
  const conditions: (SQL | undefined)[] = [visibleTo(actor, liveStudent), ...otherFilters(filter)];
  if (filter.search) {
    // Every alternative is a condition on activities (the student's name through an array of ids), so
    // the trigram and student indexes can be OR-ed in one bitmap scan.
    conditions.push(
      or(
        inText(filter.search),
        byName ?? sql`${activities.studentId} = any(array(${liveStudentsNamed(filter.search)}))`,
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

/** The activity's child among those `named`: through the student index (a bitmap, a count). */
const ofNamedChild = ofNamedStudent(activities.studentId);

/** An administrator's search filtered by nothing else: its total sums kept counts, and its page may walk. */
const searchOnly = (actor: Actor, filter: ActivityFilter) =>
  actor.role === 'ADMIN' && filtersOnly(filter, ['search']);

/**
 * A search's total, over `named`: the named children's activities (the children are live by the names'
 * query), and those matched by their title or description whose child is not among them. Each match counts
 * once (a union counted in two disjoint parts), without reading the matches themselves. The named
 * children's activities are their kept counts, summed as their names were read (`named.activities`), for
 * a search filtered by nothing else; otherwise counted through the student index alone (an index-only
 * scan).
 */
const searchTotal = (actor: Actor, filter: ActivityFilter, search: string) => sql`(
    ${
      searchOnly(actor, filter)
        ? sql`(select activities from named)`
        : sql`(select count(*) from ${activities}
            where ${and(visibleTo(actor, sql`true`), ...otherFilters(filter))}
              and ${ofNamedChild})::int`
    }
    + (select count(*) from ${activities}
      where ${and(visibleTo(actor, ofLiveStudent(activities.studentId)), ...otherFilters(filter))}
        and ${inText(search)} and not ${ofNamedChild})::int)`;

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

/**
 * The lists: newest first (activities_live_*date_idx); a search counted over its names, an
 * administrator's unfiltered list by its kept count (the same rule as visibleTo: live, of a live student).
 */
const list = defineList({
  keyset: [
    [activities.date, 'date'],
    [activities.createdAt, 'timestamptz'],
    [activities.id, 'uuid'],
  ],
  count: {
    search: (db, actor, filter: ActivityFilter, search) =>
      namedSearchCount(db, search, false, searchTotal(actor, filter, search)),
    live: (actor, filter) => (actor.role === 'ADMIN' && filtersOnly(filter) ? 'activities' : undefined),
    exact: async (db, actor, filter) => {
      const [row] = await db
        .select({ n: count() })
        .from(activities)
        .where(whereOf(actor, filter, ofLiveStudent(activities.studentId)));
      return row.n;
    },
  },
});
const { keyset } = list;

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
  // A search's rows are found through the trigram and student indexes first, then sorted (list.order);
  // its numbered page chooses how (keyset.searchPageIds).
  const orderBy = list.order(filter);
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
      .orderBy(...orderBy);
  }
  if (filter.search && !page.after) {
    // A search's numbered page and its total, in one statement.
    return withRefs(
      db
        .select({ ...selection, cursor: keyset.cursor, total: sql<number>`chosen.total` })
        .from(activities)
        .innerJoin(
          keyset.searchPageIds({
            table: activities,
            id: activities.id,
            ctes: namedCte(filter.search),
            total: searchTotal(actor, filter, filter.search),
            where: (walk) =>
              whereOf(
                actor,
                filter,
                ofLiveStudent(activities.studentId),
                walk ? sql`${activities.studentId} in (select unnest(students) from named)` : ofNamedChild,
              ),
            // Walked: an administrator's search without another filter (a teacher's activities, a day's
            // or one teacher's are few, and are sorted).
            walked: searchOnly(actor, filter) ? liveCountSql('activities') : undefined,
            page,
          }),
          sql`chosen.id = ${activities.id}`,
        )
        .$dynamic(),
    ).orderBy(...keyset.orderBy);
  }
  // The page's activities are chosen from `activities` alone (their student's liveness an anti-join, as
  // the count does); only they are joined to their student and teacher.
  const chosen = keyset.pageIds(
    db,
    activities,
    activities.id,
    whereOf(actor, filter, ofLiveStudent(activities.studentId)),
    page,
    orderBy,
    false,
  );
  return withRefs(
    db
      .select({ ...selection, cursor: keyset.cursor, total: chosen.total })
      .from(activities)
      .innerJoin(chosen, eq(chosen.id, activities.id))
      .$dynamic(),
  ).orderBy(...keyset.orderBy);
}

export const countActivities = (db: DbOrTx, actor: Actor, filter: ActivityFilter): Promise<number> =>
  list.count(db, actor, filter);

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

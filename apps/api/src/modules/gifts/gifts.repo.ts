import { OPEN_GIFT_STATUSES, type GiftStatus } from '@csp/contracts';
import { aliasedTable, and, count, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { defineList } from '../../db/lists/index.ts';
import { filtersOnly, liveCountSql } from '../../db/live-counts.ts';
import { gifts, students, users } from '../../db/schema.ts';
import {
  dateFilter,
  liveStudentsNamed,
  namedCte,
  namedSearchCount,
  ofLiveStudent,
  ofNamedStudent,
  ofStudentInScope,
  studentInScope,
  type DateFilter,
} from '../../db/scopes.ts';
import { containsPattern } from '../../db/sql-helpers.ts';
import { type Page } from '../../lib/paging.ts';
import type { Actor } from '../../lib/actor.ts';

export type GiftRow = typeof gifts.$inferSelect;
export type NewGiftRow = typeof gifts.$inferInsert;

type Name = { firstName: string | null; lastName: string | null } | null;

export interface GiftWithRefs {
  gift: GiftRow;
  student: {
    id: string;
    studentId: string;
    firstName: string;
    lastName: string;
    category: 'CENTER_BASE' | 'HOME_BASE' | 'SURVIVAL_PROGRAM';
  };
  /** The student's assigned teacher (left join: a student may have none). */
  teacher: { id: string | null; firstName: string | null; lastName: string | null } | null;
  deliverer: Name;
  canceller: Name;
}

export interface GiftFilter extends DateFilter {
  status?: GiftStatus;
  studentId?: string;
  /** Gifts of the students assigned to this teacher. */
  teacherId?: string;
  /** Text in the gift's name, sub-type or gift ID, the student's name or the teacher's. */
  search?: string;
}

const teacher = aliasedTable(users, 'teacher');
const deliverer = aliasedTable(users, 'deliverer');
const canceller = aliasedTable(users, 'canceller');

/**
 * What an actor sees: live gifts of live students in their scope (a teacher: gifts of the students
 * assigned to them). Queries join `students`; a teacher's scope is also a condition on the gifts.
 */
function visibleTo(actor: Actor, liveStudent: SQL = isNull(students.deletedAt)): SQL | undefined {
  return and(
    isNull(gifts.deletedAt),
    liveStudent,
    actor.role === 'TEACHER' ? ofStudentInScope(gifts.studentId, actor) : undefined,
  );
}

/**
 * `liveStudent`: how the gift's student is known to be live (counts and the choice of a page's rows join
 * no `students`). `byName`: how a gift's student is tested against the students the search names, where a
 * statement of its own names them (`named`, keyset.searchPageIds); by default an array of their ids.
 */
function whereOf(actor: Actor, filter: GiftFilter, liveStudent?: SQL, byName?: SQL): SQL | undefined {
  const c: (SQL | undefined)[] = [visibleTo(actor, liveStudent), ...otherFilters(filter)];
  if (filter.search) {
    c.push(
      or(
        inText(filter.search),
        // Ids through arrays, so the student index of the gifts serves them.
        byName ?? sql`${gifts.studentId} = any(array(${liveStudentsNamed(filter.search, true)}))`,
      ),
    );
  }
  return and(...c);
}

/** The filters other than the search. */
function otherFilters(filter: GiftFilter): (SQL | undefined)[] {
  const c: (SQL | undefined)[] = [...dateFilter(gifts.giftDate, filter)];
  if (filter.status) c.push(eq(gifts.status, filter.status));
  if (filter.studentId) c.push(eq(gifts.studentId, filter.studentId));
  if (filter.teacherId) {
    c.push(
      sql`${gifts.studentId} in (select ${students.id} from ${students} where ${eq(
        students.assignedTeacherId,
        filter.teacherId,
      )})`,
    );
  }
  return c;
}

/** The search in the gift's own text: its name, sub-type and gift ID. */
const inText = (search: string) =>
  sql`(coalesce(${gifts.name}, '') || ' ' || coalesce(${gifts.giftSubType}, '') || ' ' || coalesce(${gifts.giftId}, '')) ilike ${containsPattern(search)}`;

/** The gift's student among those `named` (by their name or their teacher's). */
const ofNamedChild = ofNamedStudent(gifts.studentId);

/** An administrator's search filtered by nothing else: its total sums kept counts, and its page may walk. */
const searchOnly = (actor: Actor, filter: GiftFilter) =>
  actor.role === 'ADMIN' && filtersOnly(filter, ['search']);

/**
 * A search's total, over `named`: the named students' gifts (the students are live by the names' query),
 * and those matched by their own text whose student is not among them, each match once. The named
 * students' gifts are their kept counts, summed as their names were read (`named.gifts`), for a search
 * filtered by nothing else; otherwise counted through the student index alone.
 */
const searchTotal = (actor: Actor, filter: GiftFilter, search: string) => sql`(
    ${
      searchOnly(actor, filter)
        ? sql`(select gifts from named)`
        : sql`(select count(*) from ${gifts}
            where ${and(visibleTo(actor, sql`true`), ...otherFilters(filter))} and ${ofNamedChild})::int`
    }
    + (select count(*) from ${gifts}
      where ${and(visibleTo(actor, ofLiveStudent(gifts.studentId)), ...otherFilters(filter))}
        and ${inText(search)} and not ${ofNamedChild})::int)`;

/**
 * The list: newest gift date first (its live date indexes); a search counted over its names, an
 * administrator's list, unfiltered or by status only, by its kept count (live gifts of live students).
 */
const list = defineList({
  keyset: [
    [gifts.giftDate, 'date'],
    [gifts.createdAt, 'timestamptz'],
    [gifts.id, 'uuid'],
  ],
  count: {
    search: (db, actor, filter: GiftFilter, search) =>
      namedSearchCount(db, search, true, searchTotal(actor, filter, search)),
    live: (actor, filter) =>
      actor.role === 'ADMIN' && filtersOnly(filter, ['status'])
        ? filter.status
          ? `gifts:${filter.status}`
          : 'gifts'
        : undefined,
    exact: async (db, actor, filter) => {
      const [row] = await db
        .select({ n: count() })
        .from(gifts)
        .where(whereOf(actor, filter, ofLiveStudent(gifts.studentId)));
      return row.n;
    },
  },
});
const { keyset } = list;

const selection = {
  gift: gifts,
  student: {
    id: students.id,
    studentId: students.studentId,
    firstName: students.firstName,
    lastName: students.lastName,
    category: students.category,
  },
  teacher: { id: teacher.id, firstName: teacher.firstName, lastName: teacher.lastName },
  deliverer: { firstName: deliverer.firstName, lastName: deliverer.lastName },
  canceller: { firstName: canceller.firstName, lastName: canceller.lastName },
  /** The row's keyset cursor (the list's; a single gift ignores it). */
  cursor: keyset.cursor,
};

/** A gifts query joined to the student and the people its rows name. */
function withRefs<Q extends PgSelect>(q: Q) {
  return q
    .innerJoin(students, eq(students.id, gifts.studentId))
    .leftJoin(teacher, eq(teacher.id, students.assignedTeacherId))
    .leftJoin(deliverer, eq(deliverer.id, gifts.deliveredById))
    .leftJoin(canceller, eq(canceller.id, gifts.cancelledById));
}

function selectGifts(db: DbOrTx) {
  return withRefs(db.select(selection).from(gifts).$dynamic());
}

/**
 * Gifts visible to the actor that match the filter, newest gift date first; only the page's rows, each
 * with its cursor (a keyset page starts after the page's `after`).
 */
export async function listGifts(
  db: DbOrTx,
  actor: Actor,
  filter: GiftFilter,
  page?: Page,
): Promise<(GiftWithRefs & { cursor: string; total?: number | null })[]> {
  const order = list.order(filter);
  if (!page)
    return selectGifts(db)
      .where(whereOf(actor, filter))
      .orderBy(...order);
  if (filter.search && !page.after) {
    // A search's numbered page and its total, in one statement (as the activities').
    const search = filter.search;
    return withRefs(
      db
        .select({ ...selection, total: sql<number>`chosen.total` })
        .from(gifts)
        .innerJoin(
          keyset.searchPageIds({
            table: gifts,
            id: gifts.id,
            ctes: namedCte(search, true),
            total: searchTotal(actor, filter, search),
            where: (walk) =>
              whereOf(
                actor,
                filter,
                ofLiveStudent(gifts.studentId),
                walk ? sql`${gifts.studentId} in (select unnest(students) from named)` : ofNamedChild,
              ),
            // Walked: an administrator's search without another filter (a teacher's gifts, a status's or a
            // month's are sorted).
            walked: searchOnly(actor, filter) ? liveCountSql('gifts') : undefined,
            page,
          }),
          sql`chosen.id = ${gifts.id}`,
        )
        .$dynamic(),
    ).orderBy(...keyset.orderBy);
  }
  // The page's gifts are chosen from `gifts` alone (their student's liveness an anti-join, as the count
  // does); only they are joined to their student and the people named.
  const chosen = keyset.pageIds(
    db,
    gifts,
    gifts.id,
    whereOf(actor, filter, ofLiveStudent(gifts.studentId)),
    page,
    order,
  );
  return withRefs(
    db
      .select({ ...selection, total: chosen.total })
      .from(gifts)
      .innerJoin(chosen, eq(chosen.id, gifts.id))
      .$dynamic(),
  ).orderBy(...keyset.orderBy);
}

export const countGifts = (db: DbOrTx, actor: Actor, filter: GiftFilter): Promise<number> =>
  list.count(db, actor, filter);

/** One gift if the actor may see it. */
export async function findGift(
  db: DbOrTx,
  actor: Actor,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<GiftWithRefs | undefined> {
  const q = selectGifts(db).where(and(eq(gifts.id, id), visibleTo(actor)));
  const [row] = opts.forUpdate ? await q.for('update', { of: gifts }) : await q;
  return row;
}

/** Live students by their student ID (the programme's code), with their assigned teacher. */
export async function studentsByCode(tx: DbOrTx, codes: string[]) {
  if (codes.length === 0) return [];
  return tx
    .select({
      id: students.id,
      studentId: students.studentId,
      firstName: students.firstName,
      lastName: students.lastName,
      assignedTeacherId: students.assignedTeacherId,
    })
    .from(students)
    .where(and(isNull(students.deletedAt), inArray(students.studentId, codes)));
}

/** A live student an admin may give a gift to. */
export async function liveStudent(tx: DbOrTx, actor: Actor, id: string) {
  const [row] = await tx
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.id, id), studentInScope(actor)));
  return row;
}

/** The gift IDs among `giftIds` (compared lower-cased) that a live gift other than `exceptId` holds. */
export async function takenGiftIds(tx: DbOrTx, giftIds: string[], exceptId?: string): Promise<string[]> {
  if (giftIds.length === 0) return [];
  const rows = await tx
    .select({ giftId: gifts.giftId })
    .from(gifts)
    .where(
      and(
        isNull(gifts.deletedAt),
        sql`lower(${gifts.giftId}) in (${sql.join(
          giftIds.map((g) => sql`${g.toLowerCase()}`),
          sql`, `,
        )})`,
        exceptId ? sql`${gifts.id} <> ${exceptId}` : undefined,
      ),
    );
  return rows.map((r) => (r.giftId ?? '').toLowerCase());
}

export async function insertGifts(tx: DbOrTx, rows: NewGiftRow[]): Promise<string[]> {
  const inserted = await tx.insert(gifts).values(rows).returning({ id: gifts.id });
  return inserted.map((r) => r.id);
}

export type GiftChanges = Partial<
  Pick<NewGiftRow, 'giftId' | 'name' | 'giftSubType' | 'description' | 'notes' | 'studentId'>
>;

/** An administrator's edit of a live gift; false when there is no such gift. */
export async function updateGift(tx: DbOrTx, id: string, values: GiftChanges): Promise<boolean> {
  const rows = await tx
    .update(gifts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(gifts.id, id), isNull(gifts.deletedAt)))
    .returning({ id: gifts.id });
  return rows.length > 0;
}

/**
 * Closes an open gift (delivers or cancels it) on behalf of the actor: one conditional UPDATE that
 * carries the actor's scope and the open status, so of two closings at once exactly one lands, and a
 * teacher whose student was reassigned meanwhile changes nothing. Answers the gift's id, or undefined.
 */
export async function closeOpenGift(
  tx: DbOrTx,
  actor: Actor,
  id: string,
  values:
    | { status: 'DELIVERED'; deliveredAt: Date; deliveredById: string; evidenceFileId: string | null }
    | { status: 'CANCELLED'; cancelledAt: Date; cancelledById: string },
): Promise<string | undefined> {
  const [row] = await tx
    .update(gifts)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        eq(gifts.id, id),
        isNull(gifts.deletedAt),
        inArray(gifts.status, [...OPEN_GIFT_STATUSES]),
        ofStudentInScope(gifts.studentId, actor),
      ),
    )
    .returning({ id: gifts.id });
  return row?.id;
}

/** Soft-deletes a live gift (the evidence file stays); false when there is none. */
export async function softDeleteGift(tx: DbOrTx, id: string): Promise<boolean> {
  const rows = await tx
    .update(gifts)
    .set({ deletedAt: new Date() })
    .where(and(eq(gifts.id, id), isNull(gifts.deletedAt)))
    .returning({ id: gifts.id });
  return rows.length > 0;
}

import { aliasedTable, and, asc, count, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { StudentCategory } from '@csp/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { liveStudents } from '../../db/live-counts.ts';
import { studentInScope } from '../../db/scopes.ts';
import { containsLowered, containsPattern, OFFSET_ZERO_FENCE } from '../../db/sql-helpers.ts';
import { activities, homeVisits, measurements, students, users } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';

export type StudentRow = typeof students.$inferSelect;
export type NewStudentRow = typeof students.$inferInsert;

export interface StudentWithRefs {
  student: StudentRow;
  teacher: { id: string; firstName: string; lastName: string } | null;
  latestVisit: { id: string; visitDate: string; status: 'PENDING' | 'APPROVED' | 'REJECTED' } | null;
}

export interface StudentFilter {
  /** The organisation's day: categories are read as the student's age calls for on it. */
  today: string;
  search?: string;
  teacherId?: string;
  category?: StudentCategory;
}

/**
 * The category a student's age calls for on `today` — contracts' categoryForAge in SQL: a baby is
 * HOME_BASE from 1, a child CENTER_BASE from 3, only forward, never a pregnant mother. The daily job
 * stores it (moveCategoriesByAge); reads filter on it, so a read before the job has run is not stale.
 */
export const categoryOn = (today: string) => sql<StudentCategory>`(case
  when ${students.isPregnant} then ${students.category}
  when ${students.dateOfBirth} <= (${today}::date - interval '3 years')::date
    then 'CENTER_BASE'::student_category
  when ${students.category} = 'SURVIVAL_PROGRAM'
    and ${students.dateOfBirth} <= (${today}::date - interval '1 year')::date
    then 'HOME_BASE'::student_category
  else ${students.category} end)`;

/**
 * Search: "first last" (which holds every match of either name alone; kept lower-cased in
 * search_name), parent name and student ID — the columns of the trigram indexes in migrations 0002 and
 * 0024, so each test is an index scan.
 */
function searchOf(search: string): SQL | undefined {
  const p = containsPattern(search);
  return or(
    containsLowered(students.searchName, search),
    ilike(students.parentName, p),
    ilike(students.studentId, p),
  );
}

function whereOf(filter: StudentFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [isNull(students.deletedAt)];
  if (filter.teacherId) conditions.push(eq(students.assignedTeacherId, filter.teacherId));
  if (filter.category) conditions.push(eq(categoryOn(filter.today), filter.category));
  if (filter.search) conditions.push(searchOf(filter.search));
  return and(...conditions);
}

const byName = [asc(students.firstName), asc(students.lastName), asc(students.id)];

/**
 * The ids of one page in name order (`chosen (id, total)`). Without a search, the name index (or the
 * teacher's) is read in order and stops after the page; `total` is null (the count is apart: a kept
 * count or the teacher's index). With a search, the matches are found first (trigram indexes) and only
 * they are sorted, so they are counted on the way (`count(*) over ()`, before the limit): one pass over
 * the matches for the page and its total instead of two. `offset 0` keeps the planner from walking the
 * name index and testing row by row, which reads most of the table when the matches are few or sort late.
 */
function pageIds(db: DbOrTx, filter: StudentFilter, page: { offset: number; limit: number }) {
  if (!filter.search) {
    return db
      .select({ id: students.id, total: sql<number | null>`null::int`.as('total') })
      .from(students)
      .where(whereOf(filter))
      .orderBy(...byName)
      .limit(page.limit)
      .offset(page.offset)
      .as('chosen');
  }
  const matches = db
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
    .from(students)
    .where(whereOf(filter))
    .offset(OFFSET_ZERO_FENCE)
    .as('m');
  return db
    .select({ id: matches.id, total: sql<number | null>`count(*) over ()`.as('total') })
    .from(matches)
    .orderBy(asc(matches.firstName), asc(matches.lastName), asc(matches.id))
    .limit(page.limit)
    .offset(page.offset)
    .as('chosen');
}

const teacher = aliasedTable(users, 'teacher');

/**
 * One query: students with their teacher and latest home visit. With a page, the page's ids are chosen
 * first; the latest visit is one index probe per listed student (home_visits_live_latest_idx), so a page
 * costs its rows, not the table.
 */
export async function listStudents(
  db: DbOrTx,
  filter: StudentFilter,
  page?: { offset: number; limit: number },
): Promise<{ items: StudentWithRefs[]; total?: number }> {
  const latest = db
    .select({ id: homeVisits.id, visitDate: homeVisits.visitDate, status: homeVisits.status })
    .from(homeVisits)
    .where(and(eq(homeVisits.studentId, students.id), isNull(homeVisits.deletedAt)))
    .orderBy(desc(homeVisits.visitDate), desc(homeVisits.createdAt))
    .limit(1)
    .as('latest_visit');
  const fields = {
    student: students,
    teacher: { id: teacher.id, firstName: teacher.firstName, lastName: teacher.lastName },
    latestVisit: { id: latest.id, visitDate: latest.visitDate, status: latest.status },
  };
  // A teacher or visit left-joined to nothing reads as an object of nulls.
  const withRefs = (r: StudentWithRefs): StudentWithRefs => ({
    student: r.student,
    teacher: r.teacher?.id ? r.teacher : null,
    latestVisit: r.latestVisit?.id ? r.latestVisit : null,
  });
  if (!page) {
    const rows = await db
      .select(fields)
      .from(students)
      .leftJoin(teacher, and(eq(teacher.id, students.assignedTeacherId), isNull(teacher.deletedAt)))
      .leftJoinLateral(latest, sql`true`)
      .where(whereOf(filter))
      .orderBy(...byName);
    return { items: rows.map(withRefs) };
  }
  const chosen = pageIds(db, filter, page);
  const rows = await db
    .select({ ...fields, total: chosen.total })
    .from(students)
    .innerJoin(chosen, eq(chosen.id, students.id))
    .leftJoin(teacher, and(eq(teacher.id, students.assignedTeacherId), isNull(teacher.deletedAt)))
    .leftJoinLateral(latest, sql`true`)
    .orderBy(...byName);
  const total = rows[0]?.total;
  return { items: rows.map(withRefs), total: total == null ? undefined : Number(total) };
}

/** How many students match; every live student (no filter) is the kept count (db/live-counts.ts). */
export async function countStudents(db: DbOrTx, filter: StudentFilter): Promise<number> {
  if (!filter.teacherId && !filter.category && !filter.search) {
    return liveStudents(db);
  }
  const [row] = await db.select({ n: count() }).from(students).where(whereOf(filter));
  return row.n;
}

/**
 * One live student the actor works with (a teacher: only their own; the condition is in the statement,
 * so another teacher's student is never read, nor locked) with their teacher; `forUpdate` locks the
 * student row for the transaction.
 */
export async function findStudent(
  db: DbOrTx,
  actor: Actor,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<StudentWithRefs | undefined> {
  const q = db
    .select({
      student: students,
      teacher: { id: teacher.id, firstName: teacher.firstName, lastName: teacher.lastName },
    })
    .from(students)
    .leftJoin(teacher, and(eq(teacher.id, students.assignedTeacherId), isNull(teacher.deletedAt)))
    .where(and(eq(students.id, id), studentInScope(actor)));
  const [row] = opts.forUpdate ? await q.for('update', { of: students }) : await q;
  if (!row) return undefined;
  return { student: row.student, teacher: row.teacher?.id ? row.teacher : null, latestVisit: null };
}

export async function findStudentNested(db: DbOrTx, id: string) {
  const [acts, meas, visits] = await Promise.all([
    db
      .select({
        id: activities.id,
        title: activities.title,
        date: activities.date,
        duration: activities.duration,
        description: activities.description,
        teacher: { id: users.id, firstName: users.firstName, lastName: users.lastName },
      })
      .from(activities)
      .leftJoin(users, eq(users.id, activities.teacherId))
      .where(and(eq(activities.studentId, id), isNull(activities.deletedAt)))
      .orderBy(desc(activities.date), desc(activities.createdAt)),
    db
      .select({
        id: measurements.id,
        height: measurements.height,
        weight: measurements.weight,
        date: measurements.date,
        notes: measurements.notes,
      })
      .from(measurements)
      .where(and(eq(measurements.studentId, id), isNull(measurements.deletedAt)))
      .orderBy(desc(measurements.date), desc(measurements.createdAt)),
    db
      .select({ id: homeVisits.id, visitDate: homeVisits.visitDate, status: homeVisits.status })
      .from(homeVisits)
      .where(and(eq(homeVisits.studentId, id), isNull(homeVisits.deletedAt)))
      .orderBy(desc(homeVisits.visitDate), desc(homeVisits.createdAt)),
  ]);
  return {
    activities: acts.map((a) => ({ ...a, teacher: a.teacher?.id ? a.teacher : null })),
    measurements: meas,
    homeVisits: visits,
  };
}

export async function studentIdTaken(db: DbOrTx, studentId: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: students.id })
    .from(students)
    .where(eq(students.studentId, studentId))
    .limit(2);
  return rows.some((r) => r.id !== exceptId);
}

/**
 * Locks the teacher's row for the rest of the transaction (so concurrent assignments to the same
 * teacher queue up) and answers whether it is an active teacher and how many students they hold.
 */
export async function lockTeacherForAssignment(tx: DbOrTx, teacherId: string) {
  const [row] = await tx
    .select({ id: users.id, role: users.role, isActive: users.isActive })
    .from(users)
    .where(and(eq(users.id, teacherId), isNull(users.deletedAt)))
    .for('update');
  if (!row) return undefined;
  const [{ n }] = await tx
    .select({ n: count() })
    .from(students)
    .where(and(eq(students.assignedTeacherId, teacherId), isNull(students.deletedAt)));
  return { ...row, assignedCount: n };
}

export async function insertStudent(tx: DbOrTx, values: NewStudentRow): Promise<StudentRow> {
  const [row] = await tx.insert(students).values(values).returning();
  return row;
}

export async function updateStudent(tx: DbOrTx, id: string, values: Partial<NewStudentRow>): Promise<void> {
  await tx
    .update(students)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(students.id, id), isNull(students.deletedAt)));
}

export async function softDeleteStudent(tx: DbOrTx, id: string): Promise<boolean> {
  const rows = await tx
    .update(students)
    .set({ deletedAt: new Date() })
    .where(and(eq(students.id, id), isNull(students.deletedAt)))
    .returning({ id: students.id });
  return rows.length > 0;
}

/**
 * Stores the category each child's age calls for (categoryOn): SURVIVAL_PROGRAM → HOME_BASE at 1,
 * → CENTER_BASE at 3, never a pregnant mother. One statement for the whole programme; returns the
 * children moved and their new categories (for the trail). Only the category job (students.jobs.ts)
 * calls it: reads never write.
 */
export async function moveCategoriesByAge(
  db: DbOrTx,
  today: string,
): Promise<{ id: string; category: StudentCategory }[]> {
  return db
    .update(students)
    .set({ category: categoryOn(today), updatedAt: new Date() })
    .where(and(isNull(students.deletedAt), ne(students.category, categoryOn(today))))
    .returning({ id: students.id, category: students.category });
}

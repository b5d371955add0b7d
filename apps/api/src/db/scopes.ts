import { and, eq, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { LockStrength, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Actor } from '../lib/actor.ts';
import type { DbOrTx } from './client.ts';
import { studentCounts, students, users } from './schema.ts';
import { containsLowered } from './sql-helpers.ts';

/**
 * Conditions shared by the repositories of records that belong to a student (activities,
 * measurements, home visits, gifts): who may see which students, and the dated lists' filters.
 */

/** The students an actor works with: a teacher their assigned, live ones; an admin every live one. */
export function studentInScope(actor: Actor): SQL {
  return actor.role === 'TEACHER'
    ? sql`${isNull(students.deletedAt)} and ${eq(students.assignedTeacherId, actor.id)}`
    : isNull(students.deletedAt);
}

/**
 * The student an actor may record for (a teacher: their own), its row locked for the transaction in
 * `mode` so that a concurrent reassignment or deletion waits until the new record is in (or, landing
 * first, hides it); `columns` what is read of it, its id by default. Undefined when out of scope.
 * Each caller's mode: activities and home visits `share`; measurements `no key update`, which also
 * makes one transaction at a time rescore the student's series (growth.service.ts).
 */
export async function lockStudentInScope<T extends SelectedFields = { id: typeof students.id }>(
  tx: DbOrTx,
  actor: Actor,
  studentId: string,
  mode: LockStrength,
  columns: T = { id: students.id } as unknown as T,
) {
  const rows = (await tx
    .select(columns)
    .from(students)
    .where(and(eq(students.id, studentId), studentInScope(actor)))
    .for(mode)) as SelectResultFields<T>[];
  return rows.at(0);
}

/**
 * `<studentColumn>`'s student is live, without joining `students`: an anti-join on the few deleted
 * students. A count, or the choice of a page's rows (db/lists/keyset.ts pageIds), over many records then needs
 * no probe of `students` for each record, as an inner join would (the student exists: the foreign key).
 * Reads that join `students` anyway (one record, an unpaged list) say `students.deleted_at is null`.
 */
export const ofLiveStudent = (studentColumn: AnyColumn) =>
  sql`not exists (select 1 from ${students} where ${students.id} = ${studentColumn} and ${students.deletedAt} is not null)`;

/** `<studentColumn> in (the actor's students)`: a teacher's ≤ 25 students lead the plan. */
export const ofStudentInScope = (studentColumn: AnyColumn, actor: Actor) =>
  sql`${studentColumn} in (select ${students.id} from ${students} where ${studentInScope(actor)})`;

/**
 * The live students whose name contains `search` (with `byTeacher`, also those assigned to a teacher whose
 * name does), by their kept rows (`student_counts`: its trigram index and narrow rows).
 */
const named = (search: string, byTeacher: boolean) =>
  sql`${studentCounts.live} and (${containsLowered(studentCounts.searchName, search)}${
    byTeacher ? sql` or ${studentCounts.assignedTeacherId} = any(array(${teachersNamed(search)}))` : sql``
  })`;

/**
 * The ids of the live students `search` names (`named` above): the name half of the searches of records
 * that belong to a student, as a subquery (`= any(array(…))`).
 */
export const liveStudentsNamed = (search: string, byTeacher = false) =>
  sql`select ${studentCounts.studentId} from ${studentCounts} where ${named(search, byTeacher)}`;

/**
 * `named (students, activities, gifts)`, a statement's CTE: the live students `search` names, as one
 * array of ids, and their kept activities and gifts summed, in one pass over their kept rows.
 */
export const namedCte = (search: string, byTeacher = false) => sql`named as materialized (
    select coalesce(array_agg(${studentCounts.studentId}), '{}') as students,
      coalesce(sum(${studentCounts.activities}), 0)::int as activities,
      coalesce(sum(${studentCounts.gifts}), 0)::int as gifts
    from ${studentCounts} where ${named(search, byTeacher)})`;

/**
 * A search's total on its own, `total` over `namedCte(search, byTeacher)`: a page past the last one, which
 * has no row to carry it.
 */
export async function namedSearchCount(db: DbOrTx, search: string, byTeacher: boolean, total: SQL) {
  const result = (await db.execute(
    sql`with ${namedCte(search, byTeacher)} select ${total} as total`,
  )) as unknown as {
    rows: { total: number | string }[];
  };
  return Number(result.rows[0].total);
}

/** The ids of the teachers whose name contains `search`. */
export const teachersNamed = (search: string) =>
  sql`select ${users.id} from ${users} where ${eq(users.role, 'TEACHER')} and ${containsLowered(users.searchName, search)}`;

/** The record's student is among those `named` (a statement with `namedCte`). */
export const ofNamedStudent = (studentColumn: AnyColumn) =>
  sql`${studentColumn} = any((select students from named)::uuid[])`;

export interface DateFilter {
  /** One day, YYYY-MM-DD. */
  date?: string;
  year?: number;
  /** 1–12: of `year` when given, else of any year. */
  month?: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The `date` / `year` / `month` filters of a dated list on a date column, as ranges the column's index
 * can serve (a month of any year, the one case without a range, is an expression).
 */
export function dateFilter(column: AnyColumn, filter: DateFilter): SQL[] {
  const c: SQL[] = [];
  if (filter.date) c.push(sql`${column} = ${filter.date}::date`);
  const { year, month } = filter;
  if (year !== undefined && month !== undefined) {
    const next = month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`;
    c.push(sql`${column} >= ${`${year}-${pad(month)}-01`}::date and ${column} < ${next}::date`);
  } else if (year !== undefined) {
    c.push(sql`${column} >= ${`${year}-01-01`}::date and ${column} < ${`${year + 1}-01-01`}::date`);
  } else if (month !== undefined) {
    c.push(sql`extract(month from ${column}) = ${month}`);
  }
  return c;
}

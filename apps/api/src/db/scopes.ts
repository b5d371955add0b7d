import { eq, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Actor } from '../plugins/auth.ts';
import { students } from './schema.ts';
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
 * `<studentColumn>`'s student is live, without joining `students`: an anti-join on the few deleted
 * students. A count, or the choice of a page's rows (db/keyset.ts pageIds), over many records then needs
 * no probe of `students` for each record, as an inner join would (the student exists: the foreign key).
 * Reads that join `students` anyway (one record, an unpaged list) say `students.deleted_at is null`.
 */
export const ofLiveStudent = (studentColumn: AnyColumn) =>
  sql`not exists (select 1 from ${students} where ${students.id} = ${studentColumn} and ${students.deletedAt} is not null)`;

/** `<studentColumn> in (the actor's students)`: a teacher's ≤ 25 students lead the plan. */
export const ofStudentInScope = (studentColumn: AnyColumn, actor: Actor) =>
  sql`${studentColumn} in (select ${students.id} from ${students} where ${studentInScope(actor)})`;

/**
 * The ids of the live students whose name contains `search` (their trigram index): the name half of the
 * searches of records that belong to a student, as a subquery (`= any(array(…))`).
 */
export const liveStudentsNamed = (search: string) =>
  sql`select ${students.id} from ${students} where ${isNull(students.deletedAt)} and ${containsLowered(
    students.searchName,
    search,
  )}`;

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

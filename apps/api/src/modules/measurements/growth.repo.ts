import {
  aliasedTable,
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { AT_RISK_ANY } from '@csp/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { liveAtRiskChildren } from '../../db/live-counts.ts';
import { measurements, students, users } from '../../db/schema.ts';
import { containsLowered, containsPattern } from '../../db/sql-helpers.ts';
import type { Page } from '../../lib/paging.ts';
import type { Actor } from '../../lib/actor.ts';
import { ofStudentInScope, studentInScope } from '../../db/scopes.ts';

const growthStudentColumns = {
  id: students.id,
  firstName: students.firstName,
  lastName: students.lastName,
  sex: students.sex,
  dateOfBirth: students.dateOfBirth,
  isPregnant: students.isPregnant,
};

/**
 * What the growth computation needs of the students, their rows locked for the transaction (one
 * rescoring of a series at a time), in id order so that two batches never wait on each other in turn.
 * Students that do not exist are absent.
 */
export async function lockStudentsForGrowth(tx: DbOrTx, studentIds: string[]) {
  if (studentIds.length === 0) return [];
  return tx
    .select(growthStudentColumns)
    .from(students)
    .where(inArray(students.id, studentIds))
    .orderBy(asc(students.id))
    .for('no key update');
}

/** The student the actor may see (a teacher: their own, live), for the growth charts: one read. */
export async function studentForGrowthInScope(db: DbOrTx, actor: Actor, studentId: string) {
  const [row] = await db
    .select(growthStudentColumns)
    .from(students)
    .where(and(eq(students.id, studentId), studentInScope(actor)));
  return row;
}

const seriesColumns = {
  id: measurements.id,
  studentId: measurements.studentId,
  date: measurements.date,
  height: measurements.height,
  weight: measurements.weight,
  position: measurements.position,
  growthVersion: measurements.growthVersion,
  ageDays: measurements.ageDays,
  waz: measurements.waz,
  haz: measurements.haz,
  whz: measurements.whz,
  baz: measurements.baz,
  growthFlags: measurements.growthFlags,
  growthClassifications: measurements.growthClassifications,
  isLatest: measurements.isLatest,
  atRisk: measurements.atRisk,
};

/** The order a series follows: date, then recording time. */
const seriesOrder = [asc(measurements.date), asc(measurements.createdAt), asc(measurements.id)];

/** A student's live measurements, oldest first (date, then recording time): the series the scores follow. */
export async function liveSeries(db: DbOrTx, studentId: string) {
  return db
    .select(seriesColumns)
    .from(measurements)
    .where(and(eq(measurements.studentId, studentId), isNull(measurements.deletedAt)))
    .orderBy(...seriesOrder);
}

/** The live series of several students in one read, student by student, each oldest first. */
export async function liveSeriesOf(tx: DbOrTx, studentIds: string[]) {
  if (studentIds.length === 0) return [];
  return tx
    .select(seriesColumns)
    .from(measurements)
    .where(and(inArray(measurements.studentId, studentIds), isNull(measurements.deletedAt)))
    .orderBy(asc(measurements.studentId), ...seriesOrder);
}

export interface StoredGrowth {
  id: string;
  growthVersion: number;
  ageDays: number | null;
  waz: number | null;
  haz: number | null;
  whz: number | null;
  baz: number | null;
  growthFlags: string[];
  growthClassifications: string[];
  isLatest: boolean;
  atRisk: boolean;
}

/** Writes the scores of several measurements in one statement. */
export async function storeGrowth(tx: DbOrTx, rows: StoredGrowth[]): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${r.id}::uuid, ${r.growthVersion}::int, ${r.ageDays}::int, ${r.waz}::float8, ${r.haz}::float8,
          ${r.whz}::float8, ${r.baz}::float8, ${JSON.stringify(r.growthFlags)}::jsonb,
          ${JSON.stringify(r.growthClassifications)}::jsonb, ${r.isLatest}::boolean, ${r.atRisk}::boolean)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update ${measurements} as m set
      growth_version = v.version, age_days = v.age_days, waz = v.waz, haz = v.haz, whz = v.whz,
      baz = v.baz,
      growth_flags = array(select jsonb_array_elements_text(v.flags)),
      growth_classifications = array(select jsonb_array_elements_text(v.classes)),
      is_latest = v.is_latest, at_risk = v.at_risk
    from (values ${values}) as v(id, version, age_days, waz, haz, whz, baz, flags, classes, is_latest, at_risk)
    where m.id = v.id`);
}

/** Up to `limit` students with measurements scored by an older computation (or never). */
export async function studentsWithStaleGrowth(tx: DbOrTx, version: number, limit: number): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ studentId: measurements.studentId })
    .from(measurements)
    .where(lt(measurements.growthVersion, version))
    .limit(limit);
  return rows.map((r) => r.studentId);
}

/**
 * Refreshes the planner's statistics of measurements after a large rescoring (the at-risk list's plans
 * depend on how many rows are latest and at risk; embedded PGlite has no autovacuum to do it).
 */
export async function analyzeMeasurements(db: DbOrTx): Promise<void> {
  await db.execute(sql`analyze ${measurements}`);
}

/** Locks a student's row for a recomputation of its series (one writer of a series at a time). */
export async function lockStudentRow(tx: DbOrTx, studentId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: students.id })
    .from(students)
    .where(eq(students.id, studentId))
    .for('no key update');
  return row !== undefined;
}

// --- Children at risk ---------------------------------------------------------------------------------

export interface AtRiskFilter {
  /** Classifications of which the latest measurement must have at least one. */
  classifications: readonly string[];
  teacherId?: string;
  search?: string;
}

const teacher = aliasedTable(users, 'teacher');

/** Whether the filter asks for every at-risk classification: at_risk alone says so (isAtRisk). */
const coversEveryCondition = (f: AtRiskFilter) => AT_RISK_ANY.every((c) => f.classifications.includes(c));

/** The latest measurement has one of the filter's classifications (nothing when it asks for every one). */
const ofClassifications = (f: AtRiskFilter) =>
  coversEveryCondition(f)
    ? undefined
    : sql`${measurements.growthClassifications} && array[${sql.join(
        f.classifications.map((c) => sql`${c}`),
        sql`, `,
      )}]::text[]`;

function atRiskWhere(actor: Actor, f: AtRiskFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    eq(measurements.isLatest, true),
    eq(measurements.atRisk, true),
    isNull(measurements.deletedAt),
    studentInScope(actor),
    // A teacher's ≤ 25 students lead the plan: each one's latest measurement is one index probe.
    actor.role === 'TEACHER' ? ofStudentInScope(measurements.studentId, actor) : undefined,
    ofClassifications(f),
  ];
  if (f.teacherId) conditions.push(eq(students.assignedTeacherId, f.teacherId));
  if (f.search) {
    conditions.push(
      or(
        containsLowered(students.searchName, f.search),
        ilike(students.studentId, containsPattern(f.search)),
      ),
    );
  }
  return and(...conditions);
}

/** The children at risk in scope, newest latest measurement first; with a page, only that page. */
export async function atRiskChildren(db: DbOrTx, actor: Actor, filter: AtRiskFilter, page?: Page) {
  const q = db
    .select({
      student: {
        id: students.id,
        studentId: students.studentId,
        firstName: students.firstName,
        lastName: students.lastName,
        dateOfBirth: students.dateOfBirth,
      },
      teacher: { id: teacher.id, firstName: teacher.firstName, lastName: teacher.lastName },
      measurement: {
        id: measurements.id,
        date: measurements.date,
        ageDays: measurements.ageDays,
        waz: measurements.waz,
        haz: measurements.haz,
        whz: measurements.whz,
        baz: measurements.baz,
        growthFlags: measurements.growthFlags,
        growthClassifications: measurements.growthClassifications,
      },
    })
    .from(measurements)
    .innerJoin(students, eq(students.id, measurements.studentId))
    .leftJoin(teacher, and(eq(teacher.id, students.assignedTeacherId), isNull(teacher.deletedAt)))
    .where(atRiskWhere(actor, filter))
    .orderBy(desc(measurements.date), desc(measurements.id));
  const rows = page ? await q.limit(page.limit).offset(page.offset) : await q;
  return rows.map((r) => ({ ...r, teacher: r.teacher?.id ? r.teacher : null }));
}

export async function countAtRiskChildren(db: DbOrTx, actor: Actor, filter: AtRiskFilter): Promise<number> {
  if (actor.role === 'ADMIN' && !filter.teacherId && !filter.search) {
    // The programme's children at risk, of every condition or of some: the kept counts per set of
    // classifications (migration 0027).
    return liveAtRiskChildren(db, coversEveryCondition(filter) ? undefined : filter.classifications);
  }
  const [row] = await db
    .select({ n: count() })
    .from(measurements)
    .innerJoin(students, eq(students.id, measurements.studentId))
    .where(atRiskWhere(actor, filter));
  return row.n;
}

/** The students' deleted measurements: current, and never the latest nor at risk (the job skips them). */
export async function settleDeleted(tx: DbOrTx, studentIds: string[], version: number): Promise<void> {
  if (studentIds.length === 0) return;
  await tx
    .update(measurements)
    .set({ growthVersion: version, isLatest: false, atRisk: false })
    .where(
      and(
        inArray(measurements.studentId, studentIds),
        isNotNull(measurements.deletedAt),
        or(lt(measurements.growthVersion, version), eq(measurements.isLatest, true)),
      ),
    );
}

import { aliasedTable, and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { measurements, students, users } from '../../db/schema.ts';
import type { Page } from '../../lib/paging.ts';
import type { Actor } from '../../plugins/auth.ts';

const teacher = aliasedTable(users, 'teacher');

/**
 * Every (in-scope) student with their latest measurement, in one query: a teacher's students come
 * from their index, and each listed student's latest live measurement is one probe of
 * measurements_live_latest_idx (student, date desc, created desc), so a teacher's status reads their
 * own rows only. Without a teacher: every student (unpaged for now), a probe each.
 */
export async function studentsWithLatestMeasurement(db: DbOrTx, teacherId?: string) {
  const latest = db
    .select({ id: measurements.id, date: measurements.date })
    .from(measurements)
    .where(and(eq(measurements.studentId, students.id), isNull(measurements.deletedAt)))
    .orderBy(desc(measurements.date), desc(measurements.createdAt))
    .limit(1)
    .as('latest');
  const rows = await db
    .select({
      id: students.id,
      studentId: students.studentId,
      firstName: students.firstName,
      lastName: students.lastName,
      dateOfBirth: students.dateOfBirth,
      category: students.category,
      isPregnant: students.isPregnant,
      teacher: { id: teacher.id, firstName: teacher.firstName, lastName: teacher.lastName },
      lastMeasurementId: latest.id,
      lastMeasurementDate: latest.date,
    })
    .from(students)
    .leftJoin(teacher, and(eq(teacher.id, students.assignedTeacherId), isNull(teacher.deletedAt)))
    .leftJoinLateral(latest, sql`true`)
    .where(and(isNull(students.deletedAt), teacherId ? eq(students.assignedTeacherId, teacherId) : undefined))
    .orderBy(asc(students.firstName), asc(students.lastName), asc(students.id));
  return rows.map(({ lastMeasurementId, lastMeasurementDate, ...r }) => ({
    ...r,
    teacher: r.teacher?.id ? r.teacher : null,
    lastMeasurement:
      lastMeasurementId && lastMeasurementDate ? { id: lastMeasurementId, date: lastMeasurementDate } : null,
  }));
}

// --- Measurement records (GET/POST /api/measurements, GET /api/measurements/{id}) -------------------

export type MeasurementRow = typeof measurements.$inferSelect;
export type NewMeasurementRow = typeof measurements.$inferInsert;

export interface MeasurementWithRefs {
  measurement: MeasurementRow;
  student: { id: string; firstName: string; lastName: string; dateOfBirth: string };
  measuredBy: { id: string; firstName: string; lastName: string } | null;
}

export interface MeasurementFilter {
  date?: string;
  /** Students assigned to this teacher. */
  teacherId?: string;
  studentId?: string;
}

const measuredBy = aliasedTable(users, 'measured_by');

/** The students an actor works with: a teacher their assigned, non-deleted ones; an admin all non-deleted. */
function studentInScope(actor: Actor): SQL {
  return actor.role === 'TEACHER'
    ? sql`${isNull(students.deletedAt)} and ${eq(students.assignedTeacherId, actor.id)}`
    : isNull(students.deletedAt);
}

/** `measurements.student_id in (live students of the teacher)`: their ≤ 25 students lead the plan. */
const ofTeachersStudent = (teacherId: string) =>
  sql`${measurements.studentId} in (select ${students.id} from ${students} where ${isNull(
    students.deletedAt,
  )} and ${eq(students.assignedTeacherId, teacherId)})`;

/** Queries join `students`; a teacher's scope is also a condition on the measurements themselves. */
function recordsWhere(actor: Actor, filter: MeasurementFilter): SQL | undefined {
  return and(
    isNull(measurements.deletedAt),
    isNull(students.deletedAt),
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

/** Measurements the actor may see (a deleted student's vanish), newest first; only the page's rows. */
export async function listMeasurements(
  db: DbOrTx,
  actor: Actor,
  filter: MeasurementFilter,
  page?: Page,
): Promise<MeasurementWithRefs[]> {
  const q = recordsQuery(db, recordsWhere(actor, filter)).orderBy(
    desc(measurements.date),
    desc(measurements.createdAt),
    desc(measurements.id),
  );
  const rows = page ? await q.limit(page.limit).offset(page.offset) : await q;
  return rows.map(withRefs);
}

export async function countMeasurements(
  db: DbOrTx,
  actor: Actor,
  filter: MeasurementFilter,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(measurements)
    .innerJoin(students, eq(students.id, measurements.studentId))
    .where(recordsWhere(actor, filter));
  return row.n;
}

export async function findMeasurement(
  db: DbOrTx,
  actor: Actor,
  id: string,
): Promise<MeasurementWithRefs | undefined> {
  const [row] = await recordsQuery(db, and(eq(measurements.id, id), recordsWhere(actor, {})));
  return row ? withRefs(row) : undefined;
}

/**
 * The student an actor may measure (a teacher: their own), share-locked for the transaction so that a
 * concurrent reassignment or deletion waits until the new measurement is in (or, landing first, wins).
 */
export async function lockStudentForMeasurement(tx: DbOrTx, actor: Actor, studentId: string) {
  const [row] = await tx
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.id, studentId), studentInScope(actor)))
    .for('share');
  return row;
}

/** True when any of the files is a photo of some measurement (deleted ones too). */
export async function measurementPhotosInUse(tx: DbOrTx, fileIds: string[]): Promise<boolean> {
  if (fileIds.length === 0) return false;
  const [row] = await tx
    .select({ id: measurements.id })
    .from(measurements)
    .where(
      sql`${measurements.photos} ?| array[${sql.join(
        fileIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::text[]`,
    )
    .limit(1);
  return row !== undefined;
}

export async function insertMeasurement(tx: DbOrTx, values: NewMeasurementRow): Promise<string> {
  const [row] = await tx.insert(measurements).values(values).returning({ id: measurements.id });
  return row.id;
}

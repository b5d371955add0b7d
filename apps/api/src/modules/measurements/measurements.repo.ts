import { aliasedTable, and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { measurements, students, users } from '../../db/schema.ts';

const teacher = aliasedTable(users, 'teacher');

/**
 * Every (in-scope) student with their latest measurement, in one query: the latest row per student
 * comes from one DISTINCT ON pass over the measurements (an index-ordered scan), not a lookup per
 * student.
 */
export async function studentsWithLatestMeasurement(db: DbOrTx, teacherId?: string) {
  const inScope = and(
    isNull(students.deletedAt),
    teacherId ? eq(students.assignedTeacherId, teacherId) : undefined,
  );
  const latest = db
    .selectDistinctOn([measurements.studentId], {
      studentId: measurements.studentId,
      id: measurements.id,
      date: measurements.date,
    })
    .from(measurements)
    .where(
      and(
        isNull(measurements.deletedAt),
        teacherId
          ? sql`${measurements.studentId} in (select ${students.id} from ${students} where ${inScope})`
          : undefined,
      ),
    )
    .orderBy(measurements.studentId, desc(measurements.date), desc(measurements.createdAt))
    .as('latest');
  const rows = await db
    .select({
      id: students.id,
      studentId: students.studentId,
      firstName: students.firstName,
      lastName: students.lastName,
      dateOfBirth: students.dateOfBirth,
      category: students.category,
      teacher: { id: teacher.id, firstName: teacher.firstName, lastName: teacher.lastName },
      lastMeasurementId: latest.id,
      lastMeasurementDate: latest.date,
    })
    .from(students)
    .leftJoin(teacher, and(eq(teacher.id, students.assignedTeacherId), isNull(teacher.deletedAt)))
    .leftJoin(latest, eq(latest.studentId, students.id))
    .where(inScope)
    .orderBy(asc(students.firstName), asc(students.lastName), asc(students.id));
  return rows.map(({ lastMeasurementId, lastMeasurementDate, ...r }) => ({
    ...r,
    teacher: r.teacher?.id ? r.teacher : null,
    lastMeasurement:
      lastMeasurementId && lastMeasurementDate ? { id: lastMeasurementId, date: lastMeasurementDate } : null,
  }));
}

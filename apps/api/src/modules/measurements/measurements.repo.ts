import { aliasedTable, and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { measurements, students, users } from '../../db/schema.ts';

const teacher = aliasedTable(users, 'teacher');

/** Every (in-scope) student with their latest measurement: one query, a lateral subquery per row. */
export async function studentsWithLatestMeasurement(db: DbOrTx, teacherId?: string) {
  const latest = sql<{ id: string; date: string } | null>`(
    select json_build_object('id', m.id, 'date', m.date)
    from ${measurements} m
    where m.student_id = ${students.id} and m.deleted_at is null
    order by m.date desc, m.created_at desc
    limit 1)`;
  const rows = await db
    .select({
      id: students.id,
      studentId: students.studentId,
      firstName: students.firstName,
      lastName: students.lastName,
      dateOfBirth: students.dateOfBirth,
      category: students.category,
      teacher: { id: teacher.id, firstName: teacher.firstName, lastName: teacher.lastName },
      lastMeasurement: latest,
    })
    .from(students)
    .leftJoin(teacher, and(eq(teacher.id, students.assignedTeacherId), isNull(teacher.deletedAt)))
    .where(and(isNull(students.deletedAt), teacherId ? eq(students.assignedTeacherId, teacherId) : undefined))
    .orderBy(asc(students.firstName), asc(students.lastName), asc(students.id));
  return rows.map((r) => ({ ...r, teacher: r.teacher?.id ? r.teacher : null }));
}

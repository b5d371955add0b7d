import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { activities, gifts, students, users } from '../../db/schema.ts';

interface Counts {
  totalTeachers: number;
  totalStudents: number;
  totalActivities: number;
  pendingGifts: number;
}

/** All dashboard counters in one round trip. Teachers' figures are limited to their own records. */
export async function dashboardCounts(db: DbOrTx, teacherId?: string) {
  const studentScope = and(
    isNull(students.deletedAt),
    teacherId ? eq(students.assignedTeacherId, teacherId) : undefined,
  );
  const result = (await db.execute(sql`select
      (select count(*)::int from ${users} where ${users.role} = 'TEACHER' and ${users.deletedAt} is null)
        as "totalTeachers",
      (select count(*)::int from ${students} where ${studentScope}) as "totalStudents",
      (select count(*)::int from ${activities} join ${students} on ${students.id} = ${activities.studentId}
        where ${activities.deletedAt} is null and ${studentScope}) as "totalActivities",
      (select count(*)::int from ${gifts} join ${students} on ${students.id} = ${gifts.studentId}
        where ${gifts.status} = 'PENDING' and ${gifts.deletedAt} is null and ${studentScope}) as "pendingGifts"`)) as unknown as {
    rows: Counts[];
  };
  const row = result.rows[0];
  return row;
}

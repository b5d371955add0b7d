import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { liveCountSql, liveStudentsSql } from '../../db/live-counts.ts';
import { activities, gifts, students, users } from '../../db/schema.ts';

interface Counts {
  totalTeachers: number;
  totalStudents: number;
  totalActivities: number;
  pendingGifts: number;
}

/**
 * All dashboard counters in one round trip. Teachers' figures are limited to their own records (a few
 * dozen rows); an administrator's student, activity and pending-gift totals are the kept counts, not a
 * pass over every student, activity and gift.
 */
export async function dashboardCounts(db: DbOrTx, teacherId?: string) {
  const studentScope = and(
    isNull(students.deletedAt),
    teacherId ? eq(students.assignedTeacherId, teacherId) : undefined,
  );
  const totalActivities = teacherId
    ? sql`(select count(*)::int from ${activities} join ${students} on ${students.id} = ${activities.studentId}
        where ${activities.deletedAt} is null and ${studentScope})`
    : liveCountSql('activities');
  const totalStudents = teacherId
    ? sql`(select count(*)::int from ${students} where ${studentScope})`
    : liveStudentsSql();
  const pendingGifts = teacherId
    ? sql`(select count(*)::int from ${gifts} join ${students} on ${students.id} = ${gifts.studentId}
        where ${gifts.status} = 'PENDING' and ${gifts.deletedAt} is null and ${studentScope})`
    : liveCountSql('gifts:PENDING');
  const result = (await db.execute(sql`select
      (select count(*)::int from ${users} where ${users.role} = 'TEACHER' and ${users.deletedAt} is null)
        as "totalTeachers",
      ${totalStudents} as "totalStudents",
      ${totalActivities} as "totalActivities",
      ${pendingGifts} as "pendingGifts"`)) as unknown as {
    rows: Counts[];
  };
  const row = result.rows[0];
  return row;
}

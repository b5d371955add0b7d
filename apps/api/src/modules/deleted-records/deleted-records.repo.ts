import type { DeletedKind } from '@csp/contracts';
import { aliasedTable, and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { activities, gifts, homeVisits, measurements, students, users } from '../../db/schema.ts';
import type { Page } from '../../lib/paging.ts';

/**
 * Soft-deleted records of the five kinds: the admin's lists, restore, and permanent delete. A record
 * counts as deleted when its own `deleted_at` is set (an activity hidden only because its student is
 * deleted is not listed: it comes back with the student).
 */

const person = aliasedTable(users, 'person');
const personName = { firstName: person.firstName, lastName: person.lastName };
const studentRef = {
  id: students.id,
  firstName: students.firstName,
  lastName: students.lastName,
  studentId: students.studentId,
};

const paged = <T extends { limit: (n: number) => { offset: (n: number) => unknown } }>(q: T, page?: Page) =>
  page ? q.limit(page.limit).offset(page.offset) : q;

export async function deletedUsers(db: DbOrTx, page?: Page) {
  const q = db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      role: users.role,
      createdAt: users.createdAt,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(isNotNull(users.deletedAt))
    .orderBy(desc(users.deletedAt), desc(users.id));
  return (await paged(q, page)) as Awaited<typeof q>;
}

export async function deletedStudents(db: DbOrTx, page?: Page) {
  const q = db
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      studentId: students.studentId,
      category: students.category,
      teacher: personName,
      deletedAt: students.deletedAt,
    })
    .from(students)
    .leftJoin(person, and(eq(person.id, students.assignedTeacherId), isNull(person.deletedAt)))
    .where(isNotNull(students.deletedAt))
    .orderBy(desc(students.deletedAt), desc(students.id));
  return (await paged(q, page)) as Awaited<typeof q>;
}

export async function deletedActivities(db: DbOrTx, page?: Page) {
  const q = db
    .select({
      id: activities.id,
      title: activities.title,
      date: activities.date,
      duration: activities.duration,
      student: studentRef,
      teacher: personName,
      deletedAt: activities.deletedAt,
    })
    .from(activities)
    .innerJoin(students, eq(students.id, activities.studentId))
    .leftJoin(person, eq(person.id, activities.teacherId))
    .where(isNotNull(activities.deletedAt))
    .orderBy(desc(activities.deletedAt), desc(activities.id));
  return (await paged(q, page)) as Awaited<typeof q>;
}

export async function deletedMeasurements(db: DbOrTx, page?: Page) {
  const q = db
    .select({
      id: measurements.id,
      height: measurements.height,
      weight: measurements.weight,
      date: measurements.date,
      notes: measurements.notes,
      student: studentRef,
      measuredBy: personName,
      deletedAt: measurements.deletedAt,
    })
    .from(measurements)
    .innerJoin(students, eq(students.id, measurements.studentId))
    .leftJoin(person, eq(person.id, measurements.measuredById))
    .where(isNotNull(measurements.deletedAt))
    .orderBy(desc(measurements.deletedAt), desc(measurements.id));
  return (await paged(q, page)) as Awaited<typeof q>;
}

export async function deletedHomeVisits(db: DbOrTx, page?: Page) {
  const q = db
    .select({
      id: homeVisits.id,
      visitDate: homeVisits.visitDate,
      duration: homeVisits.duration,
      status: homeVisits.status,
      notes: homeVisits.notes,
      student: studentRef,
      teacher: personName,
      deletedAt: homeVisits.deletedAt,
    })
    .from(homeVisits)
    .innerJoin(students, eq(students.id, homeVisits.studentId))
    .leftJoin(person, eq(person.id, homeVisits.teacherId))
    .where(isNotNull(homeVisits.deletedAt))
    .orderBy(desc(homeVisits.deletedAt), desc(homeVisits.id));
  return (await paged(q, page)) as Awaited<typeof q>;
}

const tables = {
  users,
  students,
  activities,
  measurements,
  'home-visits': homeVisits,
} as const;

export async function countDeleted(db: DbOrTx, kind: DeletedKind): Promise<number> {
  const table = tables[kind];
  const [row] = await db.select({ n: count() }).from(table).where(isNotNull(table.deletedAt));
  return row.n;
}

/**
 * Locks the record for the rest of the transaction (a restore and a permanent delete of it queue up)
 * and answers whether it exists and is deleted, with what a restore or a permanent delete needs.
 */
export async function lockRecord(tx: DbOrTx, kind: DeletedKind, id: string) {
  switch (kind) {
    case 'users': {
      const [r] = await tx
        .select({ deletedAt: users.deletedAt, fileId: users.profilePictureFileId })
        .from(users)
        .where(eq(users.id, id))
        .for('update');
      return r && { deleted: r.deletedAt !== null, fileIds: r.fileId ? [r.fileId] : [] };
    }
    case 'students': {
      const [r] = await tx
        .select({ deletedAt: students.deletedAt, teacherId: students.assignedTeacherId })
        .from(students)
        .where(eq(students.id, id))
        .for('update');
      return r && { deleted: r.deletedAt !== null, teacherId: r.teacherId, fileIds: [] as string[] };
    }
    default: {
      const table = kind === 'activities' ? activities : kind === 'measurements' ? measurements : homeVisits;
      const [r] = await tx
        .select({ deletedAt: table.deletedAt, studentId: table.studentId, photos: table.photos })
        .from(table)
        .where(eq(table.id, id))
        .for('update', { of: table });
      return r && { deleted: r.deletedAt !== null, studentId: r.studentId, fileIds: r.photos };
    }
  }
}

/** Whether the student is live (not soft-deleted). */
export async function studentIsLive(tx: DbOrTx, studentId: string): Promise<boolean> {
  const [r] = await tx
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.id, studentId), isNull(students.deletedAt)));
  return Boolean(r);
}

/** Clears `deleted_at` of a deleted record; answers whether it did. */
export async function restore(tx: DbOrTx, kind: DeletedKind, id: string): Promise<boolean> {
  const table = tables[kind];
  const rows = await tx
    .update(table)
    .set({ deletedAt: null, updatedAt: new Date() })
    .where(and(eq(table.id, id), isNotNull(table.deletedAt)))
    .returning({ id: table.id });
  return rows.length > 0;
}

/**
 * The stored files that go with the record's dependants when it is deleted for good: a student's
 * activities, measurements, visits and gift evidence; a teacher's own activities and visits (the
 * database cascades those rows).
 */
export async function dependantFileIds(tx: DbOrTx, kind: DeletedKind, id: string): Promise<string[]> {
  const photosOf = (rows: { photos: string[] }[]) => rows.flatMap((r) => r.photos);
  // One after another: a transaction is one connection, which runs one query at a time.
  if (kind === 'students') {
    const a = await tx
      .select({ photos: activities.photos })
      .from(activities)
      .where(eq(activities.studentId, id));
    const m = await tx
      .select({ photos: measurements.photos })
      .from(measurements)
      .where(eq(measurements.studentId, id));
    const v = await tx
      .select({ photos: homeVisits.photos })
      .from(homeVisits)
      .where(eq(homeVisits.studentId, id));
    const g = await tx
      .select({ fileId: gifts.evidenceFileId })
      .from(gifts)
      .where(and(eq(gifts.studentId, id), isNotNull(gifts.evidenceFileId)));
    return [...photosOf(a), ...photosOf(m), ...photosOf(v), ...g.map((r) => r.fileId as string)];
  }
  if (kind === 'users') {
    const a = await tx
      .select({ photos: activities.photos })
      .from(activities)
      .where(eq(activities.teacherId, id));
    const v = await tx
      .select({ photos: homeVisits.photos })
      .from(homeVisits)
      .where(eq(homeVisits.teacherId, id));
    return [...photosOf(a), ...photosOf(v)];
  }
  return [];
}

/** Deletes a soft-deleted record for good (dependants by the database's cascades); answers whether it did. */
export async function deleteForGood(tx: DbOrTx, kind: DeletedKind, id: string): Promise<boolean> {
  const table = tables[kind];
  const rows = await tx
    .delete(table)
    .where(and(eq(table.id, id), isNotNull(table.deletedAt)))
    .returning({ id: table.id });
  return rows.length > 0;
}

import { randomUUID } from 'node:crypto';
import { DELETED_KINDS, DELETED_RECORD_MESSAGES as M, todayIn, type DeletedKind } from '@csp/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activities,
  gifts,
  homeVisits,
  measurements,
  storedFiles,
  students,
  users,
} from '../../db/schema.ts';
import {
  inFileStore,
  expectError,
  onPostgres,
  seedUser,
  type SeededUser,
  type TestContext,
} from '../../test/setup.ts';
import { closeTestApp, createStaffApp, studentSeeder } from '../../test/factories.ts';

let t: TestContext;
let admin: SeededUser;
let teacher: SeededUser;
const today = todayIn('Asia/Colombo');

const inject = (as: SeededUser | null, method: 'GET' | 'POST' | 'DELETE', url: string) =>
  t.app.inject({ method, url: `/api${url}`, headers: as?.auth ?? {} });
const restore = (as: SeededUser | null, kind: DeletedKind, id: string) =>
  inject(as, 'POST', `/${kind}/${id}/restore`);
const forever = (as: SeededUser | null, kind: DeletedKind, id: string) =>
  inject(as, 'DELETE', `/${kind}/${id}/permanent`);
const listed = async (kind: DeletedKind) =>
  ((await inject(admin, 'GET', `/${kind}/deleted/list`)).json() as { id: string }[]).map((r) => r.id);

const seedStudent = studentSeeder(() => t.app, { prefix: 'DEL' });

/** A stored file: the object in the store and its row. */
async function seedFile(ownerId: string) {
  const storageKey = `test/${randomUUID()}.png`;
  await t.app.storage.put(storageKey, Buffer.from('png'));
  const [row] = await t.app.db
    .insert(storedFiles)
    .values({
      storageKey,
      originalName: 'p.png',
      mimeType: 'image/png',
      sizeBytes: 3,
      purpose: 'test',
      ownerId,
    })
    .returning();
  return row;
}

const inStore = (key: string) => inFileStore(t.app, key);

/** A student of the teacher with one activity, measurement, visit and gift, each with a file. */
async function seedFamily(teacherId: string) {
  const student = await seedStudent(teacherId);
  const files = await Promise.all([1, 2, 3, 4].map(() => seedFile(teacherId)));
  const [activity] = await t.app.db
    .insert(activities)
    .values({ title: 'Painting', date: today, studentId: student.id, teacherId, photos: [files[0].id] })
    .returning();
  const [measurement] = await t.app.db
    .insert(measurements)
    .values({
      studentId: student.id,
      measuredById: teacherId,
      height: 90,
      weight: 13,
      date: today,
      photos: [files[1].id],
    })
    .returning();
  const [visit] = await t.app.db
    .insert(homeVisits)
    .values({ studentId: student.id, teacherId, visitDate: today, photos: [files[2].id] })
    .returning();
  const [gift] = await t.app.db
    .insert(gifts)
    .values({ name: 'Books', studentId: student.id, status: 'DELIVERED', evidenceFileId: files[3].id })
    .returning();
  return { student, activity, measurement, visit, gift, files };
}

const softDelete = (table: typeof activities | typeof measurements | typeof homeVisits, id: string) =>
  t.app.db.update(table).set({ deletedAt: new Date() }).where(eq(table.id, id));

beforeAll(async () => {
  ({ t, admin, teacher } = await createStaffApp());
});
afterAll(() => closeTestApp(t));

describe('who may', () => {
  it('lets only administrators list, restore and delete for good', async () => {
    const id = randomUUID();
    for (const kind of DELETED_KINDS) {
      expectError(await inject(teacher, 'GET', `/${kind}/deleted/list`), 403, M.onlyAdmins);
      expectError(await restore(teacher, kind, id), 403, M.onlyAdmins);
      expectError(await forever(teacher, kind, id), 403, M.onlyAdmins);
      expectError(await inject(null, 'GET', `/${kind}/deleted/list`), 401);
      expectError(await restore(admin, kind, id), 404, M.notFound(kind));
      expectError(await forever(admin, kind, id), 404, M.notFound(kind));
      expectError(await restore(admin, kind, 'nope'), 400);
      expectError(await inject(admin, 'GET', `/${kind}/deleted/list?limit=0`), 400);
    }
  });
});

describe('students', () => {
  it('lists a deleted student and restores it with its records', async () => {
    const { student, activity } = await seedFamily(teacher.id);
    expect((await inject(admin, 'DELETE', `/students/${student.id}`)).statusCode).toBeLessThan(300);
    const rows = (await inject(admin, 'GET', '/students/deleted/list')).json() as Record<string, unknown>[];
    expect(rows.find((r) => r.id === student.id)).toMatchObject({
      studentId: student.studentId,
      category: 'CENTER_BASE',
      assignedTeacher: { firstName: 'Tara', lastName: 'Field' },
    });
    // Hidden with the student, not deleted on its own: not in the activities tab.
    expect(await listed('activities')).not.toContain(activity.id);
    expectError(await forever(admin, 'activities', activity.id), 409, M.notDeleted('activities'));
    expect((await inject(teacher, 'GET', `/activities/${activity.id}`)).statusCode).toBe(404);

    const res = await restore(admin, 'students', student.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Student restored successfully' });
    expect(await listed('students')).not.toContain(student.id);
    expect((await inject(teacher, 'GET', `/students/${student.id}`)).statusCode).toBe(200);
    expect((await inject(teacher, 'GET', `/activities/${activity.id}`)).statusCode).toBe(200);
    expectError(await restore(admin, 'students', student.id), 404, M.notFound('students'));
    expectError(await forever(admin, 'students', student.id), 409, M.notDeleted('students'));
  });

  it('refuses to restore a student whose teacher has reached the cap meanwhile', async () => {
    const busy = await seedUser(t.app, { role: 'TEACHER' });
    const gone = await seedStudent(busy.id, { deletedAt: new Date() });
    for (let i = 0; i < 25; i++) await seedStudent(busy.id);
    expectError(await restore(admin, 'students', gone.id), 409, M.teacherAtCap);
    expect(await listed('students')).toContain(gone.id);
  });

  it('deletes a student for good with every dependant and every file', async () => {
    const family = await seedFamily(teacher.id);
    expectError(await forever(admin, 'students', family.student.id), 409, M.notDeleted('students'));
    await inject(admin, 'DELETE', `/students/${family.student.id}`);
    const res = await forever(admin, 'students', family.student.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Student permanently deleted successfully' });
    expect(await t.app.db.select().from(students).where(eq(students.id, family.student.id))).toEqual([]);
    expect(
      await t.app.db.select().from(activities).where(eq(activities.studentId, family.student.id)),
    ).toEqual([]);
    expect(
      await t.app.db.select().from(measurements).where(eq(measurements.studentId, family.student.id)),
    ).toEqual([]);
    expect(
      await t.app.db.select().from(homeVisits).where(eq(homeVisits.studentId, family.student.id)),
    ).toEqual([]);
    expect(await t.app.db.select().from(gifts).where(eq(gifts.studentId, family.student.id))).toEqual([]);
    const ids = family.files.map((f) => f.id);
    expect(await t.app.db.select().from(storedFiles).where(inArray(storedFiles.id, ids))).toEqual([]);
    for (const f of family.files) expect(await inStore(f.storageKey)).toBe(false);
    expectError(await forever(admin, 'students', family.student.id), 404, M.notFound('students'));
  });
});

describe('activities, measurements and home visits', () => {
  it('restores each kind once, and refuses while its student is deleted', async () => {
    const { student, activity, measurement, visit } = await seedFamily(teacher.id);
    await softDelete(activities, activity.id);
    await softDelete(measurements, measurement.id);
    await softDelete(homeVisits, visit.id);
    const acts = (await inject(admin, 'GET', '/activities/deleted/list')).json() as Record<string, unknown>[];
    expect(acts.find((a) => a.id === activity.id)).toMatchObject({
      title: 'Painting',
      duration: 120,
      student: { id: student.id, studentId: student.studentId },
      teacher: { firstName: 'Tara', lastName: 'Field' },
    });
    const ms = (await inject(admin, 'GET', '/measurements/deleted/list')).json() as Record<string, unknown>[];
    expect(ms.find((m) => m.id === measurement.id)).toMatchObject({
      height: 90,
      weight: 13,
      measuredBy: { firstName: 'Tara', lastName: 'Field' },
    });
    expect(await listed('home-visits')).toContain(visit.id);

    await t.app.db.update(students).set({ deletedAt: new Date() }).where(eq(students.id, student.id));
    for (const [kind, id] of [
      ['activities', activity.id],
      ['measurements', measurement.id],
      ['home-visits', visit.id],
    ] as const) {
      expectError(await restore(admin, kind, id), 409, M.studentFirst);
    }
    await restore(admin, 'students', student.id);
    for (const [kind, id] of [
      ['activities', activity.id],
      ['measurements', measurement.id],
      ['home-visits', visit.id],
    ] as const) {
      const res = await restore(admin, kind, id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(M.restored(kind));
      expect(await listed(kind)).not.toContain(id);
    }
    expect((await inject(teacher, 'GET', `/home-visits/${visit.id}`)).statusCode).toBe(200);
  });

  it('deletes each kind for good with its files, and only once deleted', async () => {
    const { activity, measurement, visit, files } = await seedFamily(teacher.id);
    for (const [kind, table, id, file] of [
      ['activities', activities, activity.id, files[0]],
      ['measurements', measurements, measurement.id, files[1]],
      ['home-visits', homeVisits, visit.id, files[2]],
    ] as const) {
      expectError(await forever(admin, kind, id), 409, M.notDeleted(kind));
      await softDelete(table, id);
      const res = await forever(admin, kind, id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(M.permanentlyDeleted(kind));
      expect(await t.app.db.select().from(table).where(eq(table.id, id))).toEqual([]);
      expect(await t.app.db.select().from(storedFiles).where(eq(storedFiles.id, file.id))).toEqual([]);
      expect(await inStore(file.storageKey)).toBe(false);
    }
    // The gift's evidence is untouched.
    expect(await inStore(files[3].storageKey)).toBe(true);
  });
});

describe('users', () => {
  it('restores a deleted teacher with their students, and deletes one for good', async () => {
    const gone = await seedUser(t.app, { role: 'TEACHER', firstName: 'Gone', lastName: 'Teacher' });
    const { student, activity, measurement, files } = await seedFamily(gone.id);
    const picture = await seedFile(gone.id);
    await t.app.db.update(users).set({ profilePictureFileId: picture.id }).where(eq(users.id, gone.id));
    expect((await inject(admin, 'DELETE', `/users/${gone.id}`)).statusCode).toBeLessThan(300);
    const rows = (await inject(admin, 'GET', '/users/deleted/list')).json() as Record<string, unknown>[];
    expect(rows.find((r) => r.id === gone.id)).toMatchObject({ email: gone.email, role: 'TEACHER' });
    const paged = await inject(admin, 'GET', '/users/deleted/list?page=1&limit=1');
    expect(paged.headers['x-total-count']).toBe(String(rows.length));

    expect((await restore(admin, 'users', gone.id)).statusCode).toBe(200);
    const back = (await inject(admin, 'GET', `/students/${student.id}`)).json() as Record<string, unknown>;
    expect(back.assignedTeacher).toMatchObject({ id: gone.id });

    await inject(admin, 'DELETE', `/users/${gone.id}`);
    const res = await forever(admin, 'users', gone.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'User permanently deleted successfully' });
    expect(await t.app.db.select().from(users).where(eq(users.id, gone.id))).toEqual([]);
    // Their own activity goes with them; the measurement stays, without who measured it.
    expect(await t.app.db.select().from(activities).where(eq(activities.id, activity.id))).toEqual([]);
    const [kept] = await t.app.db.select().from(measurements).where(eq(measurements.id, measurement.id));
    expect(kept.measuredById).toBeNull();
    const [unassigned] = await t.app.db.select().from(students).where(eq(students.id, student.id));
    expect(unassigned.assignedTeacherId).toBeNull();
    expect(await inStore(picture.storageKey)).toBe(false);
    expect(await inStore(files[0].storageKey)).toBe(false);
    expect(await inStore(files[1].storageKey)).toBe(true);
  });
});

describe.runIf(onPostgres)('races on PostgreSQL', () => {
  it('lets exactly one of 20 restores and permanent deletes of a record win, never both', async () => {
    const records = await Promise.all(
      Array.from({ length: 3 }, () => seedStudent(teacher.id, { deletedAt: new Date() })),
    );
    const results = await Promise.all(
      records.map((s) =>
        Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            i % 2 ? restore(admin, 'students', s.id) : forever(admin, 'students', s.id),
          ),
        ),
      ),
    );
    for (const [i, attempts] of results.entries()) {
      const [row] = await t.app.db.select().from(students).where(eq(students.id, records[i].id));
      const wins = attempts.map((r, j) => ({ j, code: r.statusCode })).filter((r) => r.code === 200);
      expect(wins).toHaveLength(1);
      // The losers: 404 (gone, or no longer deleted) or 409 (a permanent delete of a restored record).
      for (const r of attempts) expect([200, 404, 409]).toContain(r.statusCode);
      if (wins[0].j % 2) expect(row.deletedAt).toBeNull();
      else expect(row).toBeUndefined();
    }
  });
});

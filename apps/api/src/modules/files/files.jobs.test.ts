import { randomUUID } from 'node:crypto';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
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
import { LocalDiskFileStore } from '../../lib/storage.ts';
import {
  createTestApp,
  inFileStore,
  onPostgres,
  seedUser,
  type SeededUser,
  type TestContext,
} from '../../test/setup.ts';
import { closeTestApp } from '../../test/factories.ts';
import { runFileSweep } from './files.jobs.ts';

let t: TestContext;
let teacher: SeededUser;
const DAY = 24 * 60 * 60 * 1000;

async function stored(createdAt = new Date()) {
  const storageKey = `sweep/${randomUUID()}.png`;
  await t.app.storage.put(storageKey, Buffer.from('png'));
  const [row] = await t.app.db
    .insert(storedFiles)
    .values({
      storageKey,
      originalName: 'a.png',
      mimeType: 'image/png',
      sizeBytes: 3,
      purpose: 'sweep',
      ownerId: teacher.id,
      createdAt,
    })
    .returning();
  return row;
}

const inStore = (key: string) => inFileStore(t.app, key);

const rowExists = async (id: string) =>
  (await t.app.db.select().from(storedFiles).where(eq(storedFiles.id, id))).length === 1;

beforeAll(async () => {
  t = await createTestApp();
  teacher = await seedUser(t.app, { role: 'TEACHER' });
});
afterAll(() => closeTestApp(t));

describe('the file sweep', () => {
  it('removes files no record points at once a day old, and keeps every file a record points at', async () => {
    const old = new Date(Date.now() - 2 * DAY);
    const [abandoned, fresh, onActivity, onDeletedVisit, onMeasurement, picture, evidence] =
      await Promise.all(Array.from({ length: 7 }, (_, i) => stored(i === 1 ? new Date() : old)));
    const [student] = await t.app.db
      .insert(students)
      .values({
        studentId: `SW-${randomUUID()}`,
        firstName: 'N',
        lastName: 'P',
        dateOfBirth: '2022-01-01',
        category: 'CENTER_BASE',
        assignedTeacherId: teacher.id,
      })
      .returning();
    await t.app.db.insert(activities).values({
      title: 'A',
      date: '2026-01-01',
      studentId: student.id,
      teacherId: teacher.id,
      photos: [onActivity.id],
    });
    // A soft-deleted visit may yet be restored: its files stay.
    await t.app.db.insert(homeVisits).values({
      studentId: student.id,
      teacherId: teacher.id,
      visitDate: '2026-01-01',
      photos: [onDeletedVisit.id],
      deletedAt: new Date(),
    });
    await t.app.db.insert(measurements).values({
      studentId: student.id,
      height: 90,
      weight: 13,
      date: '2026-01-01',
      photos: [onMeasurement.id],
    });
    await t.app.db.update(users).set({ profilePictureFileId: picture.id }).where(eq(users.id, teacher.id));
    await t.app.db.insert(gifts).values({ name: 'B', studentId: student.id, evidenceFileId: evidence.id });

    const result = await runFileSweep(t.app);
    expect(result.unattached).toBe(1);
    expect(await rowExists(abandoned.id)).toBe(false);
    expect(await inStore(abandoned.storageKey)).toBe(false);
    for (const kept of [fresh, onActivity, onDeletedVisit, onMeasurement, picture, evidence]) {
      expect(await rowExists(kept.id)).toBe(true);
      expect(await inStore(kept.storageKey)).toBe(true);
    }
  });

  it('removes objects without a row, and leftovers of unfinished writes, once an hour old', async () => {
    const store = t.app.storage as LocalDiskFileStore;
    const orphanKey = `sweep/${randomUUID()}.png`;
    await store.put(orphanKey, Buffer.from('x'));
    const recentKey = `sweep/${randomUUID()}.png`;
    await store.put(recentKey, Buffer.from('x'));
    const leftover = path.join(store.root, 'sweep', `a.png.${randomUUID()}.partial`);
    await mkdir(path.dirname(leftover), { recursive: true });
    await writeFile(leftover, 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(store.pathOf(orphanKey), twoHoursAgo, twoHoursAgo);
    await utimes(leftover, twoHoursAgo, twoHoursAgo);
    const kept = await stored(twoHoursAgo);
    await utimes(store.pathOf(kept.storageKey), twoHoursAgo, twoHoursAgo);
    // Make the kept row attached, so only the object check applies to it.
    await t.app.db.update(users).set({ profilePictureFileId: kept.id }).where(eq(users.id, teacher.id));

    const result = await runFileSweep(t.app);
    expect(result.orphanObjects).toBe(2);
    expect(await inStore(orphanKey)).toBe(false);
    expect(await inStore(recentKey)).toBe(true);
    expect(await inStore(kept.storageKey)).toBe(true);
    const { stat } = await import('node:fs/promises');
    await expect(stat(leftover)).rejects.toThrow();
  });
});

describe.runIf(onPostgres)('two instances at once on PostgreSQL', () => {
  it('lets one sweep and the other stand aside', async () => {
    const files = await Promise.all(Array.from({ length: 5 }, () => stored(new Date(Date.now() - 2 * DAY))));
    const [a, b] = await Promise.all([runFileSweep(t.app), runFileSweep(t.app)]);
    expect(a.unattached + b.unattached).toBe(5);
    expect(Math.min(a.unattached, b.unattached)).toBe(0);
    for (const f of files) expect(await rowExists(f.id)).toBe(false);
  });
});

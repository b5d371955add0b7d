import { addDays, addMonths, todayIn } from '@csp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measurements, students } from '../../db/schema.ts';
import { createTestApp, seedUser, type SeededUser, type TestContext } from '../../test/setup.ts';

let t: TestContext;
let admin: SeededUser;
let teacher: SeededUser;
let other: SeededUser;
const today = todayIn('Asia/Colombo');
let n = 0;

async function student(teacherId: string | null, over: Partial<typeof students.$inferInsert> = {}) {
  const [row] = await t.app.db
    .insert(students)
    .values({
      studentId: `MS-${++n}`,
      firstName: `Kid${n}`,
      lastName: 'Status',
      dateOfBirth: addMonths(today, -48),
      category: 'CENTER_BASE',
      assignedTeacherId: teacherId,
      ...over,
    })
    .returning();
  return row;
}
async function measure(
  studentId: string,
  date: string,
  over: Partial<typeof measurements.$inferInsert> = {},
) {
  const [row] = await t.app.db
    .insert(measurements)
    .values({ studentId, date, height: 100, weight: 15, ...over })
    .returning();
  return row;
}
type Entry = { id: string; category: string; lastMeasurement: { id: string; date: string } | null };
async function status(as: SeededUser): Promise<Entry[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/measurements/status/all', headers: as.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t.app, { role: 'ADMIN' });
  teacher = await seedUser(t.app, { role: 'TEACHER', firstName: 'Tara' });
  other = await seedUser(t.app, { role: 'TEACHER', firstName: 'Omar' });
});
afterAll(() => t.close());

describe('GET /api/measurements/status/all: the latest live measurement of each student in scope', () => {
  it('gives a teacher exactly their own live students, each with their latest live measurement', async () => {
    const a = await student(teacher.id, { firstName: 'Anu' });
    await measure(a.id, addDays(today, -90));
    const latestA = await measure(a.id, addDays(today, -10));
    // A later measurement that was deleted does not count.
    await measure(a.id, addDays(today, -1), { deletedAt: new Date() });

    // Two on the same day: the one recorded last counts.
    const b = await student(teacher.id, { firstName: 'Bala' });
    await measure(b.id, addDays(today, -5), { createdAt: new Date(Date.now() - 60_000) });
    const laterSameDay = await measure(b.id, addDays(today, -5));

    const onlyDeleted = await student(teacher.id, { firstName: 'Chitra' });
    await measure(onlyDeleted.id, addDays(today, -3), { deletedAt: new Date() });

    const gone = await student(teacher.id, { firstName: 'Deleted', deletedAt: new Date() });
    const theirs = await student(other.id, { firstName: 'Other' });
    await measure(theirs.id, addDays(today, -2));
    const nobodys = await student(null, { firstName: 'Unassigned' });

    const mine = await status(teacher);
    expect(mine.map((e) => e.id).sort()).toEqual([a.id, b.id, onlyDeleted.id].sort());
    const byId = Object.fromEntries(mine.map((e) => [e.id, e]));
    expect(byId[a.id].lastMeasurement).toEqual({ id: latestA.id, date: latestA.date });
    expect(byId[b.id].lastMeasurement).toEqual({ id: laterSameDay.id, date: laterSameDay.date });
    expect(byId[onlyDeleted.id].lastMeasurement).toBeNull();

    const ids = (await status(admin)).map((e) => e.id);
    expect(ids).toEqual(expect.arrayContaining([a.id, b.id, onlyDeleted.id, theirs.id, nobodys.id]));
    expect(ids).not.toContain(gone.id);
    expect((await status(other)).map((e) => e.id)).toEqual([theirs.id]);
  });

  it('shows the category the age calls for without storing it (the category job stores it)', async () => {
    const grown = await student(teacher.id, {
      firstName: 'Grown',
      category: 'SURVIVAL_PROGRAM',
      dateOfBirth: addMonths(today, -15),
    });
    const entry = (await status(teacher)).find((e) => e.id === grown.id);
    expect(entry?.category).toBe('HOME_BASE');
    const [row] = await t.app.db.select().from(students).where(eq(students.id, grown.id));
    expect(row.category).toBe('SURVIVAL_PROGRAM');
    expect(row.updatedAt).toEqual(grown.updatedAt);
  });
});

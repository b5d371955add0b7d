import { addDays, addMonths, todayIn } from '@csp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, gifts, leaves, measurements } from '../../db/schema.ts';
import { createTestApp, seedUser, type SeededUser, type TestContext } from '../../test/setup.ts';
import { studentSeeder } from '../../test/factories.ts';

let t: TestContext;
let admin: SeededUser;
let teacher: SeededUser;
let other: SeededUser;
const today = todayIn('Asia/Colombo');

const student = studentSeeder(() => t.app, {
  studentId: (n) => `D-${n}`,
  firstName: (n) => `Kid${n}`,
  lastName: 'Test',
  dateOfBirth: addMonths(today, -48),
});
const measure = (studentId: string, date: string) =>
  t.app.db.insert(measurements).values({ studentId, date, height: 100, weight: 15 });

beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t.app, { role: 'ADMIN' });
  teacher = await seedUser(t.app, { role: 'TEACHER', firstName: 'Tara' });
  other = await seedUser(t.app, { role: 'TEACHER', firstName: 'Omar' });
});
afterAll(() => t.close());

describe('GET /api/dashboard/stats', () => {
  it('gives admins programme-wide counts and teachers their own', async () => {
    const mine = await student(teacher.id);
    const theirs = await student(other.id);
    await student(null, { deletedAt: new Date() });
    await t.app.db.insert(activities).values([
      { title: 'Play', date: today, studentId: mine.id, teacherId: teacher.id },
      { title: 'Draw', date: today, studentId: theirs.id, teacherId: other.id },
      { title: 'Old', date: today, studentId: theirs.id, teacherId: other.id, deletedAt: new Date() },
    ]);
    await t.app.db.insert(gifts).values([
      { name: 'Bag', studentId: mine.id, status: 'PENDING' },
      { name: 'Shoes', studentId: theirs.id, status: 'PENDING' },
      { name: 'Book', studentId: theirs.id, status: 'DELIVERED' },
    ]);
    const a = await t.app.inject({ method: 'GET', url: '/api/dashboard/stats', headers: admin.auth });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual({ totalTeachers: 2, totalStudents: 2, totalActivities: 2, pendingGifts: 2 });
    const tt = await t.app.inject({ method: 'GET', url: '/api/dashboard/stats', headers: teacher.auth });
    expect(tt.json()).toEqual({ totalStudents: 1, assignedStudents: 1, totalActivities: 1, pendingGifts: 1 });
  });

  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/stats' })).statusCode).toBe(401);
  });
});

describe('GET /api/measurements/status/all', () => {
  it('computes the status boundaries for every student in scope', async () => {
    const dueIn = (days: number) => addMonths(addDays(today, days), -2);
    const fifteen = await student(teacher.id, { firstName: 'Fifteen' });
    await measure(fifteen.id, dueIn(15));
    const sixteen = await student(teacher.id, { firstName: 'Sixteen' });
    await measure(sixteen.id, dueIn(16));
    const dueToday = await student(teacher.id, { firstName: 'DueToday' });
    await measure(dueToday.id, dueIn(0));
    const late = await student(teacher.id, { firstName: 'Late' });
    await measure(late.id, addDays(dueIn(0), -40));
    await measure(late.id, dueIn(-1)); // the latest one counts
    const never = await student(teacher.id, { firstName: 'Never' });
    const notMine = await student(other.id, { firstName: 'NotMine' });

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/measurements/status/all',
      headers: teacher.auth,
    });
    expect(res.statusCode).toBe(200);
    const byName = Object.fromEntries(res.json().map((e: { firstName: string }) => [e.firstName, e]));
    expect(byName.Fifteen).toMatchObject({ status: 'due_soon', nextDueDate: addDays(today, 15) });
    expect(byName.Sixteen).toMatchObject({ status: 'up_to_date' });
    expect(byName.DueToday).toMatchObject({ status: 'due_soon', overdueBy: 0, nextDueDate: today });
    expect(byName.Late).toMatchObject({
      status: 'overdue',
      overdueBy: 1,
      lastMeasurement: { date: dueIn(-1) },
    });
    expect(byName.Never).toMatchObject({ lastMeasurement: null, daysSinceLastMeasurement: null });
    expect(byName.NotMine).toBeUndefined();
    expect(byName.Late.assignedTeacher).toMatchObject({ id: teacher.id });

    const all = await t.app.inject({
      method: 'GET',
      url: '/api/measurements/status/all',
      headers: admin.auth,
    });
    expect(all.json().some((e: { id: string }) => e.id === notMine.id)).toBe(true);
    expect(all.json().some((e: { id: string }) => e.id === never.id)).toBe(true);
  });
});

describe('GET /api/leaves/today-tomorrow', () => {
  it('lists approved leaves covering today and tomorrow, for admins only', async () => {
    const tomorrow = addDays(today, 1);
    await t.app.db.insert(leaves).values([
      {
        teacherId: teacher.id,
        startDate: addDays(today, -2),
        endDate: today,
        reason: 'Fever',
        status: 'APPROVED',
      },
      {
        teacherId: other.id,
        startDate: tomorrow,
        endDate: addDays(today, 3),
        reason: 'Wedding',
        status: 'APPROVED',
      },
      { teacherId: other.id, startDate: today, endDate: today, reason: 'Pending one', status: 'PENDING' },
      {
        teacherId: other.id,
        startDate: addDays(today, 5),
        endDate: addDays(today, 6),
        reason: 'Later',
        status: 'APPROVED',
      },
    ]);
    const res = await t.app.inject({ method: 'GET', url: '/api/leaves/today-tomorrow', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.today.map((l: { reason: string }) => l.reason)).toEqual(['Fever']);
    expect(body.tomorrow.map((l: { reason: string }) => l.reason)).toEqual(['Wedding']);
    expect(body.today[0].teacher).toMatchObject({ firstName: 'Tara' });
    const asTeacher = await t.app.inject({
      method: 'GET',
      url: '/api/leaves/today-tomorrow',
      headers: teacher.auth,
    });
    expect(asTeacher.statusCode).toBe(403);
  });
});

import {
  addDays,
  addMonths,
  MEASUREMENT_STATUS_FILTERS,
  todayIn,
  type MeasurementStatusEntry,
} from '@csp/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measurements, students } from '../../db/schema.ts';
import { createTestApp, seedUser, type SeededUser, type TestContext } from '../../test/setup.ts';
import { studentSeeder } from '../../test/factories.ts';
import { lastMeasuredRange, statusOf } from './measurements.repo.ts';

let t: TestContext;
let admin: SeededUser;
let teacher: SeededUser;
let other: SeededUser;
const today = todayIn('Asia/Colombo');

const student = studentSeeder(() => t.app, {
  studentId: (n) => `MS-${n}`,
  firstName: (n) => `Kid${n}`,
  lastName: 'Status',
  dateOfBirth: addMonths(today, -48),
});
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
    // The category filter goes by the same rule.
    const filtered = async (category: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/measurements/status/all?category=${category}`,
        headers: teacher.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as Entry[]).map((e) => e.id);
    };
    expect(await filtered('HOME_BASE')).toContain(grown.id);
    expect(await filtered('SURVIVAL_PROGRAM')).not.toContain(grown.id);
    const [row] = await t.app.db.select().from(students).where(eq(students.id, grown.id));
    expect(row.category).toBe('SURVIVAL_PROGRAM');
    expect(row.updatedAt).toEqual(grown.updatedAt);
  });
});

describe('the status page: filters, pages and counters computed in SQL', () => {
  let t2: TestContext;
  let boss: SeededUser;
  let mine: SeededUser;
  let theirs: SeededUser;
  const made: Record<string, string> = {};

  beforeAll(async () => {
    t2 = await createTestApp();
    boss = await seedUser(t2.app, { role: 'ADMIN' });
    mine = await seedUser(t2.app, { role: 'TEACHER' });
    theirs = await seedUser(t2.app, { role: 'TEACHER' });
    const add = async (
      name: string,
      teacherId: string,
      lastMeasured: string | null,
      category = 'CENTER_BASE',
    ) => {
      const [row] = await t2.app.db
        .insert(students)
        .values({
          studentId: `PG-${name}`,
          firstName: name,
          lastName: 'Page',
          // An age that fits the category (reads show the category the age calls for).
          dateOfBirth: addMonths(today, category === 'HOME_BASE' ? -24 : -48),
          category: category as 'CENTER_BASE',
          assignedTeacherId: teacherId,
        })
        .returning();
      if (lastMeasured) {
        await t2.app.db
          .insert(measurements)
          .values({ studentId: row.id, date: lastMeasured, height: 100, weight: 15 });
      }
      made[name] = row.id;
    };
    // Due two calendar months after the last measurement; due soon within 15 days.
    await add('Aruni', mine.id, addDays(addMonths(today, -2), -1)); // overdue by 1 day
    await add('Bimal', mine.id, addDays(addMonths(today, -2), 15)); // due in 15 days: due soon
    await add('Chathu', mine.id, addDays(addMonths(today, -2), 16)); // due in 16 days: up to date
    await add('Dinesh', mine.id, null); // never measured
    await add('Eshan', mine.id, today, 'HOME_BASE'); // up to date
    await add('Farah', theirs.id, null); // never measured, another teacher's
  });
  afterAll(() => t2.close());

  const get = (as: SeededUser, url: string) => t2.app.inject({ method: 'GET', url, headers: as.auth });
  const names = async (as: SeededUser, query: string) => {
    const res = await get(as, `/api/measurements/status/all${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return {
      names: (res.json() as { firstName: string }[]).map((e) => e.firstName),
      total: res.headers['x-total-count'],
    };
  };

  it('filters by status, category, teacher and search, and pages by name', async () => {
    expect((await names(boss, '?status=overdue')).names).toEqual(['Aruni']);
    expect((await names(boss, '?status=due_soon')).names).toEqual(['Bimal']);
    expect((await names(boss, '?status=up_to_date')).names).toEqual(['Chathu', 'Eshan']);
    expect((await names(boss, '?status=never_measured')).names).toEqual(['Dinesh', 'Farah']);
    expect((await names(boss, '?category=HOME_BASE')).names).toEqual(['Eshan']);
    expect((await names(boss, `?teacherId=${theirs.id}`)).names).toEqual(['Farah']);
    expect((await names(boss, '?search=PG-Bim')).names).toEqual(['Bimal']);
    expect((await names(boss, '?search=chathu page')).names).toEqual(['Chathu']);
    expect(await names(boss, '?page=2&limit=2')).toEqual({ names: ['Chathu', 'Dinesh'], total: '6' });
    expect(await names(boss, '?status=never_measured&limit=1')).toEqual({ names: ['Dinesh'], total: '2' });
    // The entries keep the spec's shape: never measured reads as overdue with no last measurement.
    const never = (await get(boss, '/api/measurements/status/all?status=never_measured')).json()[0];
    expect(never).toMatchObject({ status: 'overdue', lastMeasurement: null, daysSinceLastMeasurement: null });
    const overdue = (await get(boss, '/api/measurements/status/all?status=overdue')).json()[0];
    expect(overdue).toMatchObject({ status: 'overdue', overdueBy: 1 });
  });

  it('keeps a teacher to their own students, whatever the query says', async () => {
    expect(await names(mine, '?page=1&limit=10')).toEqual({
      names: ['Aruni', 'Bimal', 'Chathu', 'Dinesh', 'Eshan'],
      total: '5',
    });
    expect((await names(mine, '?status=never_measured')).names).toEqual(['Dinesh']);
    const foreign = await get(mine, `/api/measurements/status/all?teacherId=${theirs.id}`);
    expect(foreign.statusCode).toBe(403);
    expect(Object.keys(foreign.json()).sort()).toEqual(['error', 'message', 'statusCode']);
  });

  it('GET /status/summary counts the five figures for the scope', async () => {
    const all = await get(boss, '/api/measurements/status/summary');
    expect(all.json()).toEqual({ total: 6, upToDate: 2, dueSoon: 1, overdue: 1, neverMeasured: 2 });
    const own = await get(mine, '/api/measurements/status/summary');
    expect(own.json()).toEqual({ total: 5, upToDate: 2, dueSoon: 1, overdue: 1, neverMeasured: 1 });
    const home = await get(boss, '/api/measurements/status/summary?category=HOME_BASE');
    expect(home.json()).toEqual({ total: 1, upToDate: 1, dueSoon: 0, overdue: 0, neverMeasured: 0 });
    expect((await t2.app.inject({ method: 'GET', url: '/api/measurements/status/summary' })).statusCode).toBe(
      401,
    );
  });

  it('refuses bad status queries with 400', async () => {
    for (const [query, message] of [
      ['?status=late', 'status must be one of overdue, due_soon, up_to_date, never_measured'],
      ['?teacherId=abc', 'teacherId must be a valid identifier'],
      ['?limit=0', 'limit must be a whole number between 1 and 100'],
      ['?search=%00', 'search contains characters that are not allowed'],
      ['?sort=name', 'Unknown field: sort'],
    ]) {
      const res = await get(boss, `/api/measurements/status/all${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message });
    }
  });
});

describe('the status read from students.last_measured_on (kept by triggers on measurements)', () => {
  const lastMeasuredOn = async (id: string) =>
    (await t.app.db.select({ d: students.lastMeasuredOn }).from(students).where(eq(students.id, id)))[0].d;

  it('follows every write of measurements: insert, older insert, date change, soft delete, restore, delete', async () => {
    const kid = await student(teacher.id);
    expect(await lastMeasuredOn(kid.id)).toBeNull();
    const newest = await measure(kid.id, addDays(today, -10));
    expect(await lastMeasuredOn(kid.id)).toBe(addDays(today, -10));
    // An older one (several in one statement, too) does not move it back.
    await t.app.db.insert(measurements).values([
      { studentId: kid.id, date: addDays(today, -90), height: 100, weight: 15 },
      { studentId: kid.id, date: addDays(today, -40), height: 100, weight: 15 },
    ]);
    expect(await lastMeasuredOn(kid.id)).toBe(addDays(today, -10));
    // The newest moved back in time, then soft deleted, restored, permanently deleted.
    await t.app.db
      .update(measurements)
      .set({ date: addDays(today, -60) })
      .where(eq(measurements.id, newest.id));
    expect(await lastMeasuredOn(kid.id)).toBe(addDays(today, -40));
    await t.app.db
      .update(measurements)
      .set({ date: addDays(today, -5) })
      .where(eq(measurements.id, newest.id));
    expect(await lastMeasuredOn(kid.id)).toBe(addDays(today, -5));
    await t.app.db.update(measurements).set({ deletedAt: new Date() }).where(eq(measurements.id, newest.id));
    expect(await lastMeasuredOn(kid.id)).toBe(addDays(today, -40));
    await t.app.db.update(measurements).set({ deletedAt: null }).where(eq(measurements.id, newest.id));
    expect(await lastMeasuredOn(kid.id)).toBe(addDays(today, -5));
    await t.app.db.delete(measurements).where(eq(measurements.studentId, kid.id));
    expect(await lastMeasuredOn(kid.id)).toBeNull();
    // Recorded and deleted through the API, too.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/measurements',
      headers: teacher.auth,
      payload: { studentId: kid.id, height: 101, weight: 15.5, date: addDays(today, -1) },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await lastMeasuredOn(kid.id)).toBe(addDays(today, -1));
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/measurements/${res.json().id}`,
      headers: teacher.auth,
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(await lastMeasuredOn(kid.id)).toBeNull();
  });

  it('gives the same answers as the per-student computation: counters, pages and filters agree', async () => {
    const scoped = await seedUser(t.app, { role: 'TEACHER' });
    // Every status, on the boundaries of the rule (due two calendar months after, due soon within 15).
    const lasts = [
      null,
      today,
      addDays(addMonths(today, -2), -1),
      addDays(addMonths(today, -2), 0),
      addDays(addMonths(today, -2), 15),
      addDays(addMonths(today, -2), 16),
      addDays(today, -400),
      addDays(today, -31),
    ];
    for (const last of lasts) {
      const kid = await student(scoped.id);
      if (last) {
        await measure(kid.id, addDays(last, -70));
        await measure(kid.id, last);
      }
    }
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/measurements/status/all',
      headers: scoped.auth,
    });
    const entries = all.json() as { id: string; status: string; lastMeasurement: unknown }[];
    expect(entries).toHaveLength(lasts.length);
    const expected = {
      total: entries.length,
      upToDate: entries.filter((e) => e.status === 'up_to_date').length,
      dueSoon: entries.filter((e) => e.status === 'due_soon').length,
      overdue: entries.filter((e) => e.status === 'overdue' && e.lastMeasurement).length,
      neverMeasured: entries.filter((e) => !e.lastMeasurement).length,
    };
    expect(expected).toEqual({ total: 8, upToDate: 3, dueSoon: 2, overdue: 2, neverMeasured: 1 });
    const summary = await t.app.inject({
      method: 'GET',
      url: '/api/measurements/status/summary',
      headers: scoped.auth,
    });
    expect(summary.json()).toEqual(expected);
    // The whole programme's counters (an administrator's, unfiltered) come from the per-day counts kept
    // by triggers (migration 0016), its status totals too: the same figures as every entry's status.
    const everyone = (
      await t.app.inject({ method: 'GET', url: '/api/measurements/status/all', headers: admin.auth })
    ).json() as typeof entries;
    // Never measured students show as overdue; the filters and counters keep them apart.
    const counted = (status: 'overdue' | 'due_soon' | 'up_to_date' | 'never_measured') =>
      everyone.filter((e) =>
        status === 'never_measured' ? !e.lastMeasurement : e.status === status && e.lastMeasurement,
      ).length;
    const programme = await t.app.inject({
      method: 'GET',
      url: '/api/measurements/status/summary',
      headers: admin.auth,
    });
    expect(programme.json()).toEqual({
      total: everyone.length,
      upToDate: counted('up_to_date'),
      dueSoon: counted('due_soon'),
      overdue: counted('overdue'),
      neverMeasured: counted('never_measured'),
    });
    // The unfiltered pages' total: every live student, from the same kept counts.
    const firstPage = await t.app.inject({
      method: 'GET',
      url: '/api/measurements/status/all?page=1&limit=1',
      headers: admin.auth,
    });
    expect(firstPage.headers['x-total-count']).toBe(String(everyone.length));
    for (const status of ['overdue', 'due_soon', 'up_to_date', 'never_measured'] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/measurements/status/all?status=${status}&page=1&limit=1`,
        headers: admin.auth,
      });
      expect(res.headers['x-total-count']).toBe(String(counted(status)));
      expect(counted(status)).toBeGreaterThan(0);
    }
    // Each status filter's pages, walked 3 at a time, are exactly the unpaged entries of that status.
    for (const status of ['overdue', 'due_soon', 'up_to_date', 'never_measured'] as const) {
      const want = entries
        .filter((e) =>
          status === 'never_measured'
            ? !e.lastMeasurement
            : status === 'overdue'
              ? e.status === 'overdue' && e.lastMeasurement
              : e.status === status,
        )
        .map((e) => e.id);
      const got: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/measurements/status/all?status=${status}&page=${page}&limit=3`,
          headers: scoped.auth,
        });
        expect(res.headers['x-total-count'], status).toBe(String(want.length));
        got.push(...(res.json() as { id: string }[]).map((e) => e.id));
      }
      expect(got, status).toEqual(want);
    }
  });
});

describe('order=due: the status list soonest due first (the dashboard panel asks for 5 of each status)', () => {
  let t3: TestContext;
  let boss: SeededUser;
  let mine: SeededUser;
  let theirs: SeededUser;
  /** The last measurement so many days after (negative: before) the day two months ago. */
  const cycleAgo = (days: number) => addDays(addMonths(today, -2), days);

  beforeAll(async () => {
    t3 = await createTestApp();
    boss = await seedUser(t3.app, { role: 'ADMIN' });
    mine = await seedUser(t3.app, { role: 'TEACHER' });
    theirs = await seedUser(t3.app, { role: 'TEACHER' });
    const add = async (
      name: string,
      teacherId: string,
      lastMeasured: string | null,
      over: Partial<typeof students.$inferInsert> = {},
    ) => {
      const [row] = await t3.app.db
        .insert(students)
        .values({
          studentId: `DU-${name}`,
          firstName: name,
          lastName: 'Due',
          dateOfBirth: addMonths(today, -48),
          category: 'CENTER_BASE',
          assignedTeacherId: teacherId,
          ...over,
        })
        .returning();
      if (lastMeasured) {
        await t3.app.db.insert(measurements).values([
          { studentId: row.id, date: addDays(lastMeasured, -70), height: 99, weight: 14 },
          { studentId: row.id, date: lastMeasured, height: 100, weight: 15 },
        ]);
      }
    };
    // Names in another order than the due dates; gaps of 5 days or more, so the due dates keep the
    // order of the measurement dates whatever today is (month ends clamp by up to 3 days).
    await add('Zara', mine.id, cycleAgo(-40)); // overdue by about 40 days
    await add('Amal', mine.id, cycleAgo(-5)); // overdue by about 5 days
    await add('Kasun', mine.id, cycleAgo(-5)); // the same day as Amal: by name
    await add('Mala', mine.id, cycleAgo(2)); // due in about 2 days
    await add('Bimsara', mine.id, cycleAgo(10)); // due in about 10 days
    await add('Nimal', mine.id, addDays(today, -10)); // up to date
    await add('Chaminda', mine.id, null);
    await add('Anura', mine.id, null);
    await add('Dilan', theirs.id, cycleAgo(-20)); // overdue by about 20 days
    await add('Yasas', theirs.id, cycleAgo(1)); // due in about 1 day
    await add('Ruwan', theirs.id, null);
    await add('Gone', mine.id, cycleAgo(-60), { deletedAt: new Date() });
  });
  afterAll(() => t3.close());

  const get = (as: SeededUser, url: string) => t3.app.inject({ method: 'GET', url, headers: as.auth });
  async function list(as: SeededUser, query: string) {
    const res = await get(as, `/api/measurements/status/all${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json() as MeasurementStatusEntry[];
    return { names: entries.map((e) => e.firstName), entries, total: res.headers['x-total-count'] };
  }
  const names = async (as: SeededUser, query: string) => (await list(as, query)).names;

  it('answers each status soonest due first, then by name: the most overdue first, never measured by name', async () => {
    expect(await names(boss, '?status=overdue&order=due')).toEqual(['Zara', 'Dilan', 'Amal', 'Kasun']);
    expect(await names(boss, '?status=due_soon&order=due')).toEqual(['Yasas', 'Mala', 'Bimsara']);
    expect(await names(boss, '?status=never_measured&order=due')).toEqual(['Anura', 'Chaminda', 'Ruwan']);
    expect(await names(boss, '?status=up_to_date&order=due')).toEqual(['Nimal']);
    // Every status: measured ones by their last measurement's date, the never measured last.
    expect(await names(boss, '?order=due')).toEqual([
      ...['Zara', 'Dilan', 'Amal', 'Kasun', 'Yasas', 'Mala', 'Bimsara', 'Nimal'],
      ...['Anura', 'Chaminda', 'Ruwan'],
    ]);
    // The overdue list is the most overdue first, the due-soon list the soonest due first.
    const overdue = (await list(boss, '?status=overdue&order=due')).entries;
    expect(overdue.map((e) => e.overdueBy)).toEqual(
      [...overdue.map((e) => e.overdueBy)].sort((a, b) => b - a),
    );
    const dueSoon = (await list(boss, '?status=due_soon&order=due')).entries;
    expect(dueSoon.map((e) => e.nextDueDate)).toEqual(dueSoon.map((e) => e.nextDueDate).sort());
    // 'name' is the default order.
    expect(await names(boss, '?status=overdue&order=name')).toEqual(['Amal', 'Dilan', 'Kasun', 'Zara']);
    expect(await names(boss, '?status=overdue')).toEqual(['Amal', 'Dilan', 'Kasun', 'Zara']);
  });

  it('pages the order (the panel asks for page 1 of 5) with the status total', async () => {
    expect(await list(boss, '?status=overdue&order=due&page=1&limit=2')).toMatchObject({
      names: ['Zara', 'Dilan'],
      total: '4',
    });
    expect(await list(boss, '?status=overdue&order=due&page=2&limit=2')).toMatchObject({
      names: ['Amal', 'Kasun'],
      total: '4',
    });
    expect(await list(boss, '?status=due_soon&order=due&page=1&limit=5')).toMatchObject({
      names: ['Yasas', 'Mala', 'Bimsara'],
      total: '3',
    });
    // The panel's counts come from the summary: the same figures as the totals.
    const summary = (await get(boss, '/api/measurements/status/summary')).json();
    expect(summary).toMatchObject({ overdue: 4, dueSoon: 3, neverMeasured: 3, upToDate: 1, total: 11 });
  });

  it('gives a teacher only their own students, in the same order', async () => {
    expect(await names(mine, '?status=overdue&order=due&page=1&limit=5')).toEqual(['Zara', 'Amal', 'Kasun']);
    expect(await names(mine, '?status=due_soon&order=due&page=1&limit=5')).toEqual(['Mala', 'Bimsara']);
    expect(await names(mine, '?status=never_measured&order=due&page=1&limit=5')).toEqual([
      'Anura',
      'Chaminda',
    ]);
    expect(await names(theirs, '?order=due')).toEqual(['Dilan', 'Yasas', 'Ruwan']);
    expect((await list(theirs, '?status=due_soon&order=due&page=1&limit=5')).total).toBe('1');
  });

  it('pages that are the unpaged answer filtered by status and sorted the same way, for both roles', async () => {
    const key = (e: MeasurementStatusEntry) => (e.lastMeasurement ? e.status : 'never_measured');
    const byName = (a: MeasurementStatusEntry, b: MeasurementStatusEntry) =>
      a.firstName < b.firstName
        ? -1
        : a.firstName > b.firstName
          ? 1
          : a.lastName < b.lastName
            ? -1
            : a.lastName > b.lastName
              ? 1
              : a.id < b.id
                ? -1
                : a.id > b.id
                  ? 1
                  : 0;
    const byDue = (a: MeasurementStatusEntry, b: MeasurementStatusEntry) => {
      const x = a.lastMeasurement?.date ?? '9999-12-31';
      const y = b.lastMeasurement?.date ?? '9999-12-31';
      return x < y ? -1 : x > y ? 1 : byName(a, b);
    };
    for (const as of [boss, mine, theirs]) {
      const all = (await list(as, '')).entries;
      for (const [order, compare] of [
        ['name', byName],
        ['due', byDue],
      ] as const) {
        for (const status of MEASUREMENT_STATUS_FILTERS) {
          const want = all
            .filter((e) => key(e) === status)
            .sort(compare)
            .map((e) => e.id);
          const got: string[] = [];
          for (let page = 1; page <= 3; page++) {
            const res = await list(as, `?status=${status}&order=${order}&page=${page}&limit=2`);
            expect(res.total, `${status} ${order}`).toBe(String(want.length));
            got.push(...res.entries.map((e) => e.id));
          }
          expect(got, `${status} ${order}`).toEqual(want);
          // And the same entries, not only the same students.
          const unpaged = (await list(as, `?status=${status}&order=${order}`)).entries;
          expect(unpaged).toEqual(want.map((id) => all.find((e) => e.id === id)));
        }
      }
    }
  });

  it('refuses an unknown order with 400 naming the allowed values', async () => {
    for (const query of ['?order=soon', '?order=', '?order=DUE', '?status=overdue&order=due,name']) {
      const res = await get(boss, `/api/measurements/status/all${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'order must be one of name, due',
      });
    }
    // The counters have no order.
    const summary = await get(boss, '/api/measurements/status/summary?order=due');
    expect(summary.statusCode).toBe(400);
    expect(summary.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Unknown field: order',
    });
  });
});

describe('lastMeasuredRange: the index range beside the status rule', () => {
  it('holds every student of each status on every day (month ends, a leap year) of a span', async () => {
    // Each day from December 2027 to March 2029 (a leap February among them) as today, against a last
    // measurement from 10 days after to 100 days before it, or none: no student of a status is outside
    // its range.
    const day = sql`(d.day)::date`;
    const last = sql`((d.day)::date - k.k)`;
    const counts = MEASUREMENT_STATUS_FILTERS.flatMap((status) => {
      const rule = sql`${statusOf(day, last)} = ${status}`;
      return [
        sql`count(*) filter (where ${rule})::int as ${sql.identifier(`in_${status}`)}`,
        sql`count(*) filter (where ${rule} and not (${lastMeasuredRange(day, status, last)}))::int
            as ${sql.identifier(`outside_${status}`)}`,
      ];
    });
    const result = await t.app.db.execute(
      sql`select ${sql.join(counts, sql`, `)}
          from generate_series('2027-12-01'::date, '2029-03-31'::date, interval '1 day') as d(day)
          cross join (select generate_series(-10, 100) union all select null) as k(k)`,
    );
    const row = (result as unknown as { rows: Record<string, number>[] }).rows[0];
    for (const status of MEASUREMENT_STATUS_FILTERS) {
      expect(Number(row[`outside_${status}`]), status).toBe(0);
      // The status was there to be tested.
      expect(Number(row[`in_${status}`]), status).toBeGreaterThan(400);
    }
  });
});

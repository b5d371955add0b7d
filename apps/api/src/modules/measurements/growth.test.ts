import { addDays, todayIn, type AtRiskEntry, type GrowthSeries, type Measurement } from '@csp/contracts';
import { referenceCurve } from '@csp/contracts/growth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measurements, students } from '../../db/schema.ts';
import { expectError, onPostgres, type SeededUser, type TestContext } from '../../test/setup.ts';
import { closeTestApp, createStaffApp, studentSeeder } from '../../test/factories.ts';
import { runGrowthJob } from './growth.jobs.ts';
import { GROWTH_VERSION, recomputeGrowth } from './growth.service.ts';

// Growth monitoring through the API (issue 12): the scores on every measurement, recomputed when the
// series, the date of birth or the sex changes; the growth series of the charts; the at-risk list per
// role and condition; deleting a measurement recorded in error. The computation itself is unit-tested
// in packages/contracts/src/growth; the figures here are worked by hand from the WHO rows quoted.

let t: TestContext;
let admin: SeededUser;
let teacher: SeededUser;
let otherTeacher: SeededUser;
const today = todayIn('Asia/Colombo');
/** Measured yesterday at 365 days of age: born 366 days before today. */
const measuredOn = addDays(today, -1);
const bornFor = (ageDays: number, on = measuredOn) => addDays(on, -ageDays);

const seedStudent = studentSeeder(() => t.app, {
  prefix: 'GRO',
  firstName: 'Kavin',
  lastName: (n) => `Growth${n}`,
  dateOfBirth: bornFor(365),
  category: 'HOME_BASE',
  sex: 'MALE',
});

const inject = (
  as: SeededUser | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url: `/api${url}`, headers: as?.auth ?? {}, ...(payload ? { payload } : {}) });

async function measure(as: SeededUser, studentId: string, over: Record<string, unknown> = {}) {
  const res = await inject(as, 'POST', '/measurements', {
    studentId,
    height: 75,
    weight: 9.6,
    date: measuredOn,
    position: 'LYING',
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Measurement;
}

const atRisk = async (as: SeededUser, query = '') => {
  const res = await inject(as, 'GET', `/measurements/at-risk${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { items: res.json() as AtRiskEntry[], total: Number(res.headers['x-total-count']) };
};
const atRiskIds = async (as: SeededUser, query = '') => (await atRisk(as, query)).items.map((e) => e.id);

/** How far weight-for-age fell, in hundredths (whole numbers: no float error at exactly 0.67). */
const drop = (before: number | null, after: number | null) =>
  Math.round((before ?? 0) * 100) - Math.round((after ?? 0) * 100);

/** z = ((y/M)^L − 1)/(S·L), rounded to 2 decimals: the WHO's LMS formula, inside ±3 SD. */
const lms = (y: number, l: number, m: number, s: number) =>
  Math.round((((y / m) ** l - 1) / (s * l)) * 100) / 100;

beforeAll(async () => {
  ({ t, admin, teacher, otherTeacher } = await createStaffApp({ admin: { lastName: 'Tester' } }));
});
afterAll(() => closeTestApp(t));

describe('scores on every measurement', () => {
  it('scores a boy of 365 days by the WHO rows, on create, read and list', async () => {
    const s = await seedStudent(teacher.id);
    const m = await measure(teacher, s.id, { height: 75, weight: 9.6 });
    // weianthro boy 365: L 0.0645, M 9.646, S 0.10925; lenanthro: L 1, M 75.7391, S 0.03137;
    // wflanthro boy 75.0: L −0.3521, M 9.5032, S 0.08295; bmianthro 365: L −0.4113, M 16.7992, S 0.08009.
    expect(m.growth).toEqual({
      ageDays: 365,
      waz: lms(9.6, 0.0645, 9.646, 0.10925),
      haz: lms(75, 1, 75.7391, 0.03137),
      whz: lms(9.6, -0.3521, 9.5032, 0.08295),
      baz: lms(9.6 / 0.75 ** 2, -0.4113, 16.7992, 0.08009),
      flags: [],
      classifications: [],
    });
    expect(m.growth.waz).toBe(-0.04);
    expect((await inject(teacher, 'GET', `/measurements/${m.id}`)).json().growth).toEqual(m.growth);
    const listed = (await inject(admin, 'GET', `/measurements?studentId=${s.id}`)).json() as Measurement[];
    expect(listed.map((x) => x.growth)).toEqual([m.growth]);
  });

  it('classifies a wasted, underweight boy and puts him on the at-risk list', async () => {
    const s = await seedStudent(teacher.id);
    // WHZ ((7.5/9.5032)^−0.3521 − 1)/(0.08295·−0.3521) = −2.98; WAZ −2.28; HAZ −0.31.
    const m = await measure(teacher, s.id, { height: 75, weight: 7.5 });
    expect(m.growth).toMatchObject({ whz: -2.98, waz: -2.28, haz: -0.31 });
    expect(m.growth.classifications.sort()).toEqual(['UNDERWEIGHT', 'WASTING']);
    expect(await atRiskIds(teacher, '?condition=wasting')).toContain(s.id);
    expect(await atRiskIds(teacher, '?condition=underweight')).toContain(s.id);
    expect(await atRiskIds(teacher, '?condition=stunting')).not.toContain(s.id);
    const entry = (await atRisk(admin)).items.find((e) => e.id === s.id);
    expect(entry).toMatchObject({
      studentId: s.studentId,
      firstName: 'Kavin',
      assignedTeacher: { id: teacher.id, firstName: 'Tara', lastName: 'Field' },
      measurement: { id: m.id, date: measuredOn, whz: -2.98 },
    });
  });

  it('gives no scores without a sex, and says why; a sex added later scores the series', async () => {
    const s = await seedStudent(teacher.id, { sex: null });
    const m = await measure(teacher, s.id, { weight: 7.5 });
    expect(m.growth).toEqual({
      ageDays: 365,
      waz: null,
      haz: null,
      whz: null,
      baz: null,
      flags: ['NO_SEX'],
      classifications: [],
    });
    expect(await atRiskIds(admin)).not.toContain(s.id);
    const res = await inject(teacher, 'PATCH', `/students/${s.id}`, { sex: 'MALE' });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await inject(teacher, 'GET', `/measurements/${m.id}`)).json() as Measurement;
    expect(after.growth).toMatchObject({ whz: -2.98, flags: [] });
    expect(await atRiskIds(admin)).toContain(s.id);
  });

  it('rescores the series when the date of birth changes', async () => {
    const s = await seedStudent(teacher.id);
    const m = await measure(teacher, s.id);
    expect(m.growth.ageDays).toBe(365);
    const res = await inject(admin, 'PATCH', `/students/${s.id}`, { dateOfBirth: bornFor(500) });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await inject(teacher, 'GET', `/measurements/${m.id}`)).json() as Measurement;
    expect(after.growth.ageDays).toBe(500);
    expect(after.growth.waz).not.toBe(m.growth.waz);
  });

  it('gives a pregnant mother’s measurements no child scores', async () => {
    const s = await seedStudent(teacher.id, {
      category: 'SURVIVAL_PROGRAM',
      isPregnant: true,
      dateOfBirth: addDays(today, -30),
      sex: null,
    });
    const m = await measure(teacher, s.id, { height: 160, weight: 60 });
    expect(m.growth).toMatchObject({ waz: null, haz: null, flags: ['PREGNANT_MOTHER'] });
  });

  it('warns of a falling curve: weight-for-age down by more than 0.67 since the measurement before', async () => {
    const s = await seedStudent(teacher.id, { dateOfBirth: bornFor(365) });
    const first = await measure(teacher, s.id, { date: addDays(measuredOn, -61), height: 72, weight: 9 });
    const second = await measure(teacher, s.id, { height: 75, weight: 8.4 });
    expect(first.growth.classifications).not.toContain('FALLING_WEIGHT');
    expect((first.growth.waz ?? 0) - (second.growth.waz ?? 0)).toBeGreaterThan(0.67);
    expect(second.growth.classifications).toContain('FALLING_WEIGHT');
    expect(await atRiskIds(teacher, '?condition=falling')).toContain(s.id);
    // A measurement recorded late for an earlier day: the series is rescored in date order.
    const between = await measure(teacher, s.id, { date: addDays(measuredOn, -30), height: 74, weight: 8.6 });
    const latest = (await inject(teacher, 'GET', `/measurements/${second.id}`)).json() as Measurement;
    expect(latest.growth.classifications.includes('FALLING_WEIGHT')).toBe(
      drop(between.growth.waz, latest.growth.waz) > 67,
    );
  });
});

describe('children at risk', () => {
  let mine: string;
  let theirs: string;

  beforeAll(async () => {
    const a = await seedStudent(teacher.id, { firstName: 'Mine' });
    const b = await seedStudent(otherTeacher.id, { firstName: 'Theirs' });
    await measure(teacher, a.id, { weight: 7.5 });
    await measure(otherTeacher, b.id, { weight: 7.5 });
    mine = a.id;
    theirs = b.id;
  });

  it('shows a teacher their own children only, and an admin everyone, one page at a time', async () => {
    const own = await atRiskIds(teacher);
    expect(own).toContain(mine);
    expect(own).not.toContain(theirs);
    expect(await atRiskIds(otherTeacher)).toContain(theirs);
    const all = await atRisk(admin, '?limit=100');
    expect(all.items.map((e) => e.id)).toEqual(expect.arrayContaining([mine, theirs]));
    expect(all.total).toBe(all.items.length);
    const onePage = await atRisk(admin, '?page=1&limit=1');
    expect(onePage.items).toHaveLength(1);
    expect(onePage.total).toBe(all.total);
    expect(await atRiskIds(admin, `?teacherId=${otherTeacher.id}`)).toEqual([theirs]);
    expect(await atRiskIds(admin, '?search=Theirs')).toEqual([theirs]);
  });

  it('leaves a deleted student out of the programme’s count and list, for every condition', async () => {
    const gone = await seedStudent(teacher.id, { firstName: 'Gone' });
    await measure(teacher, gone.id, { weight: 7.5 });
    const before = await atRisk(admin, '?limit=100');
    expect(before.items.map((e) => e.id)).toContain(gone.id);
    await t.app.db.update(students).set({ deletedAt: new Date() }).where(eq(students.id, gone.id));
    const conditions = ['stunting', 'wasting', 'underweight', 'falling'];
    for (const query of ['?limit=100', ...conditions.map((c) => `?condition=${c}&limit=100`)]) {
      const after = await atRisk(admin, query);
      expect(after.items.map((e) => e.id)).not.toContain(gone.id);
      // The programme's count (read from the at-risk index) is the list's length, condition by condition.
      expect(after.total, query).toBe(after.items.length);
    }
    const all = await atRisk(admin, '?limit=100');
    expect(all.total).toBe(before.total - 1);
    // A condition narrows the count: some at-risk child is not wasted.
    expect((await atRisk(admin, '?condition=wasting&limit=100')).total).toBeLessThan(all.total);
  });

  it('refuses another teacher’s list, anonymous callers and bad filters', async () => {
    expectError(await inject(teacher, 'GET', `/measurements/at-risk?teacherId=${otherTeacher.id}`), 403);
    expectError(await inject(null, 'GET', '/measurements/at-risk'), 401);
    expectError(
      await inject(admin, 'GET', '/measurements/at-risk?condition=obesity'),
      400,
      'condition must be one of stunting, wasting, underweight, falling',
    );
    expectError(await inject(admin, 'GET', '/measurements/at-risk?limit=100000'), 400);
    expectError(await inject(admin, 'GET', '/measurements/at-risk?extra=1'), 400);
  });
});

describe('GET /api/measurements/growth/{studentId}', () => {
  it('answers the series oldest first with the WHO curves of the child’s sex', async () => {
    const s = await seedStudent(teacher.id, { sex: 'FEMALE' });
    const older = await measure(teacher, s.id, { date: addDays(measuredOn, -60) });
    const newer = await measure(teacher, s.id);
    const res = await inject(teacher, 'GET', `/measurements/growth/${s.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const g = res.json() as GrowthSeries;
    expect(g.student).toMatchObject({ id: s.id, sex: 'FEMALE', dateOfBirth: s.dateOfBirth });
    expect(g.reason).toBeNull();
    expect(g.points.map((p) => p.measurementId)).toEqual([older.id, newer.id]);
    expect(g.points[1]).toMatchObject({ ageDays: 365, waz: newer.growth.waz, weight: 9.6 });
    // weianthro girl 0: M 3.2322; the median curve starts there.
    expect(g.curves?.weightForAge[0]).toMatchObject({ x: 0, median: 3.23 });
    expect(g.curves?.weightForLengthTable).toBe('length');
    for (const p of g.curves?.lengthForAge ?? []) {
      expect(p.sd3neg).toBeLessThan(p.sd2neg);
      expect(p.sd2neg).toBeLessThan(p.median);
      expect(p.median).toBeLessThan(p.sd2);
      expect(p.sd2).toBeLessThan(p.sd3);
    }
  });

  it('answers each sex and age the curves of their own standards, the same on every call', async () => {
    const curvesOf = async (sex: 'MALE' | 'FEMALE', ageDays: number) => {
      const s = await seedStudent(teacher.id, { sex, dateOfBirth: bornFor(ageDays) });
      await measure(teacher, s.id);
      return ((await inject(teacher, 'GET', `/measurements/growth/${s.id}`)).json() as GrowthSeries).curves;
    };
    // A girl first, then a boy, then an older boy (the weight-for-height table from 731 days).
    const girl = await curvesOf('FEMALE', 365);
    const boy = await curvesOf('MALE', 365);
    const olderBoy = await curvesOf('MALE', 800);
    expect(boy).toEqual({
      weightForAge: referenceCurve('wfa', 'MALE'),
      lengthForAge: referenceCurve('lhfa', 'MALE'),
      weightForLength: referenceCurve('wflh', 'MALE', { table: 'length' }),
      weightForLengthTable: 'length',
    });
    expect(girl?.weightForAge).toEqual(referenceCurve('wfa', 'FEMALE'));
    expect(olderBoy).toMatchObject({
      weightForLength: referenceCurve('wflh', 'MALE', { table: 'height' }),
      weightForLengthTable: 'height',
    });
    expect(await curvesOf('MALE', 365)).toEqual(boy);
  });

  it('says why there are no scores, and keeps other teachers out', async () => {
    const s = await seedStudent(teacher.id, { sex: null });
    await measure(teacher, s.id);
    const g = (await inject(admin, 'GET', `/measurements/growth/${s.id}`)).json() as GrowthSeries;
    expect(g.curves).toBeNull();
    expect(g.reason).toBe('Add the child’s sex to the student record to see growth scores.');
    expectError(await inject(otherTeacher, 'GET', `/measurements/growth/${s.id}`), 404, 'Student not found');
    expectError(await inject(null, 'GET', `/measurements/growth/${s.id}`), 401);
    expectError(await inject(admin, 'GET', '/measurements/growth/not-an-id'), 400);
  });
});

describe('DELETE /api/measurements/{id}', () => {
  it('lets the teacher who recorded it delete it; the series and the at-risk list follow', async () => {
    const s = await seedStudent(teacher.id);
    const fine = await measure(teacher, s.id, { date: addDays(measuredOn, -30), height: 74, weight: 9.6 });
    const wasted = await measure(teacher, s.id, { weight: 7.5 });
    expect(await atRiskIds(teacher)).toContain(s.id);

    expectError(await inject(otherTeacher, 'DELETE', `/measurements/${wasted.id}`), 404);
    const res = await inject(teacher, 'DELETE', `/measurements/${wasted.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Measurement deleted successfully' });
    expect(await atRiskIds(teacher)).not.toContain(s.id);
    expectError(await inject(teacher, 'GET', `/measurements/${wasted.id}`), 404, 'Measurement not found.');
    expectError(await inject(teacher, 'DELETE', `/measurements/${wasted.id}`), 404);
    const [row] = await t.app.db.select().from(measurements).where(eq(measurements.id, fine.id));
    expect(row.isLatest).toBe(true);

    // Restored from Deleted Records: latest again, and the child back on the list.
    const deleted = (await inject(admin, 'GET', '/measurements/deleted/list')).json() as { id: string }[];
    expect(deleted.map((d) => d.id)).toContain(wasted.id);
    expect((await inject(admin, 'POST', `/measurements/${wasted.id}/restore`)).statusCode).toBe(200);
    expect(await atRiskIds(teacher)).toContain(s.id);
  });

  it('lets an admin delete any; a teacher only what they recorded', async () => {
    const s = await seedStudent(teacher.id);
    const byAdmin = await measure(admin, s.id);
    expectError(
      await inject(teacher, 'DELETE', `/measurements/${byAdmin.id}`),
      403,
      'Teachers can only delete measurements they recorded',
    );
    expect((await inject(admin, 'DELETE', `/measurements/${byAdmin.id}`)).statusCode).toBe(200);
    expectError(await inject(null, 'DELETE', `/measurements/${byAdmin.id}`), 401);
    expectError(await inject(admin, 'DELETE', '/measurements/nope'), 400);
  });
});

describe('the growth job', () => {
  it('scores rows written without scores (a bulk load, an older computation)', async () => {
    const s = await seedStudent(teacher.id);
    const [raw] = await t.app.db
      .insert(measurements)
      .values({ studentId: s.id, measuredById: teacher.id, height: 75, weight: 7.5, date: measuredOn })
      .returning();
    expect(raw.growthVersion).toBe(0);
    // Read before the job: scored on the fly, nothing written.
    const before = (await inject(teacher, 'GET', `/measurements/${raw.id}`)).json() as Measurement;
    expect(before.growth.whz).toBe(-2.98);
    const [unchanged] = await t.app.db.select().from(measurements).where(eq(measurements.id, raw.id));
    expect(unchanged.growthVersion).toBe(0);

    expect(await runGrowthJob(t.app)).toBeGreaterThanOrEqual(1);
    const [row] = await t.app.db.select().from(measurements).where(eq(measurements.id, raw.id));
    expect(row).toMatchObject({ growthVersion: GROWTH_VERSION, whz: -2.98, isLatest: true, atRisk: true });
    expect(await runGrowthJob(t.app)).toBe(0);
  });

  it('scores a batch of students exactly as one student at a time, never mixing their series', async () => {
    const seeded = [];
    for (const weights of [
      [6, 10.5, 9],
      [6, 10],
      [6, 8, 10],
    ]) {
      const s = await seedStudent(teacher.id);
      seeded.push(s.id);
      // Bulk-loaded rows (version 0), a month apart, and a deleted one still marked as the latest.
      await t.app.db.insert(measurements).values([
        ...weights.map((weight, i) => ({
          studentId: s.id,
          measuredById: teacher.id,
          height: 75,
          weight,
          date: addDays(measuredOn, -30 * (weights.length - 1 - i)),
        })),
        {
          studentId: s.id,
          measuredById: teacher.id,
          height: 75,
          weight: 8,
          date: measuredOn,
          deletedAt: new Date(),
          isLatest: true,
        },
      ]);
    }
    expect(await runGrowthJob(t.app)).toBeGreaterThanOrEqual(3);
    const rowsOf = (id: string) =>
      t.app.db.select().from(measurements).where(eq(measurements.studentId, id)).orderBy(measurements.date);
    const afterBatch = await Promise.all(seeded.map(rowsOf));
    for (const rows of afterBatch) {
      expect(rows.every((r) => r.growthVersion === GROWTH_VERSION)).toBe(true);
      const live = rows.filter((r) => r.deletedAt === null);
      expect(rows.filter((r) => r.isLatest).map((r) => r.id)).toEqual([live[live.length - 1].id]);
    }
    // The falling-weight warning follows each child's own series: the first child's weight falls.
    // Every series starts far below where the others end: one mixed with another would mark a first row.
    const falling = (rows: (typeof afterBatch)[number]) =>
      rows.some((r) => r.growthClassifications.includes('FALLING_WEIGHT'));
    expect(afterBatch.map(falling)).toEqual([true, false, false]);
    // Rescoring each student alone changes nothing.
    for (const id of seeded) await t.app.db.transaction((tx) => recomputeGrowth(tx, id));
    expect(await Promise.all(seeded.map(rowsOf))).toEqual(afterBatch);
  });
});

describe.runIf(onPostgres)('races on PostgreSQL', () => {
  it('keeps one latest measurement and the right scores when 20 measurements and deletes land at once', async () => {
    const s = await seedStudent(teacher.id);
    const first = await measure(teacher, s.id, { date: addDays(measuredOn, -90) });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i === 10
          ? inject(teacher, 'DELETE', `/measurements/${first.id}`)
          : inject(i % 2 ? teacher : admin, 'POST', '/measurements', {
              studentId: s.id,
              height: 75,
              weight: 7 + i / 10,
              date: addDays(measuredOn, -i),
              position: 'LYING',
            }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([...Array(19).fill(201), 200].sort());
    const rows = await t.app.db.select().from(measurements).where(eq(measurements.studentId, s.id));
    const live = rows.filter((r) => r.deletedAt === null);
    expect(live).toHaveLength(19);
    // The latest is the newest date (yesterday, i = 0), and it alone is marked.
    expect(live.filter((r) => r.isLatest).map((r) => r.date)).toEqual([measuredOn]);
    expect(rows.every((r) => r.growthVersion === GROWTH_VERSION)).toBe(true);
    // Each stored falling warning compares with the measurement the day before, as the series is now.
    const byDate = [...live].sort((a, b) => a.date.localeCompare(b.date));
    byDate.forEach((m, i) => {
      const before = byDate[i - 1];
      const falling = before ? drop(before.waz, m.waz) > 67 : false;
      expect(m.growthClassifications.includes('FALLING_WEIGHT')).toBe(falling);
    });
  });
});

import { addDays, LEAVE_MESSAGES as M, leaveSchema, todayIn, type Leave } from '@csp/contracts';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaves, notifications, users } from '../../db/schema.ts';
import { expectError, onPostgres, seedUser, type SeededUser, type TestContext } from '../../test/setup.ts';
import { callerAs, closeTestApp, createStaffApp } from '../../test/factories.ts';

let t: TestContext;
let admin: SeededUser;
let admin2: SeededUser;
let teacher: SeededUser;
let otherTeacher: SeededUser;
const today = todayIn('Asia/Colombo');
const year = Number(today.slice(0, 4));
/** Each test takes its own stretch of future days, so no two tests' leaves overlap. */
let cursor = 10;
const freshDays = (n = 1) => {
  const start = addDays(today, cursor);
  cursor += n + 1;
  return { startDate: start, endDate: addDays(start, n - 1) };
};

const inject = callerAs(() => t.app);
const apply = (as: SeededUser, payload: unknown) => inject(as, 'POST', '/api/leaves/apply', payload);
const approve = (as: SeededUser, id: string, payload?: unknown) =>
  inject(as, 'PATCH', `/api/leaves/${id}/approve`, payload);
const review = (as: SeededUser, id: string, payload: unknown) =>
  inject(as, 'PATCH', `/api/leaves/${id}/review`, payload);
const get = (as: SeededUser, id: string) => inject(as, 'GET', `/api/leaves/${id}`);

async function seedLeave(as: SeededUser, over: Record<string, unknown> = {}): Promise<Leave> {
  const res = await apply(as, { ...freshDays(), reason: 'Family event', ...over });
  expect(res.statusCode, res.body).toBe(201);
  return leaveSchema.parse(res.json());
}

/** A leave stored directly (past dates, a chosen applied time), as the history of earlier years. */
async function storeLeave(teacherId: string, values: Partial<typeof leaves.$inferInsert>) {
  const [row] = await t.app.db
    .insert(leaves)
    .values({ teacherId, startDate: today, endDate: today, reason: 'Stored', ...values })
    .returning();
  return row;
}

const idsOf = (res: { json: () => unknown }) => (res.json() as Leave[]).map((l) => l.id);

beforeAll(async () => {
  ({ t, admin, admin2, teacher, otherTeacher } = await createStaffApp({ secondAdmin: true }));
});
afterAll(() => closeTestApp(t));

describe('POST /api/leaves/apply', () => {
  it('stores a single day and a range as PENDING, the type and days from the dates', async () => {
    const one = await apply(teacher, { startDate: today, endDate: today, reason: '  Clinic visit ' });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json()).toMatchObject({
      teacherId: teacher.id,
      teacher: { firstName: 'Tara', lastName: 'Field' },
      startDate: today,
      endDate: today,
      leaveType: 'SINGLE_DAY',
      days: 1,
      reason: 'Clinic visit',
      status: 'PENDING',
      reviewedBy: null,
      reviewedAt: null,
    });
    const range = freshDays(4);
    const r = await apply(teacher, {
      ...range,
      reason: 'Wedding',
      status: 'APPROVED',
      leaveType: 'SINGLE_DAY',
    });
    expect(r.json()).toMatchObject({ leaveType: 'DATE_RANGE', days: 3, status: 'PENDING' });
    const noEnd = freshDays();
    const n = await apply(teacher, { startDate: noEnd.startDate, reason: 'Errand' });
    expect(n.json()).toMatchObject({ endDate: noEnd.startDate, leaveType: 'SINGLE_DAY' });
  });

  it('refuses the past, an end before the start, too far or too long, and a missing reason', async () => {
    expectError(await apply(teacher, { startDate: addDays(today, -1), reason: 'x' }), 400, M.inPast);
    const d = freshDays();
    expectError(
      await apply(teacher, { startDate: d.startDate, endDate: addDays(d.startDate, -1), reason: 'x' }),
      400,
      M.endBeforeStart,
    );
    expectError(await apply(teacher, { startDate: addDays(today, 400), reason: 'x' }), 400, M.tooFarAhead);
    expectError(
      await apply(teacher, { startDate: addDays(today, 200), endDate: addDays(today, 390), reason: 'x' }),
      400,
      M.tooLong,
    );
    expectError(await apply(teacher, { startDate: d.startDate, reason: '   ' }), 400, M.reasonRequired);
    expectError(await apply(teacher, { startDate: d.startDate }), 400, M.reasonRequired);
    expectError(
      await apply(teacher, { startDate: d.startDate, reason: 'x'.repeat(1001) }),
      400,
      M.reasonTooLong,
    );
    expectError(await apply(teacher, { reason: 'x' }), 400, M.startRequired);
    expectError(await apply(teacher, { startDate: '2026-02-30', reason: 'x' }), 400, M.dateInvalid);
    expectError(await apply(teacher, { startDate: 20261201, reason: 'x' }), 400, M.startRequired);
    expectError(await apply(teacher, { startDate: d.startDate, reason: 'a\u0000b' }), 400);
    expectError(
      await apply(teacher, { startDate: d.startDate, reason: 'x', half: true }),
      400,
      'Unknown field: half',
    );
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/leaves/apply',
      headers: { ...teacher.auth, 'content-type': 'application/json' },
      payload: '{"startDate":',
    });
    expectError(malformed, 400, 'The request body is not valid JSON');
  });

  it('refuses a leave overlapping the teacher’s own pending or approved leave, not a rejected one', async () => {
    const range = freshDays(5);
    const first = await seedLeave(teacher, range);
    expectError(
      await apply(teacher, { startDate: addDays(range.startDate, 2), reason: 'Again' }),
      409,
      M.overlap,
    );
    expect((await apply(otherTeacher, { ...range, reason: 'Mine' })).statusCode).toBe(201);
    await review(admin, first.id, { status: 'REJECTED', reviewNotes: 'Busy week' });
    expect(
      (await apply(teacher, { startDate: addDays(range.startDate, 2), reason: 'Again' })).statusCode,
    ).toBe(201);
    const next = await seedLeave(teacher);
    await approve(admin, next.id);
    expectError(await apply(teacher, { startDate: next.startDate, reason: 'x' }), 409, M.overlap);
  });

  it('is for teachers only', async () => {
    expectError(await apply(admin, { ...freshDays(), reason: 'x' }), 403, M.onlyTeachersApply);
    expectError(await inject(null, 'POST', '/api/leaves/apply', { ...freshDays(), reason: 'x' }), 401);
  });

  it.runIf(onPostgres)('stores one of 20 overlapping applications sent at once', async () => {
    const range = freshDays(3);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => apply(teacher, { ...range, reason: `Try ${i}` })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
  });
});

describe('reading leaves', () => {
  let mine: Leave;
  let theirs: Leave;

  beforeAll(async () => {
    mine = await seedLeave(teacher, { reason: 'Harvest festival kq' });
    theirs = await seedLeave(otherTeacher, { reason: 'Sick child kq' });
  });

  it('lets a teacher read only their own applications', async () => {
    const own = await inject(teacher, 'GET', `/api/leaves/teacher/${teacher.id}?search=kq`);
    expect(idsOf(own)).toEqual([mine.id]);
    expectError(await inject(teacher, 'GET', `/api/leaves/teacher/${otherTeacher.id}`), 403, M.listOwn);
    expectError(await inject(teacher, 'GET', '/api/leaves/all'), 403);
    expect((await get(teacher, mine.id)).statusCode).toBe(200);
    expectError(await get(teacher, theirs.id), 404, M.notFound);
    expect(idsOf(await inject(admin, 'GET', `/api/leaves/teacher/${otherTeacher.id}?search=kq`))).toEqual([
      theirs.id,
    ]);
  });

  it('filters and pages the admin list in SQL, newest first', async () => {
    expect(idsOf(await inject(admin, 'GET', '/api/leaves/all?search=kq'))).toEqual([theirs.id, mine.id]);
    expect(idsOf(await inject(admin, 'GET', '/api/leaves/all?search=Harvest'))).toEqual([mine.id]);
    expect(idsOf(await inject(admin, 'GET', '/api/leaves/all?search=omar oth&applied=this_month'))).toContain(
      theirs.id,
    );
    expect(idsOf(await inject(admin, 'GET', `/api/leaves/all?search=kq&teacherId=${teacher.id}`))).toEqual([
      mine.id,
    ]);
    await approve(admin, mine.id);
    expect(idsOf(await inject(admin, 'GET', '/api/leaves/all?search=kq&status=APPROVED'))).toEqual([mine.id]);
    const page = await inject(admin, 'GET', '/api/leaves/all?search=kq&page=2&limit=1');
    expect(page.headers['x-total-count']).toBe('2');
    expect(idsOf(page)).toEqual([mine.id]);
    for (const q of ['?status=DONE', '?applied=yesterday', '?page=0', '?teacherId=x', '?foo=1']) {
      expectError(await inject(admin, 'GET', `/api/leaves/all${q}`), 400);
    }
    expectError(await get(admin, crypto.randomUUID()), 404, M.notFound);
    expectError(await get(admin, 'nope'), 400);
  });

  it('filters by when the application was made, in the organisation’s months', async () => {
    const who = await seedUser(t.app, { role: 'TEACHER', firstName: 'Applied', lastName: 'Dates' });
    const month = `${today.slice(0, 7)}-01`;
    const lastMonth = await storeLeave(who.id, {
      appliedAt: new Date(`${addDays(month, -3)}T12:00:00+05:30`),
    });
    const thisMonth = await storeLeave(who.id, { appliedAt: new Date(`${month}T00:10:00+05:30`) });
    // 23:50 in Colombo on the last day of last month is still last month there.
    const edge = await storeLeave(who.id, { appliedAt: new Date(`${addDays(month, -1)}T23:50:00+05:30`) });
    const q = (applied: string) => inject(admin, 'GET', `/api/leaves/teacher/${who.id}?applied=${applied}`);
    expect(idsOf(await q('this_month'))).toEqual([thisMonth.id]);
    expect(idsOf(await q('last_month')).sort()).toEqual([lastMonth.id, edge.id].sort());
    expect(idsOf(await q('all'))).toHaveLength(3);
    const summary = await inject(admin, 'GET', `/api/leaves/summary?teacherId=${who.id}&applied=last_month`);
    expect(summary.json()).toEqual({ total: 2, pending: 2, approved: 0, rejected: 0 });
  });

  it('counts the stat tiles (a teacher: their own)', async () => {
    const who = await seedUser(t.app, { role: 'TEACHER' });
    const [a] = [await seedLeave(who), await seedLeave(who), await seedLeave(who)];
    const third = (await inject(who, 'GET', `/api/leaves/teacher/${who.id}`)).json() as Leave[];
    await approve(admin, a.id);
    await review(admin, third[0].id, { status: 'REJECTED' });
    const own = await inject(who, 'GET', `/api/leaves/summary?teacherId=${who.id}`);
    expect(own.json()).toEqual({ total: 3, pending: 1, approved: 1, rejected: 1 });
    expect((await inject(who, 'GET', '/api/leaves/summary')).json()).toEqual(own.json());
    expectError(await inject(who, 'GET', `/api/leaves/summary?teacherId=${teacher.id}`), 403, M.listOwn);
  });

  it('answers the calendar range (teachers: their own)', async () => {
    const who = await seedUser(t.app, { role: 'TEACHER' });
    const l = await seedLeave(who, freshDays(3));
    const range = `startDate=${addDays(l.startDate, 1)}&endDate=${addDays(l.startDate, 10)}`;
    expect(idsOf(await inject(who, 'GET', `/api/leaves?${range}`))).toEqual([l.id]);
    expect(idsOf(await inject(admin, 'GET', `/api/leaves?${range}&teacherId=${who.id}`))).toEqual([l.id]);
    expect(
      idsOf(await inject(admin, 'GET', `/api/leaves?${range}&teacherId=${who.id}&status=APPROVED`)),
    ).toEqual([]);
    expect(idsOf(await inject(teacher, 'GET', `/api/leaves?${range}`))).not.toContain(l.id);
    expectError(await inject(teacher, 'GET', `/api/leaves?${range}&teacherId=${who.id}`), 403, M.listOwn);
    expectError(await inject(who, 'GET', '/api/leaves'), 400);
    expectError(
      await inject(who, 'GET', `/api/leaves?startDate=${today}&endDate=${addDays(today, 400)}`),
      400,
      M.rangeTooWide,
    );
    expectError(
      await inject(who, 'GET', `/api/leaves?startDate=${today}&endDate=${addDays(today, -1)}`),
      400,
      M.endBeforeStart,
    );
  });
});

describe('reviewing', () => {
  it('approves once, tells the teacher in the app and by email, and refuses a second review', async () => {
    const l = await seedLeave(teacher, { reason: 'Temple festival' });
    const res = await approve(admin, l.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'APPROVED',
      reviewedBy: { firstName: 'Ada', lastName: 'Admin' },
    });
    expect((res.json() as Leave).reviewedAt).not.toBeNull();
    const [note] = await t.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, teacher.id))
      .orderBy(notifications.createdAt);
    expect(note).toBeDefined();
    const mail = t.mailer.lastTo(teacher.email);
    expect(mail?.subject).toBe('Your leave application was approved');
    expect(mail?.text).toContain(`Your leave application for ${l.startDate} was approved.`);
    expectError(await approve(admin, l.id), 409, M.alreadyReviewed);
    expectError(await review(admin2, l.id, { status: 'REJECTED' }), 409, M.alreadyReviewed);
  });

  it('rejects with notes through the full review', async () => {
    const l = await seedLeave(teacher, freshDays(2));
    const res = await review(admin, l.id, { status: 'REJECTED', reviewNotes: ' Exams that week ' });
    expect(res.json()).toMatchObject({ status: 'REJECTED', reviewNotes: 'Exams that week' });
    const mine = await t.app.db.select().from(notifications).where(eq(notifications.userId, teacher.id));
    expect(mine.some((n) => n.type === 'leave_reviewed' && n.message.endsWith(': Exams that week'))).toBe(
      true,
    );
    expect(t.mailer.lastTo(teacher.email)?.subject).toBe('Your leave application was rejected');
  });

  it('needs a decision, an admin, and a real application', async () => {
    const l = await seedLeave(teacher);
    expectError(await review(admin, l.id, {}), 400, M.decisionRequired);
    expectError(await review(admin, l.id, { status: 'PENDING' }), 400, M.decisionRequired);
    expectError(
      await review(admin, l.id, { status: 'APPROVED', reviewNotes: 'x'.repeat(2001) }),
      400,
      M.reviewNotesTooLong,
    );
    expectError(await review(admin, l.id, { status: 'APPROVED', by: 'me' }), 400, 'Unknown field: by');
    expectError(await approve(admin, l.id, { note: 'x' }), 400, 'Unknown field: note');
    expectError(await review(teacher, l.id, { status: 'APPROVED' }), 403);
    expectError(await approve(teacher, l.id), 403);
    expectError(await approve(admin, crypto.randomUUID()), 404, M.notFound);
    expect((await get(admin, l.id)).json()).toMatchObject({ status: 'PENDING' });
  });

  it('keeps the decision when the email cannot be sent', async () => {
    const l = await seedLeave(teacher);
    const send = t.mailer.send;
    t.mailer.send = async () => {
      throw new Error('SMTP down');
    };
    try {
      expect((await approve(admin, l.id)).statusCode).toBe(200);
    } finally {
      t.mailer.send = send;
    }
    expect((await get(admin, l.id)).json()).toMatchObject({ status: 'APPROVED' });
  });

  it('lets one of two reviews at the same moment win', async () => {
    const l = await seedLeave(teacher);
    const [a, b] = await Promise.all([approve(admin, l.id), review(admin2, l.id, { status: 'REJECTED' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });

  it.runIf(onPostgres)('applies exactly one of 20 concurrent reviews and notifies once', async () => {
    const l = await seedLeave(teacher);
    const count = async () =>
      (await t.app.db.select().from(notifications).where(eq(notifications.userId, teacher.id))).length;
    const before = await count();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 ? approve(admin, l.id) : review(admin2, l.id, { status: 'REJECTED', reviewNotes: `n${i}` }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect((await count()) - before).toBe(1);
  });
});

describe('analytics and the CSV report', () => {
  let a: SeededUser;
  let b: SeededUser;

  beforeAll(async () => {
    a = await seedUser(t.app, { role: 'TEACHER', firstName: '=HYPERLINK("http://x")', lastName: 'Analyst' });
    b = await seedUser(t.app, { role: 'TEACHER', firstName: 'Zed, Jr.', lastName: '"Quoted"' });
    const y = year - 1;
    await storeLeave(a.id, { startDate: `${y}-03-02`, endDate: `${y}-03-05`, status: 'APPROVED' });
    await storeLeave(a.id, { startDate: `${y}-03-20`, endDate: `${y}-03-20`, status: 'REJECTED' });
    await storeLeave(b.id, { startDate: `${y}-03-28`, endDate: `${y}-04-02`, status: 'PENDING' });
    await storeLeave(b.id, { startDate: `${y}-11-10`, endDate: `${y}-11-10`, status: 'APPROVED' });
    await storeLeave(b.id, {
      startDate: `${year - 6}-01-10`,
      endDate: `${year - 6}-01-10`,
      status: 'APPROVED',
    });
    // A deleted teacher's applications count nowhere in the analytics.
    const gone = await seedUser(t.app, { role: 'TEACHER', firstName: 'Gone', lastName: 'Departed' });
    await storeLeave(gone.id, { startDate: `${y}-03-03`, endDate: `${y}-03-04`, status: 'APPROVED' });
    await t.app.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
  });

  it('counts by the month a leave starts, zeros included', async () => {
    const res = await inject(admin, 'GET', `/api/leaves/analytics/monthly?year=${year - 1}`);
    expect(res.statusCode).toBe(200);
    const months = res.json() as { month: number; applied: number; approved: number; approvalRate: number }[];
    expect(months).toHaveLength(12);
    expect(months[2]).toEqual({
      year: year - 1,
      month: 3,
      applied: 3,
      approved: 1,
      pending: 1,
      rejected: 1,
      approvalRate: 33,
      approvedDays: 3,
    });
    expect(months[10]).toMatchObject({ applied: 1, approved: 1, approvalRate: 100, approvedDays: 1 });
    expect(months[0]).toMatchObject({ applied: 0, approvalRate: 0 });
  });

  it('counts the last five years and each teacher', async () => {
    const years = (await inject(admin, 'GET', '/api/leaves/analytics/yearly')).json() as {
      year: number;
      applied: number;
    }[];
    expect(years.map((y) => y.year)).toEqual([year - 4, year - 3, year - 2, year - 1, year]);
    expect(years[3].applied).toBe(4);
    const teachers = (
      await inject(admin, 'GET', `/api/leaves/analytics/teachers?year=${year - 1}&search=analyst`)
    ).json() as { teacherId: string; applied: number; approvalRate: number }[];
    expect(teachers).toEqual([
      expect.objectContaining({ teacherId: a.id, applied: 2, approved: 1, approvalRate: 50, month: null }),
    ]);
    const march = (
      await inject(admin, 'GET', `/api/leaves/analytics/teachers?year=${year - 1}&month=11&teacherId=${b.id}`)
    ).json() as { applied: number; month: number }[];
    expect(march).toEqual([
      expect.objectContaining({ applied: 1, month: 11, teacherName: 'Zed, Jr. "Quoted"' }),
    ]);
    const all = (await inject(admin, 'GET', `/api/leaves/analytics/teachers?year=${year - 3}`)).json() as {
      teacherId: string;
      applied: number;
    }[];
    expect(all.find((r) => r.teacherId === teacher.id)).toMatchObject({ applied: 0 });
  });

  it('pages the teachers by name with their total, each page counted like the whole list', async () => {
    const path = `/api/leaves/analytics/teachers?year=${year - 1}`;
    const all = (await inject(admin, 'GET', path)).json() as { teacherId: string; applied: number }[];
    expect(all.length).toBeGreaterThanOrEqual(3);
    const pages: typeof all = [];
    for (let page = 1; page <= Math.ceil(all.length / 2); page++) {
      const res = await inject(admin, 'GET', `${path}&page=${page}&limit=2`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe(String(all.length));
      pages.push(...(res.json() as typeof all));
    }
    expect(pages).toEqual(all);
    const one = await inject(admin, 'GET', `${path}&search=analyst&page=1&limit=1`);
    expect(one.headers['x-total-count']).toBe('1');
    expect(one.json()).toEqual([expect.objectContaining({ teacherId: a.id, applied: 2, approved: 1 })]);
    expectError(await inject(admin, 'GET', `${path}&limit=1000`), 400);
    // The export has no pages: it answers every teacher whatever it is sent.
    expectError(await inject(admin, 'GET', '/api/leaves/analytics/export?view=teachers&page=1'), 400);
  });

  it('exports a CSV that quotes properly and cannot run formulas', async () => {
    const res = await inject(admin, 'GET', `/api/leaves/analytics/export?view=teachers&year=${year - 1}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`filename="leave-report-teachers-${year - 1}.csv"`);
    expect(res.body.startsWith('\ufeff')).toBe(true);
    const rows = parse(res.body, { bom: true }) as string[][];
    expect(rows[0]).toEqual([
      'Teacher',
      'Year',
      'Month',
      'Applied',
      'Approved',
      'Pending',
      'Rejected',
      'Approval rate (%)',
      'Approved days',
    ]);
    expect(rows).toContainEqual([
      `'=HYPERLINK("http://x") Analyst`,
      String(year - 1),
      'All months',
      '2',
      '1',
      '0',
      '1',
      '50',
      '3',
    ]);
    expect(rows).toContainEqual([
      'Zed, Jr. "Quoted"',
      String(year - 1),
      'All months',
      '2',
      '1',
      '1',
      '0',
      '50',
      '1',
    ]);
    const monthly = parse(
      (await inject(admin, 'GET', `/api/leaves/analytics/export?year=${year - 1}`)).body,
      {
        bom: true,
      },
    ) as string[][];
    expect(monthly).toHaveLength(13);
    expect(monthly[3]).toEqual(['March', String(year - 1), '3', '1', '1', '1', '33', '3']);
    const yearly = await inject(admin, 'GET', '/api/leaves/analytics/export?view=yearly');
    expect(parse(yearly.body, { bom: true })).toHaveLength(6);
  });

  it('is for administrators only and checks its filters', async () => {
    for (const path of ['monthly', 'yearly', 'teachers', 'export']) {
      expectError(await inject(teacher, 'GET', `/api/leaves/analytics/${path}`), 403);
    }
    expectError(await inject(admin, 'GET', '/api/leaves/analytics/monthly?year=99'), 400);
    expectError(await inject(admin, 'GET', '/api/leaves/analytics/teachers?month=0'), 400);
    expectError(await inject(admin, 'GET', '/api/leaves/analytics/export?view=pie'), 400);
  });
});

describe('the dashboard panel', () => {
  it('lists approved leaves of live teachers covering today and tomorrow', async () => {
    const who = await seedUser(t.app, { role: 'TEACHER', firstName: 'Tomorrow', lastName: 'Away' });
    const gone = await seedUser(t.app, { role: 'TEACHER', firstName: 'Gone', lastName: 'Away' });
    const l = await storeLeave(who.id, {
      startDate: addDays(today, 1),
      endDate: addDays(today, 3),
      status: 'APPROVED',
    });
    await storeLeave(gone.id, { startDate: today, endDate: addDays(today, 1), status: 'APPROVED' });
    await t.app.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    const res = (await inject(admin, 'GET', '/api/leaves/today-tomorrow')).json() as {
      today: { id: string }[];
      tomorrow: { id: string; teacher: { firstName: string } }[];
    };
    expect(res.tomorrow.map((x) => x.id)).toContain(l.id);
    expect(res.today.map((x) => x.id)).not.toContain(l.id);
    expect(res.tomorrow.some((x) => x.teacher.firstName === 'Gone')).toBe(false);
  });
});

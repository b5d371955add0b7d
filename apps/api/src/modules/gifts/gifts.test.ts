import { GIFT_MESSAGES as M, giftSchema, todayIn, type Gift } from '@csp/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gifts, notifications, storedFiles, students } from '../../db/schema.ts';
import { fileUpload, multipart, SAMPLE_IMAGES } from '../../test/multipart.ts';
import { expectError, onPostgres, seedUser, type SeededUser, type TestContext } from '../../test/setup.ts';
import { callerAs, closeTestApp, createStaffApp, sequence, studentSeeder } from '../../test/factories.ts';

let t: TestContext;
let admin: SeededUser;
let teacher: SeededUser;
let otherTeacher: SeededUser;
const seq = sequence();
const today = todayIn('Asia/Colombo');
const uid = () => `${Date.now().toString(36)}${seq()}`;

const seedStudent = studentSeeder(
  () => t.app,
  {
    prefix: 'GF',
    lastName: (n) => `Gift${n}`,
    dateOfBirth: '2022-03-04',
  },
  seq,
);

const inject = callerAs(() => t.app);
const bulk = (as: SeededUser, rows: unknown[]) =>
  inject(as, 'POST', '/api/gifts/bulk-assign', { gifts: rows });
const list = (as: SeededUser, query = '') => inject(as, 'GET', `/api/gifts${query}`);
const get = (as: SeededUser, id: string) => inject(as, 'GET', `/api/gifts/${id}`);
const patch = (as: SeededUser, id: string, payload: unknown) =>
  inject(as, 'PATCH', `/api/gifts/${id}`, payload);
const cancel = (as: SeededUser, id: string) => inject(as, 'PATCH', `/api/gifts/${id}/cancel`);
const remove = (as: SeededUser, id: string) => inject(as, 'DELETE', `/api/gifts/${id}`);

function deliver(
  as: SeededUser,
  id: string,
  file?: { data: Buffer | string; name?: string; field?: string },
) {
  const url = `/api/gifts/${id}/deliver-with-evidence`;
  if (!file) return t.app.inject({ method: 'PATCH', url, headers: as.auth });
  const body = fileUpload(file.field ?? 'evidenceImage', file.name ?? 'photo.png', 'image/png', file.data);
  return t.app.inject({
    method: 'PATCH',
    url,
    headers: { ...as.auth, ...body.headers },
    payload: body.payload,
  });
}

const row = (studentCode: string, over: Record<string, unknown> = {}) => ({
  studentId: studentCode,
  giftId: `G-${uid()}`,
  globalSponsorId: 'GS-77',
  giftSubType: 'School bag',
  giftDate: today,
  giftStatus: 'PENDING',
  giftAmount: 12.5,
  ...over,
});

/** Assigns one gift per row and answers the created gifts. */
async function assign(rows: unknown[]): Promise<Gift[]> {
  const res = await bulk(admin, rows);
  expect(res.statusCode, res.body).toBe(201);
  const { ids } = res.json() as { ids: string[] };
  return Promise.all(ids.map(async (id) => giftSchema.parse((await get(admin, id)).json())));
}

const idsOf = (res: { json: () => unknown }) => (res.json() as Gift[]).map((g) => g.id);

beforeAll(async () => {
  ({ t, admin, teacher, otherTeacher } = await createStaffApp());
});
afterAll(() => closeTestApp(t));

describe('POST /api/gifts/bulk-assign', () => {
  it('stores every row with its sponsor ID, amount, date and status, and tells each teacher once per gift', async () => {
    const mine = await seedStudent(teacher.id);
    const theirs = await seedStudent(otherTeacher.id);
    const nobody = await seedStudent(null);
    const before = await t.app.db.select().from(notifications).where(eq(notifications.userId, teacher.id));
    const created = await assign([
      row(mine.studentId, { giftSubType: 'Shoes', giftAmount: 20.25 }),
      row(mine.studentId, { giftStatus: 'IN_PROGRESS', giftDate: '2026-01-15' }),
      row(theirs.studentId, { giftStatus: 'DELIVERED' }),
      row(nobody.studentId, { giftStatus: 'CANCELLED', giftAmount: null, giftSubType: '' }),
    ]);
    expect(created.map((g) => g.status)).toEqual(['PENDING', 'IN_PROGRESS', 'DELIVERED', 'CANCELLED']);
    expect(created[0]).toMatchObject({
      studentId: mine.id,
      globalSponsorId: 'GS-77',
      giftSubType: 'Shoes',
      amount: 20.25,
      giftDate: today,
      deliveredAt: null,
      evidenceImage: null,
      student: { studentId: mine.studentId, assignedTeacher: { id: teacher.id, firstName: 'Tara' } },
    });
    expect(created[1].giftDate).toBe('2026-01-15');
    expect(created[2].deliveredAt).not.toBeNull();
    expect(created[2].deliveredBy).toEqual({ firstName: 'Ada', lastName: 'Admin' });
    expect(created[3]).toMatchObject({ amount: null, giftSubType: null, student: { assignedTeacher: null } });
    expect(created[3].cancelledBy).toEqual({ firstName: 'Ada', lastName: 'Admin' });

    const after = await t.app.db.select().from(notifications).where(eq(notifications.userId, teacher.id));
    const added = after.filter((n) => !before.some((b) => b.id === n.id));
    expect(added).toHaveLength(2);
    expect(added.every((n) => n.type === 'GIFT_ASSIGNMENT')).toBe(true);
    expect(added.map((n) => n.message).join(' ')).toContain(`Shoes (gift ID ${created[0].giftId})`);
    const others = await t.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, otherTeacher.id));
    expect(others.filter((n) => n.type === 'GIFT_ASSIGNMENT')).toHaveLength(1);
  });

  it('defaults the date to today and the status to PENDING', async () => {
    const s = await seedStudent(teacher.id);
    const [g] = await assign([{ studentId: s.studentId, giftId: `G-${uid()}`, giftAmount: 5 }]);
    expect(g).toMatchObject({ giftDate: today, status: 'PENDING', globalSponsorId: null });
  });

  it('stores nothing and names each refused row when any row is wrong', async () => {
    const s = await seedStudent(teacher.id);
    const [stored] = await assign([row(s.studentId)]);
    const dup = `G-${uid()}`;
    const count = async () => (await t.app.db.select().from(gifts)).length;
    const n = await count();
    const res = await bulk(admin, [
      row(s.studentId, { giftId: dup }),
      row('NO-SUCH-CHILD'),
      row(s.studentId, { giftId: dup.toLowerCase() }),
      row(s.studentId, { giftId: stored.giftId!.toUpperCase() }),
      row(s.studentId),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: M.bulkInvalid,
      errors: [
        { row: 2, field: 'studentId', message: M.rowStudentUnknown },
        { row: 3, field: 'giftId', message: M.rowGiftIdDuplicate },
        { row: 4, field: 'giftId', message: M.rowGiftIdTaken },
      ],
    });
    expect(await count()).toBe(n);
  });

  it('refuses bad rows with readable messages', async () => {
    const s = await seedStudent(teacher.id);
    expectError(await bulk(admin, []), 400, M.completeRow);
    expectError(await bulk(admin, [row(s.studentId, { giftAmount: -1 })]), 400, M.rowAmountNegative);
    expectError(await bulk(admin, [row(s.studentId, { giftAmount: 1.234 })]), 400, M.rowAmountInvalid);
    expectError(await bulk(admin, [row(s.studentId, { giftAmount: 1e12 })]), 400, M.rowAmountInvalid);
    expectError(await bulk(admin, [row(s.studentId, { giftAmount: '5' })]), 400, M.rowAmountInvalid);
    expectError(await bulk(admin, [row(s.studentId, { giftId: '' })]), 400, M.rowGiftIdRequired);
    expectError(await bulk(admin, [row(s.studentId, { giftId: undefined })]), 400, M.rowGiftIdRequired);
    expectError(await bulk(admin, [row('')]), 400, M.rowStudentRequired);
    expectError(await bulk(admin, [row(s.studentId, { giftDate: '2026-02-30' })]), 400, M.rowDateInvalid);
    expectError(
      await bulk(admin, [row(s.studentId, { giftStatus: 'LOST' })]),
      400,
      'Gift status must be IN_PROGRESS, PENDING, DELIVERED or CANCELLED',
    );
    expectError(
      await bulk(admin, [row(s.studentId, { colour: 'red' })]),
      400,
      'Unknown field in gifts.0: colour',
    );
    expectError(await bulk(admin, [row(s.studentId, { giftSubType: 'a\u0000b' })]), 400);
    expectError(await bulk(admin, [row(s.studentId, { giftId: 'x'.repeat(101) })]), 400);
    expectError(
      await bulk(
        admin,
        Array.from({ length: 501 }, () => row(s.studentId)),
      ),
      400,
      M.bulkTooMany,
    );
    expectError(await inject(admin, 'POST', '/api/gifts/bulk-assign', { gifts: 'all' }), 400);
    expectError(await inject(admin, 'POST', '/api/gifts/bulk-assign', { gifts: [], more: 1 }), 400);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/gifts/bulk-assign',
      headers: { ...admin.auth, 'content-type': 'application/json' },
      payload: '{"gifts": [',
    });
    expectError(malformed, 400, 'The request body is not valid JSON');
  });

  it('is for administrators only', async () => {
    const s = await seedStudent(teacher.id);
    expectError(await bulk(teacher, [row(s.studentId)]), 403);
    expectError(await inject(null, 'POST', '/api/gifts/bulk-assign', { gifts: [row(s.studentId)] }), 401);
  });
});

describe('reading gifts', () => {
  // The search term: 'zq-zq' cannot occur in the gift ids the other tests make (`G-` and base-36 time),
  // as 'zq' did whenever the clock's base-36 digits held it.
  let mine: Gift[];
  let theirs: Gift[];
  let studentA: typeof students.$inferSelect;

  beforeAll(async () => {
    studentA = await seedStudent(teacher.id, { firstName: 'Zarina', lastName: 'Quill' });
    const other = await seedStudent(otherTeacher.id, { firstName: 'Yusuf', lastName: 'Pond' });
    mine = await assign([
      row(studentA.studentId, { giftSubType: 'Raincoat zq-zq', giftDate: '2025-06-10' }),
      row(studentA.studentId, {
        giftSubType: 'Umbrella zq-zq',
        giftDate: '2025-07-02',
        giftStatus: 'DELIVERED',
      }),
    ]);
    theirs = await assign([row(other.studentId, { giftSubType: 'Blanket zq-zq', giftDate: '2025-06-20' })]);
  });

  it('shows a teacher only the gifts of their own students', async () => {
    const res = await list(teacher, '?search=zq-zq');
    expect(res.statusCode).toBe(200);
    expect(idsOf(res).sort()).toEqual(mine.map((g) => g.id).sort());
    expect(idsOf(await list(teacher, `?search=zq-zq&teacherId=${teacher.id}`)).sort()).toEqual(
      mine.map((g) => g.id).sort(),
    );
    expectError(await list(teacher, `?teacherId=${otherTeacher.id}`), 403, M.listOwn);
    expectError(await get(teacher, theirs[0].id), 404, M.notFound);
    expect((await get(otherTeacher, theirs[0].id)).statusCode).toBe(200);
  });

  it('filters and pages for admins in SQL', async () => {
    expect(idsOf(await list(admin, '?search=zq-zq')).sort()).toEqual(
      [...mine, ...theirs].map((g) => g.id).sort(),
    );
    expect(idsOf(await list(admin, `?search=zq-zq&teacherId=${otherTeacher.id}`))).toEqual([theirs[0].id]);
    expect(idsOf(await list(admin, '?search=zq-zq&status=DELIVERED'))).toEqual([mine[1].id]);
    expect(idsOf(await list(admin, '?search=zq-zq&year=2025&month=6')).sort()).toEqual(
      [mine[0].id, theirs[0].id].sort(),
    );
    expect(idsOf(await list(admin, '?search=zq-zq&month=7'))).toEqual([mine[1].id]);
    expect(idsOf(await list(admin, '?search=zq-zq&date=2025-06-20'))).toEqual([theirs[0].id]);
    expect(idsOf(await list(admin, `?search=zq-zq&student=${studentA.id}`)).sort()).toEqual(
      mine.map((g) => g.id).sort(),
    );
    // Search over the student's name, the teacher's name, the sub-type and the gift ID.
    expect(idsOf(await list(admin, '?search=zarina qu')).sort()).toEqual(mine.map((g) => g.id).sort());
    expect(idsOf(await list(admin, '?search=Omar Oth')).length).toBeGreaterThanOrEqual(1);
    expect(idsOf(await list(admin, '?search=Omar Oth'))).toContain(theirs[0].id);
    expect(idsOf(await list(admin, `?search=${mine[0].giftId}`))).toEqual([mine[0].id]);
    // Newest gift date first, paged with the total.
    const page1 = await list(admin, '?search=zq-zq&page=1&limit=2');
    expect(page1.headers['x-total-count']).toBe('3');
    expect(idsOf(page1)).toEqual([mine[1].id, theirs[0].id]);
    const page2 = await list(admin, '?search=zq-zq&page=2&limit=2');
    expect(idsOf(page2)).toEqual([mine[0].id]);
    expect((await list(admin, '?search=zq-zq&page=1')).json()).toHaveLength(3);
  });

  it("counts a search's matches once each: by the child's name, the teacher's name or the gift's text", async () => {
    const named = await seedUser(t.app, { role: 'TEACHER', lastName: 'Heronq' });
    const kid = await seedStudent(teacher.id, { firstName: 'Wren', lastName: 'Kestrelq' });
    const taught = await seedStudent(named.id, { firstName: 'Ola', lastName: 'Plain' });
    const plain = await seedStudent(otherTeacher.id, { firstName: 'Ivo', lastName: 'Plain' });
    const gone = await seedStudent(otherTeacher.id, { firstName: 'Gus', lastName: 'Kestrelq' });
    const [byName, byBoth, byTeacher, byText] = await assign([
      row(kid.studentId, { giftDate: '2025-03-01' }),
      row(kid.studentId, { giftSubType: 'Kestrelq heronq cap', giftDate: '2025-03-02' }),
      row(taught.studentId, { giftDate: '2025-03-03' }),
      row(plain.studentId, { giftSubType: 'Boots kestrelq', giftDate: '2025-03-04' }),
      row(gone.studentId, { giftSubType: 'Kestrelq gone', giftDate: '2025-03-05' }),
    ]);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/students/${gone.id}`,
      headers: admin.auth,
    });
    expect(del.statusCode).toBe(200);

    const sorted = (gifts: Gift[]) => gifts.map((g) => g.id).sort();
    const pages = async (as: SeededUser, search: string, total: string) => {
      const seen: string[] = [];
      for (const page of [1, 2, 3]) {
        const res = await list(as, `?search=${search}&page=${page}&limit=2`);
        expect(res.headers['x-total-count'], `${search}, page ${page}`).toBe(total);
        seen.push(...idsOf(res));
      }
      return seen.sort();
    };
    expect(idsOf(await list(admin, '?search=kestrelq')).sort()).toEqual(sorted([byName, byBoth, byText]));
    expect(await pages(admin, 'kestrelq', '3')).toEqual(sorted([byName, byBoth, byText]));
    expect(await pages(admin, 'heronq', '2')).toEqual(sorted([byBoth, byTeacher]));
    const onDay = await list(admin, '?search=kestrelq&date=2025-03-02&page=1');
    expect(idsOf(onDay)).toEqual([byBoth.id]);
    expect(onDay.headers['x-total-count']).toBe('1');
    expect(await pages(teacher, 'kestrelq', '2')).toEqual(sorted([byName, byBoth]));
    expect(await pages(otherTeacher, 'kestrelq', '1')).toEqual(sorted([byText]));
  });

  it("pages a search's many matches, by the child's name, the teacher's or the gift's text, in the list's order, whether the page walks the dates or sorts the matches", async () => {
    // An administrator's search's numbered page walks the date index when its matches are dense enough
    // for its page, and sorts them otherwise (keyset.searchPageIds: (offset + limit) × live gifts ≤
    // matches²). 30 matches, 3 a page: the first pages walk and the later ones sort, as long as the file's
    // other tests leave between 31 and 300 live gifts (checked below, so that both ways are taken).
    const named = await seedUser(t.app, { role: 'TEACHER', firstName: 'Ulla', lastName: 'Brackenq' });
    const taught = await seedStudent(named.id, { firstName: 'Ema', lastName: 'Stone' });
    const kid = await seedStudent(teacher.id, { firstName: 'Brackenq', lastName: 'Vale' });
    const plain = await seedStudent(otherTeacher.id, { firstName: 'Ivo', lastName: 'Moss' });
    await assign(
      Array.from({ length: 30 }, (_, i) => {
        // By the child's name, the teacher's name or the gift's text; pairs on one day.
        const who = [kid, taught, plain][i % 3];
        const day = String(1 + Math.floor(i / 2)).padStart(2, '0');
        return row(who.studentId, {
          giftSubType: who === plain ? `Coat brackenq ${i}` : `Coat ${i}`,
          giftDate: `2024-05-${day}`,
        });
      }),
    );
    const live = Number((await list(admin, '?page=1&limit=1')).headers['x-total-count']);
    expect(30 * 30 >= 3 * live && 30 * 30 < 30 * live, `live gifts: ${live}`).toBe(true);
    const all = idsOf(await list(admin, '?search=brackenq'));
    expect(all).toHaveLength(30);
    const paged: string[] = [];
    for (let page = 1; page <= 10; page++) {
      const res = await list(admin, `?search=brackenq&page=${page}&limit=3`);
      expect(res.headers['x-total-count']).toBe('30');
      paged.push(...idsOf(res));
    }
    expect(paged).toEqual(all);
    const past = await list(admin, '?search=brackenq&page=11&limit=3');
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('30');
    // Filtered by a status as well, the matches are sorted: the same pages.
    const pending: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await list(admin, `?search=brackenq&status=PENDING&page=${page}&limit=10`);
      expect(res.headers['x-total-count']).toBe('30');
      pending.push(...idsOf(res));
    }
    expect(pending).toEqual(all);
  });

  it('finds a child’s gifts by the name the child has now, and a teacher’s by the children they have now', async () => {
    const kid = await seedStudent(teacher.id, { firstName: 'Orla', lastName: 'Fenwickq' });
    const [gift] = await assign([row(kid.studentId, { giftDate: '2025-04-01' })]);
    const search = async (word: string) => {
      const res = await list(admin, `?search=${word}&page=1`);
      return { ids: idsOf(res), total: res.headers['x-total-count'] };
    };
    expect(await search('fenwickq')).toEqual({ ids: [gift.id], total: '1' });
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/students/${kid.id}`,
      headers: admin.auth,
      payload: { lastName: 'Thornq' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await search('fenwickq')).toEqual({ ids: [], total: '0' });
    expect(await search('thornq')).toEqual({ ids: [gift.id], total: '1' });
    // Given to a teacher whose name the search holds: found by it.
    const named = await seedUser(t.app, { role: 'TEACHER', lastName: 'Larchq' });
    expect(await search('larchq')).toEqual({ ids: [], total: '0' });
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/students/${kid.id}`,
      headers: admin.auth,
      payload: { assignedTeacherId: named.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await search('larchq')).toEqual({ ids: [gift.id], total: '1' });
  });

  it('refuses bad filters with a 400', async () => {
    for (const q of [
      '?status=LOST',
      '?year=abc',
      '?month=13',
      '?date=2025-13-01',
      '?teacherId=1',
      '?limit=1000',
      '?x=1',
    ]) {
      expectError(await list(admin, q), 400);
    }
    expectError(await get(admin, 'not-a-uuid'), 400);
    expectError(await get(admin, crypto.randomUUID()), 404, M.notFound);
    expectError(await inject(null, 'GET', '/api/gifts'), 401);
  });

  it('does not show gifts of deleted students', async () => {
    const s = await seedStudent(teacher.id);
    const [g] = await assign([row(s.studentId)]);
    for (const who of [admin, teacher]) {
      expect((await list(who, `?search=${g.giftId}&page=1`)).headers['x-total-count']).toBe('1');
    }
    await t.app.db.update(students).set({ deletedAt: new Date() }).where(eq(students.id, s.id));
    expectError(await get(admin, g.id), 404, M.notFound);
    expect(idsOf(await list(admin, `?search=${g.giftId}`))).toEqual([]);
    // The totals of filtered pages are counted over the gifts: the deleted student's leave them too.
    for (const who of [admin, teacher]) {
      expect((await list(who, `?search=${g.giftId}&page=1`)).headers['x-total-count']).toBe('0');
    }
  });
});

describe('delivering and cancelling', () => {
  it('lets the assigned teacher deliver with a photo, once', async () => {
    const s = await seedStudent(teacher.id);
    const [g] = await assign([row(s.studentId)]);
    const res = await deliver(teacher, g.id, { data: SAMPLE_IMAGES.png });
    expect(res.statusCode, res.body).toBe(200);
    const delivered = giftSchema.parse(res.json());
    expect(delivered).toMatchObject({
      status: 'DELIVERED',
      deliveredBy: { firstName: 'Tara', lastName: 'Field' },
    });
    expect(delivered.deliveredAt).not.toBeNull();
    const photo = await t.app.inject({ method: 'GET', url: delivered.evidenceImage! });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');

    const files = (await t.app.db.select().from(storedFiles)).length;
    expectError(await deliver(teacher, g.id, { data: SAMPLE_IMAGES.jpeg }), 409, M.notOpen);
    expectError(await deliver(admin, g.id), 409, M.notOpen);
    expectError(await cancel(teacher, g.id), 409, M.notOpen);
    expect((await t.app.db.select().from(storedFiles)).length).toBe(files);
  });

  it('lets an admin deliver any open gift without a photo, also an IN_PROGRESS one', async () => {
    const s = await seedStudent(otherTeacher.id);
    const [a, b] = await assign([row(s.studentId), row(s.studentId, { giftStatus: 'IN_PROGRESS' })]);
    const res = await deliver(admin, a.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'DELIVERED', evidenceImage: null });
    // A form without a file, as a browser sends it when no photo was picked.
    const empty = multipart([
      { name: 'evidenceImage', filename: '', contentType: 'application/octet-stream', data: '' },
    ]);
    const res2 = await t.app.inject({
      method: 'PATCH',
      url: `/api/gifts/${b.id}/deliver-with-evidence`,
      headers: { ...admin.auth, ...empty.headers },
      payload: empty.payload,
    });
    expect(res2.statusCode, res2.body).toBe(200);
    expect(res2.json()).toMatchObject({ status: 'DELIVERED', evidenceImage: null });
  });

  it('refuses a photo of the wrong type or size, and keeps the gift open', async () => {
    const s = await seedStudent(teacher.id);
    const [g] = await assign([row(s.studentId)]);
    expectError(
      await deliver(teacher, g.id, { data: SAMPLE_IMAGES.gif, name: 'a.gif' }),
      415,
      M.evidenceNotImage,
    );
    expectError(
      await deliver(teacher, g.id, { data: '%PDF-1.4 fake', name: 'a.png' }),
      415,
      M.evidenceNotImage,
    );
    const big = Buffer.concat([SAMPLE_IMAGES.png, Buffer.alloc(5 * 1024 * 1024)]);
    expectError(await deliver(teacher, g.id, { data: big }), 413, M.evidenceTooLarge);
    expectError(await deliver(teacher, g.id, { data: SAMPLE_IMAGES.png, field: 'photo' }), 400);
    const json = await t.app.inject({
      method: 'PATCH',
      url: `/api/gifts/${g.id}/deliver-with-evidence`,
      headers: admin.auth,
      payload: { evidenceImage: 'x' },
    });
    expectError(json, 415);
    expect((await get(teacher, g.id)).json()).toMatchObject({ status: 'PENDING' });
  });

  it('keeps other teachers out (404) and lets the assigned teacher or an admin cancel', async () => {
    const s = await seedStudent(teacher.id);
    const [a, b] = await assign([row(s.studentId), row(s.studentId)]);
    expectError(await deliver(otherTeacher, a.id, { data: SAMPLE_IMAGES.png }), 404, M.notFound);
    expectError(await cancel(otherTeacher, a.id), 404, M.notFound);
    const c1 = await cancel(teacher, a.id);
    expect(c1.statusCode).toBe(200);
    expect(c1.json()).toMatchObject({ status: 'CANCELLED', cancelledBy: { firstName: 'Tara' } });
    expect((await cancel(admin, b.id)).json()).toMatchObject({
      status: 'CANCELLED',
      cancelledBy: { firstName: 'Ada' },
    });
    expectError(await cancel(admin, a.id), 409, M.notOpen);
    expectError(await deliver(teacher, b.id, { data: SAMPLE_IMAGES.png }), 409, M.notOpen);
    expectError(await cancel(admin, crypto.randomUUID()), 404, M.notFound);
    expectError(await inject(admin, 'PATCH', `/api/gifts/${a.id}/cancel`, { reason: 'x' }), 400);
  });

  it('stops a teacher whose student was moved to another teacher', async () => {
    const s = await seedStudent(teacher.id);
    const [g] = await assign([row(s.studentId)]);
    await t.app.db.update(students).set({ assignedTeacherId: otherTeacher.id }).where(eq(students.id, s.id));
    expectError(await cancel(teacher, g.id), 404, M.notFound);
    expect((await cancel(otherTeacher, g.id)).statusCode).toBe(200);
  });

  it('lets one of two deliveries at the same moment win', async () => {
    const s = await seedStudent(teacher.id);
    const [g] = await assign([row(s.studentId)]);
    const results = await Promise.all([
      deliver(teacher, g.id, { data: SAMPLE_IMAGES.png }),
      deliver(admin, g.id, { data: SAMPLE_IMAGES.jpeg }),
      cancel(admin, g.id),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it.runIf(onPostgres)(
    'applies exactly one of 20 concurrent deliveries and leaves no orphan photo',
    async () => {
      const s = await seedStudent(teacher.id);
      const [g] = await assign([row(s.studentId)]);
      const before = (await t.app.db.select().from(storedFiles)).length;
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          deliver(i % 2 ? admin : teacher, g.id, { data: SAMPLE_IMAGES.png }),
        ),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(19);
      expect((await t.app.db.select().from(storedFiles)).length - before).toBe(1);
    },
  );

  it.runIf(onPostgres)('stores a gift ID once when 20 bulk assignments race', async () => {
    const s = await seedStudent(teacher.id);
    const giftId = `G-${uid()}`;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => bulk(admin, [row(s.studentId, { giftId })])),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 201)) expect([400, 409]).toContain(r.statusCode);
    const stored = await t.app.db.select().from(gifts).where(eq(gifts.giftId, giftId));
    expect(stored).toHaveLength(1);
  });
});

describe('editing and deleting (admins)', () => {
  it('changes the details, moves the gift to another student, and keeps a name or a sub-type', async () => {
    const s = await seedStudent(teacher.id);
    const s2 = await seedStudent(otherTeacher.id);
    const [g, other] = await assign([row(s.studentId), row(s.studentId)]);
    const res = await patch(admin, g.id, {
      giftId: 'EDIT-1',
      name: 'Bag',
      giftSubType: '',
      description: 'Blue\nwith pockets',
      notes: 'Given at school',
      studentId: s2.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      giftId: 'EDIT-1',
      name: 'Bag',
      giftSubType: null,
      description: 'Blue\nwith pockets',
      studentId: s2.id,
      student: { assignedTeacher: { id: otherTeacher.id } },
    });
    expectError(await patch(admin, g.id, { name: '' }), 400, M.nameOrSubType);
    expectError(await patch(admin, other.id, { giftId: 'edit-1' }), 409, M.giftIdTaken);
    expect((await patch(admin, g.id, { giftId: 'EDIT-1' })).statusCode).toBe(200);
    expectError(await patch(admin, g.id, { studentId: crypto.randomUUID() }), 404, M.studentNotFound);
    expectError(await patch(admin, g.id, { studentId: 'abc' }), 400, M.studentRequired);
    expectError(await patch(admin, g.id, { status: 'DELIVERED' }), 400, 'Unknown field: status');
    expectError(await patch(admin, g.id, { notes: 5 }), 400, 'Notes must be text');
    expectError(
      await patch(admin, g.id, { name: 'x'.repeat(201) }),
      400,
      'Gift name must be at most 200 characters',
    );
    expectError(await patch(teacher, other.id, { name: 'Mine' }), 403);
    expectError(await patch(admin, crypto.randomUUID(), { name: 'x' }), 404, M.notFound);
  });

  it('deletes softly: gone from the lists and the detail, the row kept', async () => {
    const s = await seedStudent(teacher.id);
    const [g] = await assign([row(s.studentId)]);
    expectError(await remove(teacher, g.id), 403);
    const res = await remove(admin, g.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: M.deleted });
    expectError(await get(admin, g.id), 404, M.notFound);
    expect(idsOf(await list(teacher, `?search=${g.giftId}`))).toEqual([]);
    expectError(await remove(admin, g.id), 404, M.notFound);
    const [kept] = await t.app.db
      .select()
      .from(gifts)
      .where(and(eq(gifts.id, g.id)));
    expect(kept.deletedAt).not.toBeNull();
    // Its gift ID is free again.
    expect((await bulk(admin, [row(s.studentId, { giftId: g.giftId })])).statusCode).toBe(201);
  });
});

describe('the dashboard', () => {
  it('counts open gifts of the teacher’s students in Pending Gifts', async () => {
    const fresh = await seedUser(t.app, { role: 'TEACHER' });
    const s = await seedStudent(fresh.id);
    const [a] = await assign([
      row(s.studentId),
      row(s.studentId),
      row(s.studentId, { giftStatus: 'DELIVERED' }),
    ]);
    const read = async () =>
      (await inject(fresh, 'GET', '/api/dashboard/stats')).json() as { pendingGifts: number };
    expect((await read()).pendingGifts).toBe(2);
    await cancel(fresh, a.id);
    expect((await read()).pendingGifts).toBe(1);
  });
});

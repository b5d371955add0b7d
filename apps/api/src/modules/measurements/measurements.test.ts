import { addDays, todayIn } from '@csp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measurements, storedFiles } from '../../db/schema.ts';
import { FILE_LINK } from '../../test/file-links.ts';
import { fileUpload, multipart, SAMPLE_IMAGES, type MultipartPart } from '../../test/multipart.ts';
import { expectError, seedUser, type SeededUser, type TestContext } from '../../test/setup.ts';
import { closeTestApp, createStaffApp, studentSeeder, yearsAgo } from '../../test/factories.ts';

const LINK = FILE_LINK;

let t: TestContext;
let admin: SeededUser;
let teacher: SeededUser;
let otherTeacher: SeededUser;
const today = todayIn('Asia/Colombo');

const seedStudent = studentSeeder(() => t.app, {
  prefix: 'MEA',
  dateOfBirth: yearsAgo(2),
  category: 'HOME_BASE',
});

const newMeasurement = (studentId: string, over: Record<string, unknown> = {}) => ({
  studentId,
  height: 86.4,
  weight: 12.1,
  date: addDays(today, -1),
  notes: 'Weighed after breakfast',
  ...over,
});

const create = (as: SeededUser, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/measurements', headers: as.auth, payload: payload as object });
const get = (as: SeededUser, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/measurements/${id}`, headers: as.auth });
const list = (as: SeededUser, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/measurements${query}`, headers: as.auth });

async function seedMeasurement(as: SeededUser, studentId: string, over: Record<string, unknown> = {}) {
  const res = await create(as, newMeasurement(studentId, over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

function upload(as: SeededUser | null, parts: MultipartPart[]) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/file-upload/measurement',
    headers: { ...(as?.auth ?? {}), ...body.headers },
    payload: body.payload,
  });
}
const photoPart = (data: Buffer | string = SAMPLE_IMAGES.png, name = 'm.png'): MultipartPart => ({
  name: 'file',
  filename: name,
  contentType: 'image/png',
  data,
});

async function photo(as: SeededUser) {
  const res = await upload(as, [{ name: 'type', data: 'measurement' }, photoPart()]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { url: string; id: string };
}

beforeAll(async () => {
  ({ t, admin, teacher, otherTeacher } = await createStaffApp());
});
afterAll(() => closeTestApp(t));

describe('POST /api/measurements', () => {
  it('records a measurement for the teacher’s own student, measured by them', async () => {
    const s = await seedStudent(teacher.id, { firstName: 'Asha', lastName: 'Silva' });
    const res = await create(teacher, newMeasurement(s.id, { position: 'STANDING' }));
    expect(res.statusCode).toBe(201);
    const m = res.json();
    expect(m).toMatchObject({
      height: 86.4,
      weight: 12.1,
      date: addDays(today, -1),
      notes: 'Weighed after breakfast',
      position: 'STANDING',
      photos: [],
      photoUrl: null,
      student: { id: s.id, firstName: 'Asha', lastName: 'Silva', age: 2 },
      measuredBy: { id: teacher.id, firstName: 'Tara', lastName: 'Field' },
      studentId: s.id,
    });
    expect(Object.keys(m).sort()).toEqual(
      [
        'createdAt',
        'date',
        'growth',
        'height',
        'id',
        'measuredBy',
        'notes',
        'photoUrl',
        'photos',
        'position',
        'student',
        'studentId',
        'weight',
      ].sort(),
    );
    const [row] = await t.app.db.select().from(measurements).where(eq(measurements.id, m.id));
    expect(row).toMatchObject({ measuredById: teacher.id, height: 86.4, weight: 12.1 });
  });

  it('lets an admin record for any student; position and notes are optional', async () => {
    const s = await seedStudent(otherTeacher.id);
    const unassigned = await seedStudent(null);
    const m = await seedMeasurement(admin, s.id, { notes: undefined, date: today });
    expect(m).toMatchObject({
      notes: null,
      position: null,
      date: today,
      measuredBy: { id: admin.id, firstName: 'Ada' },
    });
    expect((await create(admin, newMeasurement(unassigned.id, { position: 'LYING' }))).json().position).toBe(
      'LYING',
    );
  });

  it('rounds to one decimal (the form’s step 0.1)', async () => {
    const s = await seedStudent(teacher.id);
    const m = await seedMeasurement(teacher, s.id, { height: 86.44, weight: 12.06 });
    expect(m).toMatchObject({ height: 86.4, weight: 12.1 });
  });

  it('answers 404 for another teacher’s, an unassigned, a deleted or an unknown student', async () => {
    const others = await seedStudent(otherTeacher.id);
    const unassigned = await seedStudent(null);
    const deleted = await seedStudent(teacher.id, { deletedAt: new Date() });
    for (const id of [others.id, unassigned.id, deleted.id, '00000000-0000-4000-8000-000000000000']) {
      expectError(await create(teacher, newMeasurement(id)), 404, 'Student not found');
    }
    expectError(await create(admin, newMeasurement(deleted.id)), 404, 'Student not found');
    expect(await t.app.db.$count(measurements, eq(measurements.studentId, others.id))).toBe(0);
  });

  it.each([
    [{ studentId: undefined }, 'Please select a student'],
    [{ studentId: '' }, 'Please select a student'],
    [{ studentId: 'x' }, 'Please select a student'],
    [{ height: undefined }, 'Please enter height and weight'],
    [{ weight: undefined }, 'Please enter height and weight'],
    [{ height: 0 }, 'Please enter height and weight'],
    [{ weight: 0 }, 'Please enter height and weight'],
    [{ height: null }, 'Please enter height and weight'],
    [{ height: -80 }, 'Height must be between 20 and 250 cm'],
    [{ height: 900 }, 'Height must be between 20 and 250 cm'],
    [{ height: 19.9 }, 'Height must be between 20 and 250 cm'],
    [{ height: 1e308 }, 'Height must be between 20 and 250 cm'],
    [{ weight: -3 }, 'Weight must be between 0.5 and 300 kg'],
    [{ weight: 500 }, 'Weight must be between 0.5 and 300 kg'],
    [{ weight: 0.4 }, 'Weight must be between 0.5 and 300 kg'],
    [{ height: '86' }, 'Height must be a number'],
    [{ weight: true }, 'Weight must be a number'],
    [{ date: undefined }, 'Please select a measurement date'],
    [{ date: '' }, 'Please select a measurement date'],
    [{ date: '2026-13-01' }, 'Measurement date must be a date (YYYY-MM-DD)'],
    [{ date: addDays(today, 1) }, 'Measurement date cannot be in the future'],
    [{ notes: 'x'.repeat(2001) }, 'Notes must be at most 2000 characters'],
    [{ notes: 5 }, 'Notes must be text'],
    [{ position: 'SITTING' }, 'Position must be LYING or STANDING'],
    [{ photos: ['../../etc/passwd'] }, 'Photos must be images uploaded through the measurement photo upload'],
    [
      { photos: Array.from({ length: 6 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`) },
      'A measurement can have at most 5 photos',
    ],
    [{ measuredById: '00000000-0000-4000-8000-000000000000' }, 'Unknown field: measuredById'],
  ])('validates the body (case %#)', async (over, message) => {
    const s = await seedStudent(teacher.id);
    expectError(await create(teacher, newMeasurement(s.id, over)), 400, message);
    expect(await t.app.db.$count(measurements, eq(measurements.studentId, s.id))).toBe(0);
  });

  it('answers 4xx, never 500, for malformed JSON and wrong body types', async () => {
    const send = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/measurements',
        headers: { ...teacher.auth, 'content-type': 'application/json' },
        payload,
      });
    expectError(await send('{"height": 8'), 400, 'The request body is not valid JSON');
    expectError(await send('[1,2]'), 400, 'The request body must be a JSON object');
    expectError(await send('42'), 400, 'The request body must be a JSON object');
    expectError(await send(JSON.stringify({ notes: 'x'.repeat(300_000) })), 413);
    expectError(await t.app.inject({ method: 'POST', url: '/api/measurements', payload: {} }), 401);
  });
});

describe('measurement photos', () => {
  it('stores an image by its bytes and answers { url, id }; either goes into photos', async () => {
    const res = await upload(teacher, [{ name: 'type', data: 'measurement' }, photoPart(SAMPLE_IMAGES.webp)]);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['id', 'url']);
    expect(LINK.exec(body.url)?.[1]).toBe(body.id);
    const [row] = await t.app.db.select().from(storedFiles).where(eq(storedFiles.id, body.id));
    expect(row).toMatchObject({ purpose: 'measurement-photo', ownerId: teacher.id, mimeType: 'image/webp' });
    const img = await t.app.inject({ method: 'GET', url: body.url });
    expect(img.statusCode).toBe(200);
    expect(img.rawPayload.equals(SAMPLE_IMAGES.webp)).toBe(true);

    // The file part first and the type after it works too; so does an admin.
    const after = await upload(admin, [photoPart(SAMPLE_IMAGES.jpeg, 'm.jpg'), { name: 'type', data: 'x' }]);
    expect(after.statusCode).toBe(201);

    const s = await seedStudent(teacher.id);
    const second = await photo(teacher);
    const m = await seedMeasurement(teacher, s.id, { photos: [body.url, second.id] });
    expect(m.photos.map((u: string) => LINK.exec(u)?.[1])).toEqual([body.id, second.id]);
    expect(m.photoUrl).toBe(m.photos[0]);
    expect((await t.app.inject({ method: 'GET', url: m.photoUrl })).statusCode).toBe(200);
  });

  it('refuses a non-image, an HTML page named .png, a too large file and a missing file', async () => {
    expectError(
      await upload(teacher, [photoPart('%PDF-1.7 not a photo', 'x.pdf')]),
      415,
      'Photos must be JPG, PNG, GIF or WebP images',
    );
    expectError(
      await upload(teacher, [photoPart('<html><body onload="alert(1)"></body></html>', 'fake.png')]),
      415,
      'Photos must be JPG, PNG, GIF or WebP images',
    );
    expectError(
      await upload(teacher, [photoPart(Buffer.concat([SAMPLE_IMAGES.png, Buffer.alloc(5 * 1024 * 1024)]))]),
      413,
      'Each photo must be 5 MB or smaller',
    );
    expectError(await upload(teacher, [{ name: 'type', data: 'measurement' }]), 400);
    const wrongField = fileUpload('files', 'm.png', 'image/png', SAMPLE_IMAGES.png);
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/file-upload/measurement',
        headers: { ...teacher.auth, ...wrongField.headers },
        payload: wrongField.payload,
      }),
      400,
      'file: choose a photo to upload',
    );
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/file-upload/measurement',
        headers: teacher.auth,
        payload: { file: 'x' },
      }),
      415,
    );
    expectError(await upload(null, [photoPart()]), 401);
  });

  it('refuses photos that are not the user’s own measurement uploads (400) or already used (409)', async () => {
    const s = await seedStudent(teacher.id);
    const theirs = await photo(otherTeacher);
    expectError(
      await create(teacher, newMeasurement(s.id, { photos: [theirs.url] })),
      400,
      'Photos must be images uploaded through the measurement photo upload',
    );
    const activityPhoto = fileUpload('files', 'a.png', 'image/png', SAMPLE_IMAGES.png);
    const act = await t.app.inject({
      method: 'POST',
      url: '/api/file-upload/activities',
      headers: { ...teacher.auth, ...activityPhoto.headers },
      payload: activityPhoto.payload,
    });
    expect(act.statusCode).toBe(201);
    expectError(
      await create(teacher, newMeasurement(s.id, { photos: [act.json().files[0]] })),
      400,
      'Photos must be images uploaded through the measurement photo upload',
    );
    const mine = await photo(teacher);
    await seedMeasurement(teacher, s.id, { photos: [mine.id] });
    expectError(
      await create(teacher, newMeasurement(s.id, { photos: [mine.url] })),
      409,
      'A photo is already attached to another measurement',
    );
  });
});

describe('concurrent claims', () => {
  it('lets only one of two simultaneous measurements take the same photo (the other: 409)', async () => {
    const s = await seedStudent(teacher.id);
    const p = await photo(teacher);
    const results = await Promise.all([
      create(teacher, newMeasurement(s.id, { photos: [p.url] })),
      create(teacher, newMeasurement(s.id, { photos: [p.id] })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await t.app.db.$count(measurements, eq(measurements.studentId, s.id))).toBe(1);
  });
});

describe('reading measurements', () => {
  let mine: { id: string };
  let theirs: { id: string };
  let mineStudent: { id: string };

  beforeAll(async () => {
    mineStudent = await seedStudent(teacher.id);
    const s2 = await seedStudent(otherTeacher.id);
    mine = await seedMeasurement(teacher, mineStudent.id);
    theirs = await seedMeasurement(admin, s2.id);
  });

  it('shows a teacher their students’ measurements and an admin all', async () => {
    const own = (await list(teacher)).json() as { id: string }[];
    expect(own.some((m) => m.id === mine.id)).toBe(true);
    expect(own.some((m) => m.id === theirs.id)).toBe(false);
    const all = (await list(admin)).json() as { id: string }[];
    expect(all.some((m) => m.id === mine.id) && all.some((m) => m.id === theirs.id)).toBe(true);
    expect((await get(teacher, mine.id)).json().id).toBe(mine.id);
    expect((await get(admin, mine.id)).statusCode).toBe(200);
  });

  it('answers 404 “Measurement not found.” outside the teacher’s scope and for a missing id', async () => {
    expectError(await get(teacher, theirs.id), 404, 'Measurement not found.');
    expectError(await get(admin, '00000000-0000-4000-8000-000000000000'), 404, 'Measurement not found.');
    expectError(await get(teacher, '123'), 400);
  });

  it('follows reassignment: the new teacher sees the student’s measurements, the old one no longer', async () => {
    const s = await seedStudent(teacher.id);
    const m = await seedMeasurement(teacher, s.id);
    const move = await t.app.inject({
      method: 'PATCH',
      url: `/api/students/${s.id}`,
      headers: admin.auth,
      payload: { assignedTeacherId: otherTeacher.id },
    });
    expect(move.statusCode).toBe(200);
    expectError(await get(teacher, m.id), 404, 'Measurement not found.');
    expect((await get(otherTeacher, m.id)).json().measuredBy.id).toBe(teacher.id);
    expectError(await create(teacher, newMeasurement(s.id)), 404, 'Student not found');
  });

  it('filters by teacher (teachers: their own only), student and date; pages newest first', async () => {
    expectError(
      await list(teacher, `?teacherId=${otherTeacher.id}`),
      403,
      'Teachers can only list measurements of their own students',
    );
    const pager = await seedUser(t.app, { role: 'TEACHER' });
    const kid = await seedStudent(pager.id);
    const sibling = await seedStudent(pager.id);
    for (const [i, d] of [4, 1, 3, 2].entries()) {
      await seedMeasurement(pager, kid.id, { date: addDays(today, -d), height: 80 + i });
    }
    const later = await seedMeasurement(pager, kid.id, { date: addDays(today, -1), height: 99 });
    await seedMeasurement(pager, sibling.id, { date: addDays(today, -10) });

    const heights = (rows: { height: number }[]) => rows.map((m) => m.height);
    expect(heights((await list(pager, `?studentId=${kid.id}`)).json())).toEqual([99, 81, 83, 82, 80]);
    const page = await list(pager, `?studentId=${kid.id}&page=2&limit=2`);
    expect(page.headers['x-total-count']).toBe('5');
    expect(heights(page.json())).toEqual([83, 82]);
    const first = await list(pager, '?limit=1');
    expect(first.headers['x-total-count']).toBe('6');
    expect(first.json()[0].id).toBe(later.id);
    expect((await list(pager)).headers['x-total-count']).toBeUndefined();
    expect(heights((await list(pager, `?date=${addDays(today, -3)}`)).json())).toEqual([82]);
    expect((await list(admin, `?teacherId=${pager.id}`)).json()).toHaveLength(6);
    expect((await list(pager, `?teacherId=${pager.id}&page=1`)).headers['x-total-count']).toBe('6');
    // Another teacher's student id filters to nothing for this teacher.
    expect((await list(teacher, `?studentId=${kid.id}`)).json()).toEqual([]);
  });

  it.each([
    ['?page=-1', 'page must be a whole number between 1 and 100000'],
    ['?limit=0', 'limit must be a whole number between 1 and 100'],
    ['?limit=abc', 'limit must be a whole number between 1 and 100'],
    ['?date=2026-02-31', 'date must be a date (YYYY-MM-DD)'],
    ['?studentId=abc', 'studentId must be a valid identifier'],
    ['?teacherId=abc', 'teacherId must be a valid identifier'],
    ['?search=x', 'Unknown field: search'],
  ])('refuses a bad query %s with 400', async (query, message) => {
    expectError(await list(admin, query), 400, message);
  });

  it('requires a token (401)', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/measurements' }), 401);
    expectError(await t.app.inject({ method: 'GET', url: `/api/measurements/${mine.id}` }), 401);
  });
});

describe('deleted records', () => {
  it('a soft-deleted measurement is hidden from lists and reads', async () => {
    const s = await seedStudent(teacher.id);
    const m = await seedMeasurement(teacher, s.id);
    await t.app.db.update(measurements).set({ deletedAt: new Date() }).where(eq(measurements.id, m.id));
    for (const who of [teacher, admin]) {
      expectError(await get(who, m.id), 404, 'Measurement not found.');
      expect((await list(who, `?studentId=${s.id}`)).json()).toEqual([]);
    }
  });

  it('deleting the student hides its measurements from every list and read', async () => {
    const s = await seedStudent(teacher.id);
    const m = await seedMeasurement(teacher, s.id);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/students/${s.id}`, headers: admin.auth });
    expect(del.statusCode).toBe(200);
    for (const who of [teacher, admin]) {
      expectError(await get(who, m.id), 404, 'Measurement not found.');
      const res = await list(who, `?studentId=${s.id}&page=1`);
      expect(res.json()).toEqual([]);
      expect(res.headers['x-total-count']).toBe('0');
      expect(((await list(who)).json() as { id: string }[]).some((x) => x.id === m.id)).toBe(false);
    }
    const [row] = await t.app.db.select().from(measurements).where(eq(measurements.id, m.id));
    expect(row.deletedAt).toBeNull();
  });
});

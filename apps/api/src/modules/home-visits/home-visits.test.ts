import {
  addDays,
  EARTH_RADIUS_METERS,
  fileIdOfEntry,
  HOME_VISIT_MESSAGES as M,
  homeVisitSchema,
  RECORDED_AT_MESSAGES,
  todayIn,
  type HomeVisit,
} from '@csp/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeVisits, notifications, storedFiles, students } from '../../db/schema.ts';
import { walksTheOrder } from './home-visits.repo.ts';
import { fileUpload, SAMPLE_DOCUMENTS, SAMPLE_IMAGES } from '../../test/multipart.ts';
import { expectError, onPostgres, seedUser, type SeededUser, type TestContext } from '../../test/setup.ts';
import {
  callerAs,
  closeTestApp,
  createStaffApp,
  HOME,
  studentSeeder,
  yearsAgo,
} from '../../test/factories.ts';

let t: TestContext;
let admin: SeededUser;
let admin2: SeededUser;
let teacher: SeededUser;
let otherTeacher: SeededUser;
const today = todayIn('Asia/Colombo');

/** A point `meters` due north of the home (along a meridian the great-circle distance is R·Δφ). */
const north = (meters: number) => ({
  latitude: HOME.latitude + (meters / EARTH_RADIUS_METERS) * (180 / Math.PI),
  longitude: HOME.longitude,
});

const seedStudent = studentSeeder(() => t.app, {
  prefix: 'HV',
  firstName: 'Kavin',
  lastName: (n) => `Home${n}`,
  dateOfBirth: yearsAgo(2),
  category: 'HOME_BASE',
  homeLatitude: HOME.latitude,
  homeLongitude: HOME.longitude,
  homeLocationName: 'Nallur, Jaffna',
  address: '12 Temple Road',
});

const newVisit = (studentId: string, over: Record<string, unknown> = {}) => ({
  studentId,
  date: addDays(today, -1),
  duration: 45,
  notes: 'Talked about feeding',
  photos: [],
  ...north(10),
  locationName: 'Nallur',
  ...over,
});

const inject = callerAs(() => t.app);
const create = (as: SeededUser, payload: unknown) => inject(as, 'POST', '/api/home-visits', payload);
const get = (as: SeededUser, id: string) => inject(as, 'GET', `/api/home-visits/${id}`);
const list = (as: SeededUser, query = '') => inject(as, 'GET', `/api/home-visits${query}`);
const patch = (as: SeededUser, id: string, payload: unknown) =>
  inject(as, 'PATCH', `/api/home-visits/${id}`, payload);
const remove = (as: SeededUser, id: string) => inject(as, 'DELETE', `/api/home-visits/${id}`);
const approve = (as: SeededUser, id: string, payload: unknown = {}) =>
  inject(as, 'PATCH', `/api/home-visits/${id}/approve`, payload);
const reject = (as: SeededUser, id: string, payload: unknown) =>
  inject(as, 'PATCH', `/api/home-visits/${id}/reject`, payload);
const queue = (as: SeededUser, query = '') => inject(as, 'GET', `/api/home-visits/pending/review${query}`);

function upload(as: SeededUser | null, data: Buffer | string, name = 'file.bin', field = 'file') {
  const body = fileUpload(field, name, 'application/octet-stream', data);
  return t.app.inject({
    method: 'POST',
    url: '/api/file-upload/home-visit',
    headers: { ...(as?.auth ?? {}), ...body.headers },
    payload: body.payload,
  });
}

async function seedVisit(as: SeededUser, studentId: string, over: Record<string, unknown> = {}) {
  const res = await create(as, newVisit(studentId, over));
  expect(res.statusCode, res.body).toBe(201);
  return homeVisitSchema.parse(res.json());
}

const rowOf = async (id: string) => {
  const [row] = await t.app.db.select().from(homeVisits).where(eq(homeVisits.id, id));
  return row;
};

const setThreshold = (as: SeededUser, distanceMeters: unknown) =>
  inject(as, 'PATCH', '/api/settings/home-visit-distance', { distanceMeters });

beforeAll(async () => {
  ({ t, admin, admin2, teacher, otherTeacher } = await createStaffApp({ secondAdmin: true }));
});
afterAll(() => closeTestApp(t));

describe('POST /api/home-visits: distance and status', () => {
  it('approves a visit within the threshold at once and keeps every field', async () => {
    const s = await seedStudent(teacher.id);
    const res = await create(teacher, newVisit(s.id, { accuracy: 8 }));
    expect(res.statusCode, res.body).toBe(201);
    const v = homeVisitSchema.parse(res.json());
    expect(v).toMatchObject({
      studentId: s.id,
      teacherId: teacher.id,
      teacher: { id: teacher.id, firstName: 'Tara', lastName: 'Field' },
      visitDate: addDays(today, -1),
      duration: 45,
      notes: 'Talked about feeding',
      locationName: 'Nallur',
      locationAccuracy: 8,
      status: 'APPROVED',
      isWithinRange: true,
      distanceFromHome: 10,
      reviewNotes: null,
      reviewedBy: null,
      reviewedAt: null,
    });
    expect(v.student).toEqual({
      id: s.id,
      firstName: 'Kavin',
      lastName: s.lastName,
      age: 2,
      category: 'HOME_BASE',
      address: '12 Temple Road',
      homeLatitude: HOME.latitude,
      homeLongitude: HOME.longitude,
      homeLocationName: 'Nallur, Jaffna',
    });
  });

  it('approves exactly at the threshold and sends one metre over to review', async () => {
    const s = await seedStudent(teacher.id);
    const at = await seedVisit(teacher, s.id, north(50));
    expect([at.distanceFromHome, at.isWithinRange, at.status]).toEqual([50, true, 'APPROVED']);
    const over = await seedVisit(teacher, s.id, north(51));
    expect([over.distanceFromHome, over.isWithinRange, over.status]).toEqual([51, false, 'PENDING']);
  });

  it('computes the great-circle distance for a far visit (kilometres away)', async () => {
    const s = await seedStudent(teacher.id);
    // Jaffna town to Point Pedro: about 31 km.
    const v = await seedVisit(teacher, s.id, { latitude: 9.8167, longitude: 80.2333 });
    expect(v.distanceFromHome).toBeGreaterThan(28_000);
    expect(v.distanceFromHome).toBeLessThan(32_000);
    expect(v.status).toBe('PENDING');
  });

  it('sends a visit without coordinates, or to a student without a home location, to review', async () => {
    const s = await seedStudent(teacher.id);
    const none = await seedVisit(teacher, s.id, { latitude: null, longitude: null, accuracy: 5 });
    expect(none).toMatchObject({ status: 'PENDING', isWithinRange: null, distanceFromHome: null });
    expect(none.locationAccuracy).toBeNull();
    const omitted = await seedVisit(teacher, s.id, { latitude: undefined, longitude: undefined });
    expect(omitted.status).toBe('PENDING');
    const homeless = await seedStudent(teacher.id, { homeLatitude: null, homeLongitude: null });
    const v = await seedVisit(teacher, homeless.id);
    expect(v).toMatchObject({ status: 'PENDING', isWithinRange: null, distanceFromHome: null });
  });

  it('does not approve by itself a fix coarser than the threshold, though the point is in range', async () => {
    const s = await seedStudent(teacher.id);
    const v = await seedVisit(teacher, s.id, { ...north(5), accuracy: 120 });
    expect(v).toMatchObject({
      status: 'PENDING',
      isWithinRange: true,
      distanceFromHome: 5,
      locationAccuracy: 120,
    });
    const fine = await seedVisit(teacher, s.id, { ...north(5), accuracy: 50 });
    expect(fine.status).toBe('APPROVED');
  });

  it('ignores a forged status and teacherId in the payload', async () => {
    const s = await seedStudent(teacher.id);
    const v = await seedVisit(teacher, s.id, {
      ...north(400),
      status: 'APPROVED',
      teacherId: otherTeacher.id,
    });
    expect(v.status).toBe('PENDING');
    expect(v.teacherId).toBe(teacher.id);
  });

  it('applies a changed threshold to new visits only', async () => {
    const s = await seedStudent(teacher.id);
    const before = await seedVisit(teacher, s.id, north(120));
    expect(before.status).toBe('PENDING');
    expect((await setThreshold(admin, 150)).statusCode).toBe(200);
    try {
      const after = await seedVisit(teacher, s.id, north(120));
      expect(after).toMatchObject({ status: 'APPROVED', isWithinRange: true });
      expect((await get(teacher, before.id)).json().status).toBe('PENDING');
    } finally {
      expect((await setThreshold(admin, 50)).statusCode).toBe(200);
    }
  });

  it('defaults the duration to 60 and keeps no empty notes', async () => {
    const s = await seedStudent(teacher.id);
    const v = await seedVisit(teacher, s.id, { duration: undefined, notes: '  ' });
    expect(v.duration).toBe(60);
    expect(v.notes).toBeNull();
  });

  it('records visits only for the teacher’s own home-base or survival-programme students', async () => {
    const theirs = await seedStudent(otherTeacher.id);
    expectError(await create(teacher, newVisit(theirs.id)), 404, 'Student not found');
    expectError(await create(teacher, newVisit(crypto.randomUUID())), 404, 'Student not found');
    const deleted = await seedStudent(teacher.id, { deletedAt: new Date() });
    expectError(await create(teacher, newVisit(deleted.id)), 404, 'Student not found');
    const center = await seedStudent(teacher.id, { category: 'CENTER_BASE', dateOfBirth: yearsAgo(4) });
    expectError(
      await create(teacher, newVisit(center.id)),
      400,
      'Home visits are recorded for home-base and survival-programme students',
    );
    const baby = await seedStudent(teacher.id, {
      category: 'SURVIVAL_PROGRAM',
      dateOfBirth: addDays(today, -90),
    });
    expect((await create(teacher, newVisit(baby.id))).statusCode).toBe(201);
  });

  it('is for teachers: an admin gets 403', async () => {
    const s = await seedStudent(teacher.id);
    expectError(await create(admin, newVisit(s.id)), 403, 'Only teachers can record home visits');
    expect(await t.app.db.select().from(homeVisits).where(eq(homeVisits.teacherId, admin.id))).toHaveLength(
      0,
    );
  });

  it.each([
    [{ studentId: undefined }, 'Please select a student'],
    [{ studentId: 'x' }, 'Please select a student'],
    [{ date: undefined }, 'Please select a visit date'],
    [{ date: '' }, 'Please select a visit date'],
    [{ date: '2026-02-30' }, 'Visit date must be a date (YYYY-MM-DD)'],
    [{ date: addDays(today, 1) }, 'Visit date cannot be in the future'],
    [{ duration: 0 }, 'Please enter a valid duration'],
    [{ duration: -1 }, 'Please enter a valid duration'],
    [{ duration: 1.5 }, 'Please enter a valid duration'],
    [{ duration: '60' }, 'Please enter a valid duration'],
    [{ duration: 481 }, 'Duration must be at most 480 minutes'],
    [{ duration: 1e15 }, 'Duration must be at most 480 minutes'],
    [{ notes: 'x'.repeat(5001) }, 'Notes must be at most 5000 characters'],
    [{ notes: 'a\u0000b' }, 'Notes contains characters that are not allowed'],
    [{ latitude: 91 }, 'Latitude must be between -90 and 90'],
    [{ longitude: -181 }, 'Longitude must be between -180 and 180'],
    [{ latitude: '9.6' }, 'Latitude must be a number'],
    [{ longitude: null }, 'Latitude and longitude must be given together'],
    [{ accuracy: -1 }, 'Accuracy must be a number of metres'],
    [{ locationName: 'x'.repeat(501) }, 'Location name must be at most 500 characters'],
    [{ photos: ['https://evil.example/x.pdf'] }, 'Files must be uploaded through the home visit upload'],
    [{ photos: 'abc' }, 'photos must be a list'],
    [
      { photos: Array.from({ length: 11 }, (_, i) => `00000000-0000-4000-8000-0000000000${10 + i}`) },
      'A home visit can have at most 10 files',
    ],
    [{ extra: 1 }, 'Unknown field: extra'],
  ])('validates the body (case %#)', async (over, message) => {
    const s = await seedStudent(teacher.id);
    expectError(await create(teacher, newVisit(s.id, over)), 400, message);
  });

  it('answers 4xx, never 500, for malformed JSON, wrong body types and huge bodies', async () => {
    const send = (payload: string, type = 'application/json') =>
      t.app.inject({
        method: 'POST',
        url: '/api/home-visits',
        headers: { ...teacher.auth, 'content-type': type },
        payload,
      });
    expectError(await send('{"studentId": '), 400, 'The request body is not valid JSON');
    expectError(await send('[]'), 400, 'The request body must be a JSON object');
    expectError(await send('null'), 400);
    expectError(await send(JSON.stringify({ notes: 'x'.repeat(300_000) })), 413);
    expectError(await send('a=b', 'application/x-www-form-urlencoded'), 415);
  });

  it('requires a token (401)', async () => {
    expectError(await inject(null, 'POST', '/api/home-visits', {}), 401);
    expectError(await inject(null, 'GET', '/api/home-visits'), 401);
  });
});

describe('home visit files', () => {
  it('stores images, PDF, DOC and DOCX by their bytes and answers url, id, name, type and size', async () => {
    for (const [name, data, mime] of [
      ['photo.jpg', SAMPLE_IMAGES.jpeg, 'image/jpeg'],
      ['scan.png', SAMPLE_IMAGES.png, 'image/png'],
      ['report.pdf', SAMPLE_DOCUMENTS.pdf, 'application/pdf'],
      ['notes.doc', SAMPLE_DOCUMENTS.doc, 'application/msword'],
      [
        'notes.docx',
        SAMPLE_DOCUMENTS.docx,
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
    ] as const) {
      const res = await upload(teacher, data, name);
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({ name, mimeType: mime, sizeBytes: data.length });
      expect(fileIdOfEntry(body.url)).toBe(body.id);
      const download = await t.app.inject({ method: 'GET', url: body.url });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe(mime);
    }
  });

  it('refuses a renamed executable, an installer, HTML and text, whatever their names', async () => {
    for (const [name, data] of [
      ['report.pdf', SAMPLE_DOCUMENTS.exe],
      ['notes.doc', SAMPLE_DOCUMENTS.msi],
      ['photo.png', SAMPLE_DOCUMENTS.html],
      ['notes.docx', 'just some text'],
    ] as const) {
      expectError(
        await upload(teacher, data, name),
        415,
        'Files must be images (JPG, PNG, GIF, WebP), PDF, DOC or DOCX',
      );
    }
  });

  it('refuses files over 10 MB, a missing file, and other roles', async () => {
    const big = Buffer.concat([SAMPLE_DOCUMENTS.pdf, Buffer.alloc(10 * 1024 * 1024)]);
    expectError(await upload(teacher, big, 'big.pdf'), 413, 'Each file must be 10 MB or smaller');
    expectError(
      await upload(teacher, SAMPLE_DOCUMENTS.pdf, 'a.pdf', 'photo'),
      400,
      'file: choose a file to upload',
    );
    expectError(await upload(admin, SAMPLE_DOCUMENTS.pdf), 403, 'Only teachers can record home visits');
    expectError(await upload(null, SAMPLE_DOCUMENTS.pdf), 401);
    const json = await inject(teacher, 'POST', '/api/file-upload/home-visit', { file: 'x' });
    expectError(json, 415);
  });

  it('attaches the teacher’s own uploads, with names and types, and refuses someone else’s or a used one', async () => {
    const s = await seedStudent(teacher.id);
    const pdf = (await upload(teacher, SAMPLE_DOCUMENTS.pdf, 'Visit report.pdf')).json();
    const img = (await upload(teacher, SAMPLE_IMAGES.png, 'home.png')).json();
    const v = await seedVisit(teacher, s.id, { photos: [img.url, pdf.id] });
    expect(v.photos).toHaveLength(2);
    expect(v.files.map((f) => [f.name, f.mimeType])).toEqual([
      ['home.png', 'image/png'],
      ['Visit report.pdf', 'application/pdf'],
    ]);
    expectError(
      await create(teacher, newVisit(s.id, { photos: [pdf.id] })),
      409,
      'A file is already attached to another home visit',
    );
    const others = (await upload(otherTeacher, SAMPLE_DOCUMENTS.pdf)).json();
    expectError(
      await create(teacher, newVisit(s.id, { photos: [others.id] })),
      400,
      'Files must be uploaded through the home visit upload',
    );
  });
});

describe('reading home visits', () => {
  let mine: HomeVisit;
  let theirs: HomeVisit;
  let far: HomeVisit;
  beforeAll(async () => {
    const s = await seedStudent(teacher.id, { firstName: 'Yalini', lastName: 'Listed' });
    const o = await seedStudent(otherTeacher.id, { firstName: 'Zed', lastName: 'Elsewhere' });
    mine = await seedVisit(teacher, s.id, { date: '2024-03-05' });
    far = await seedVisit(teacher, s.id, { ...north(900), date: '2025-07-09' });
    theirs = await seedVisit(otherTeacher, o.id, { date: '2025-07-10' });
  });

  it('shows a teacher the visits of their students only; an admin every visit', async () => {
    const ids = (res: { json: () => HomeVisit[] }) => res.json().map((v) => v.id);
    const teacherList = await list(teacher);
    expect(teacherList.statusCode).toBe(200);
    expect(ids(teacherList)).toEqual(expect.arrayContaining([mine.id, far.id]));
    expect(ids(teacherList)).not.toContain(theirs.id);
    expect(ids(await list(teacher, `?teacherId=${teacher.id}`))).not.toContain(theirs.id);
    expectError(
      await list(teacher, `?teacherId=${otherTeacher.id}`),
      403,
      'Teachers can only list their own home visits',
    );
    expect(ids(await list(admin))).toEqual(expect.arrayContaining([mine.id, far.id, theirs.id]));
  });

  it('answers another teacher’s visit as not found, and a missing one', async () => {
    expectError(await get(teacher, theirs.id), 404, 'Home visit not found');
    expectError(await get(teacher, crypto.randomUUID()), 404, 'Home visit not found');
    expectError(await get(teacher, 'not-an-id'), 400);
    expect((await get(admin, theirs.id)).statusCode).toBe(200);
    expect((await get(otherTeacher, theirs.id)).json().id).toBe(theirs.id);
  });

  it('filters by year, month, date, status, location, student and search, newest first, in pages', async () => {
    const ids = async (query: string) => (await list(admin, query)).json().map((v: HomeVisit) => v.id);
    expect(await ids('?year=2024')).toEqual([mine.id]);
    expect(await ids('?year=2025&month=7')).toEqual([theirs.id, far.id]);
    expect(await ids('?month=3&year=2024')).toEqual([mine.id]);
    expect(await ids('?date=2025-07-09')).toEqual([far.id]);
    expect(await ids('?year=2025&location=warnings')).toEqual([far.id]);
    expect(await ids('?year=2025&location=normal')).toEqual([theirs.id]);
    expect(await ids('?year=2025&status=PENDING')).toEqual([far.id]);
    expect(await ids(`?studentId=${mine.studentId}`)).toEqual([far.id, mine.id]);
    expect(await ids('?year=2025&search=elsewhere')).toEqual([theirs.id]);
    expect(await ids('?year=2025&search=omar%20oth')).toEqual([theirs.id]);
    const page = await list(admin, '?year=2025&page=2&limit=1');
    expect(page.headers['x-total-count']).toBe('2');
    expect(page.json().map((v: HomeVisit) => v.id)).toEqual([far.id]);
    const defaultPage = await list(admin, '?page=1');
    expect(defaultPage.json().length).toBeLessThanOrEqual(12);
  });

  it('leaves a deleted student’s visits out of the pages and their totals, for both roles', async () => {
    const s = await seedStudent(teacher.id, { firstName: 'Gone', lastName: 'Later' });
    const v = await seedVisit(teacher, s.id, { date: '2023-02-14' });
    const total = async (who: SeededUser, query: string) => (await list(who, query)).headers['x-total-count'];
    // Filters the kept counts do not answer: the total is counted over the visits.
    for (const query of ['?year=2023&page=1', `?teacherId=${teacher.id}&year=2023&page=1`]) {
      expect(await total(admin, query)).toBe('1');
      expect(await total(teacher, query)).toBe('1');
    }
    await t.app.db.update(students).set({ deletedAt: new Date() }).where(eq(students.id, s.id));
    for (const query of ['?year=2023&page=1', `?teacherId=${teacher.id}&year=2023&page=1`]) {
      for (const who of [admin, teacher]) {
        const res = await list(who, query);
        expect(res.json().map((x: HomeVisit) => x.id)).not.toContain(v.id);
        expect(res.headers['x-total-count']).toBe('0');
      }
    }
  });

  it('answers the years present among the visible visits, newest first', async () => {
    const years = async (who: SeededUser): Promise<number[]> =>
      (await inject(who, 'GET', '/api/home-visits/years')).json();
    const theirsOld = await seedStudent(otherTeacher.id);
    await seedVisit(otherTeacher, theirsOld.id, { date: '2021-05-04' });
    const gone = await seedStudent(teacher.id);
    await seedVisit(teacher, gone.id, { date: '2020-05-04' });
    await t.app.db.update(students).set({ deletedAt: new Date() }).where(eq(students.id, gone.id));
    const adminYears = await years(admin);
    expect(adminYears).toEqual([...adminYears].sort((a, b) => b - a));
    expect(adminYears).toEqual(expect.arrayContaining([2025, 2024, 2021, Number(today.slice(0, 4))]));
    // A deleted student's visits (2020, and 2023 of the test above) leave the years.
    expect(adminYears).not.toContain(2020);
    expect(adminYears).not.toContain(2023);
    // A teacher's years are those of their own students' visits.
    const mineYears = await years(teacher);
    expect(mineYears).toEqual(expect.arrayContaining([2025, 2024]));
    expect(mineYears).not.toContain(2021);
    expect(mineYears).not.toContain(2020);
    const theirYears = await years(otherTeacher);
    expect(theirYears).toEqual(expect.arrayContaining([2025, 2021]));
    expect(theirYears).not.toContain(2024);
    const fresh = await seedUser(t.app, { role: 'TEACHER' });
    expect((await inject(fresh, 'GET', '/api/home-visits/years')).json()).toEqual([]);
  });

  it.each([
    ['?status=DONE', 'status must be PENDING, APPROVED or REJECTED'],
    ['?location=near', 'location must be all, warnings or normal'],
    ['?month=13', 'month must be a whole number from 1 to 12'],
    ['?year=99999', 'year must be a year such as 2026'],
    ['?date=2025-13-01', 'date must be a date (YYYY-MM-DD)'],
    ['?limit=1000', 'limit must be a whole number between 1 and 100'],
    ['?sort=x', 'Unknown field: sort'],
  ])('refuses a bad query %s', async (query, message) => {
    expectError(await list(admin, query), 400, message);
  });
});

describe('PATCH and DELETE /api/home-visits/{id}: the owner only', () => {
  it('lets the owner change date, duration, notes and files; an ISO date-time is read as the org’s day', async () => {
    const s = await seedStudent(teacher.id);
    const keep = (await upload(teacher, SAMPLE_IMAGES.png, 'keep.png')).json();
    const drop = (await upload(teacher, SAMPLE_DOCUMENTS.pdf, 'drop.pdf')).json();
    const v = await seedVisit(teacher, s.id, { photos: [keep.id, drop.id] });
    const added = (await upload(teacher, SAMPLE_DOCUMENTS.docx, 'new.docx')).json();
    // Midnight of the 3rd in Colombo (UTC+5:30) is 18:30 UTC on the 2nd.
    const day = addDays(today, -3);
    const res = await patch(teacher, v.id, {
      visitDate: `${addDays(day, -1)}T18:30:00.000Z`,
      duration: 480,
      notes: 'Updated',
      photos: [keep.url, added.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = homeVisitSchema.parse(res.json());
    expect(updated).toMatchObject({ visitDate: day, duration: 480, notes: 'Updated', status: 'APPROVED' });
    expect(updated.files.map((f) => f.name)).toEqual(['keep.png', 'new.docx']);
    expect(await t.app.db.select().from(storedFiles).where(eq(storedFiles.id, drop.id))).toHaveLength(0);
    expect((await patch(teacher, v.id, { visitDate: day })).json().visitDate).toBe(day);
  });

  it('recomputes distance and status for a new location, and clears them without one', async () => {
    const s = await seedStudent(teacher.id);
    const v = await seedVisit(teacher, s.id);
    const moved = (await patch(teacher, v.id, { ...north(300), locationName: 'Market', accuracy: 9 })).json();
    expect(moved).toMatchObject({
      status: 'PENDING',
      isWithinRange: false,
      distanceFromHome: 300,
      locationName: 'Market',
      locationAccuracy: 9,
    });
    const back = (await patch(teacher, v.id, { ...north(20) })).json();
    expect(back).toMatchObject({ status: 'APPROVED', isWithinRange: true, distanceFromHome: 20 });
    const cleared = (await patch(teacher, v.id, { latitude: null, longitude: null })).json();
    expect(cleared).toMatchObject({
      status: 'PENDING',
      distanceFromHome: null,
      isWithinRange: null,
      latitude: null,
    });
    const forged = await patch(teacher, v.id, { status: 'APPROVED' });
    expect(forged.json().status).toBe('PENDING');
  });

  it('refuses another teacher (403 or 404) and an admin, leaving the visit unchanged', async () => {
    const s = await seedStudent(teacher.id);
    const v = await seedVisit(teacher, s.id);
    const before = await rowOf(v.id);
    expectError(await patch(otherTeacher, v.id, { notes: 'Mine now' }), 404, 'Home visit not found');
    expectError(
      await patch(admin, v.id, { notes: 'Admin edit' }),
      403,
      'You can only edit your own home visits',
    );
    expectError(await remove(otherTeacher, v.id), 404, 'Home visit not found');
    expectError(await remove(admin, v.id), 403, 'You can only delete your own home visits');
    // A colleague now holding the student sees the visit but cannot change it.
    await t.app.db.update(students).set({ assignedTeacherId: otherTeacher.id }).where(eq(students.id, s.id));
    expectError(
      await patch(otherTeacher, v.id, { notes: 'x' }),
      403,
      'You can only edit your own home visits',
    );
    expectError(await remove(otherTeacher, v.id), 403, 'You can only delete your own home visits');
    expectError(await patch(teacher, v.id, { notes: 'x' }), 404, 'Home visit not found');
    expect(await rowOf(v.id)).toEqual(before);
  });

  it('refuses changes once an admin has reviewed the visit (409), but its teacher may delete it', async () => {
    const s = await seedStudent(teacher.id);
    const v = await seedVisit(teacher, s.id, north(500));
    expect((await approve(admin, v.id)).statusCode).toBe(200);
    expectError(
      await patch(teacher, v.id, { ...north(5) }),
      409,
      'This home visit has been reviewed and can no longer be changed',
    );
    expect((await rowOf(v.id)).distanceFromHome).toBe(500);
    // Still closed when the reviewing admin's account is gone (reviewed_by_id set null).
    await t.app.db.update(homeVisits).set({ reviewedById: null }).where(eq(homeVisits.id, v.id));
    expectError(await patch(teacher, v.id, { notes: 'x' }), 409);
    const del = await remove(teacher, v.id);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ message: 'Home visit deleted successfully' });
  });

  it.each([
    [{ visitDate: '' }, 'Please select a visit date'],
    [{ visitDate: 'yesterday' }, 'Visit date must be a date (YYYY-MM-DD)'],
    [{ visitDate: addDays(today, 2) }, 'Visit date cannot be in the future'],
    [{ duration: 0 }, 'Please enter a valid duration'],
    [{ duration: 481 }, 'Duration must be at most 480 minutes'],
    [{ latitude: 9.6 }, 'Latitude and longitude must be given together'],
    [{ studentId: crypto.randomUUID() }, 'Unknown field: studentId'],
  ])('validates the edit (case %#)', async (body, message) => {
    const s = await seedStudent(teacher.id);
    const v = await seedVisit(teacher, s.id);
    expectError(await patch(teacher, v.id, body), 400, message);
  });

  it('soft-deletes: the visit leaves every list and the student card, the row and files stay', async () => {
    const s = await seedStudent(teacher.id);
    const file = (await upload(teacher, SAMPLE_DOCUMENTS.pdf)).json();
    const v = await seedVisit(teacher, s.id, { photos: [file.id] });
    expect((await remove(teacher, v.id)).statusCode).toBe(200);
    expectError(await get(teacher, v.id), 404, 'Home visit not found');
    expectError(await get(admin, v.id), 404, 'Home visit not found');
    expect((await list(admin, `?studentId=${s.id}`)).json()).toEqual([]);
    expect((await rowOf(v.id)).deletedAt).not.toBeNull();
    expect(await t.app.db.select().from(storedFiles).where(eq(storedFiles.id, file.id))).toHaveLength(1);
    expectError(await remove(teacher, v.id), 404, 'Home visit not found');
  });
});

describe('review', () => {
  it('lists pending visits for admins only, filtered and paged', async () => {
    const s = await seedStudent(teacher.id, { firstName: 'Queue', lastName: 'Person' });
    const pending = await seedVisit(teacher, s.id, { ...north(70), date: '2023-01-02' });
    const approved = await seedVisit(teacher, s.id, { date: '2023-01-03' });
    const res = await queue(admin, '?year=2023');
    expect(res.json().map((v: HomeVisit) => v.id)).toEqual([pending.id]);
    expect(res.json().map((v: HomeVisit) => v.id)).not.toContain(approved.id);
    const paged = await queue(admin, '?search=queue%20person&page=1');
    expect(paged.headers['x-total-count']).toBe('1');
    expect((await queue(admin, '?year=2023&location=normal')).json()).toEqual([]);
    expectError(await queue(teacher), 403, 'Only administrators can review home visits');
    expectError(await queue(admin, '?status=PENDING'), 400, 'Unknown field: status');
  });

  it("searches by a teacher's or a child's name: totals from the kept counts, pages that neither skip nor repeat", async () => {
    const k1 = await seedUser(t.app, { firstName: 'Dense', lastName: 'Kandiahx' });
    const k2 = await seedUser(t.app, { firstName: 'Also', lastName: 'Kandiahx' });
    const mine = await seedStudent(k1.id);
    const theirs = await seedStudent(k2.id);
    const named = await seedStudent(otherTeacher.id, { firstName: 'Kandiahx', lastName: 'Child' });
    const gone = await seedStudent(k1.id);
    // Far from home: waiting for review.
    const far = (daysAgo: number) => ({ ...north(900), date: addDays(today, -daysAgo) });
    const matched: string[] = [];
    for (let i = 0; i < 9; i++) matched.push((await seedVisit(k1, mine.id, far(1 + i))).id);
    for (let i = 0; i < 3; i++) matched.push((await seedVisit(k2, theirs.id, far(2 + i))).id);
    for (let i = 0; i < 2; i++) matched.push((await seedVisit(otherTeacher, named.id, far(3))).id);
    // Matched by both names (a child's visit moved to a matching teacher): counted once.
    await t.app.db.update(homeVisits).set({ teacherId: k2.id }).where(eq(homeVisits.id, matched[13]));
    // Not in the queue: approved (near home), deleted, of a deleted child.
    const reviewed = await seedVisit(otherTeacher, named.id);
    expect(reviewed.status).toBe('APPROVED');
    expect((await remove(k1, (await seedVisit(k1, mine.id, far(1))).id)).statusCode).toBe(200);
    await seedVisit(k1, gone.id, far(1));
    await t.app.db.update(students).set({ deletedAt: new Date() }).where(eq(students.id, gone.id));

    const stored = await t.app.db.select().from(homeVisits).where(inArray(homeVisits.id, matched));
    const newestFirst = stored
      .sort(
        (a, b) =>
          b.visitDate.localeCompare(a.visitDate) ||
          b.createdAt.getTime() - a.createdAt.getTime() ||
          b.id.localeCompare(a.id),
      )
      .map((v) => v.id);
    const seen: string[] = [];
    for (let pageNo = 1; pageNo <= 5; pageNo++) {
      const res = await queue(admin, `?search=KANDIAHX&page=${pageNo}&limit=4`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['x-total-count']).toBe('14');
      seen.push(...res.json().map((v: HomeVisit) => v.id));
    }
    expect(seen).toEqual(newestFirst);
    // The child's full name: its two visits, one of them recorded by a matching teacher now.
    const child = await queue(admin, '?search=kandiahx%20child&page=1&limit=4');
    expect(child.headers['x-total-count']).toBe('2');
    expect(
      child
        .json()
        .map((v: HomeVisit) => v.id)
        .sort(),
    ).toEqual(matched.slice(12).sort());
    // The visits list: every status, or one.
    expect((await list(admin, '?search=kandiahx&page=1&limit=2')).headers['x-total-count']).toBe('15');
    expect((await list(admin, '?search=kandiahx&status=APPROVED&page=1')).json()).toEqual([
      expect.objectContaining({ id: reviewed.id }),
    ]);
    // A teacher's search counts their own children's visits only (the exact count).
    expect((await list(k1, '?search=kandiahx&page=1&limit=2')).headers['x-total-count']).toBe('9');
  });

  it('walks the order for a page of dense matches, sorts the matches for sparse ones', () => {
    // 16,667 of 66,667 pending visits match: a page of 10 reads about 40 in order.
    expect(walksTheOrder({ offset: 0, limit: 10 }, { total: 16_667, scope: 66_667 })).toBe(true);
    // Deep in the same matches, or a couple of matches among them all: the sort.
    expect(walksTheOrder({ offset: 5_000, limit: 10 }, { total: 16_667, scope: 66_667 })).toBe(false);
    expect(walksTheOrder({ offset: 0, limit: 10 }, { total: 2, scope: 66_667 })).toBe(false);
  });

  it('approves once, with optional notes, and tells the teacher', async () => {
    const s = await seedStudent(teacher.id);
    const v = await seedVisit(teacher, s.id, north(80));
    const res = await approve(admin, v.id, { reviewNotes: '  Fine  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Home visit approved successfully' });
    const after = (await get(teacher, v.id)).json();
    expect(after).toMatchObject({
      status: 'APPROVED',
      reviewNotes: 'Fine',
      reviewedBy: { firstName: 'Ada', lastName: 'Admin' },
    });
    expect(after.reviewedAt).not.toBeNull();
    expectError(await approve(admin, v.id), 409, 'This home visit has already been reviewed');
    expectError(
      await reject(admin, v.id, { reviewNotes: 'Too far' }),
      409,
      'This home visit has already been reviewed',
    );
    const told = await t.app.db.select().from(notifications).where(eq(notifications.userId, teacher.id));
    expect(told.map((n) => n.title)).toContain('Home visit approved');
    // Without a body at all too.
    const v2 = await seedVisit(teacher, s.id, north(80));
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/home-visits/${v2.id}/approve`, headers: admin.auth }))
        .statusCode,
    ).toBe(200);
  });

  it('rejects only with a reason, and tells the teacher why', async () => {
    const s = await seedStudent(teacher.id, { firstName: 'Rejected', lastName: 'Kid' });
    const v = await seedVisit(teacher, s.id, { ...north(900), date: addDays(today, -2) });
    expectError(
      await reject(admin, v.id, { reviewNotes: '   ' }),
      400,
      'Please provide a reason for rejection',
    );
    expectError(await reject(admin, v.id, {}), 400, 'Please provide a reason for rejection');
    expectError(await reject(admin, v.id, { reviewNotes: 5 }), 400, 'Please provide a reason for rejection');
    expect((await rowOf(v.id)).status).toBe('PENDING');
    const res = await reject(admin, v.id, { reviewNotes: 'The location is 900 m from home' });
    expect(res.json()).toEqual({ message: 'Home visit rejected' });
    expect((await get(teacher, v.id)).json()).toMatchObject({
      status: 'REJECTED',
      reviewNotes: 'The location is 900 m from home',
    });
    const [note] = await t.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.title, 'Home visit rejected'));
    expect(note.userId).toBe(teacher.id);
    expect(note.message).toBe(
      `Your home visit to Rejected Kid on ${addDays(today, -2)} was rejected: The location is 900 m from home`,
    );
  });

  it('is for admins only; a missing or deleted visit is not found', async () => {
    const s = await seedStudent(teacher.id);
    const v = await seedVisit(teacher, s.id, north(80));
    expectError(await approve(teacher, v.id), 403, 'Only administrators can review home visits');
    expectError(await reject(otherTeacher, v.id, { reviewNotes: 'x' }), 403);
    expect((await rowOf(v.id)).status).toBe('PENDING');
    expectError(await approve(admin, crypto.randomUUID()), 404, 'Home visit not found');
    await remove(teacher, v.id);
    expectError(await approve(admin, v.id), 404, 'Home visit not found');
    expectError(await approve(admin, v.id, { reviewNotes: 'x', extra: 1 }), 400, 'Unknown field: extra');
  });

  it('lets one of two admins deciding at once win; the other gets 409', async () => {
    const s = await seedStudent(teacher.id);
    const v = await seedVisit(teacher, s.id, north(80));
    const [a, b] = await Promise.all([approve(admin, v.id), reject(admin2, v.id, { reviewNotes: 'No' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });

  it.runIf(onPostgres)('applies exactly one of 20 concurrent approvals of one visit', async () => {
    const s = await seedStudent(teacher.id);
    const v = await seedVisit(teacher, s.id, north(80));
    const before = (await t.app.db.select().from(notifications).where(eq(notifications.userId, teacher.id)))
      .length;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => approve(i % 2 ? admin : admin2, v.id, { reviewNotes: `r${i}` })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const after = (await t.app.db.select().from(notifications).where(eq(notifications.userId, teacher.id)))
      .length;
    expect(after - before).toBe(1);
  });
});

describe('settings: the distance threshold', () => {
  it('is read by everyone and changed by admins only, 10–500 whole metres', async () => {
    expect((await inject(teacher, 'GET', '/api/settings')).json()).toEqual({
      homeVisitDistanceThreshold: 50,
    });
    expectError(
      await setThreshold(teacher, 100),
      403,
      'Only administrators can change the distance threshold',
    );
    const range = 'Distance must be a whole number of metres between 10 and 500';
    for (const bad of [9, 501, 10.5, '100', null, -1, 1e12])
      expectError(await setThreshold(admin, bad), 400, range);
    expectError(
      await inject(admin, 'PATCH', '/api/settings/home-visit-distance', { distanceMeters: 20, x: 1 }),
      400,
    );
    const ok = await setThreshold(admin, 10);
    expect(ok.json()).toEqual({
      homeVisitDistanceThreshold: 10,
      message: 'Distance threshold updated successfully',
    });
    expect((await inject(teacher, 'GET', '/api/settings')).json()).toEqual({
      homeVisitDistanceThreshold: 10,
    });
    expect((await setThreshold(admin, 500)).statusCode).toBe(200);
    expect((await setThreshold(admin, 50)).statusCode).toBe(200);
    expectError(await inject(null, 'GET', '/api/settings'), 401);
  });
});

describe('a visit recorded offline and sent later', () => {
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

  it("keeps the phone's time of recording beside its arrival, and the distance rule is the same", async () => {
    const s = await seedStudent(teacher.id);
    const recordedAt = hoursAgo(20);
    const before = Date.now();
    const res = await create(teacher, newVisit(s.id, { recordedAt }));
    expect(res.statusCode, res.body).toBe(201);
    const v = homeVisitSchema.parse(res.json());
    expect(v.recordedAt).toBe(recordedAt);
    expect(Date.parse(v.createdAt)).toBeGreaterThanOrEqual(before);
    expect(v).toMatchObject({ status: 'APPROVED', isWithinRange: true });
    const again = homeVisitSchema.parse((await inject(admin, 'GET', `/api/home-visits/${v.id}`)).json());
    expect(again.recordedAt).toBe(recordedAt);
  });

  it('is recorded now when it is sent at once: without recordedAt, or with one within the clocks’ error', async () => {
    const s = await seedStudent(teacher.id);
    for (const recordedAt of [undefined, new Date(Date.now() - 60_000).toISOString()]) {
      const res = await create(teacher, newVisit(s.id, recordedAt ? { recordedAt } : {}));
      expect(res.statusCode, res.body).toBe(201);
      const v = homeVisitSchema.parse(res.json());
      expect(v.recordedAt).toBe(v.createdAt);
    }
  });

  it('refuses a time of recording in the future, older than the limit, or not a time, and writes nothing', async () => {
    const s = await seedStudent(teacher.id);
    const cases: [unknown, string][] = [
      [new Date(Date.now() + 10 * 60_000).toISOString(), RECORDED_AT_MESSAGES.inFuture],
      [hoursAgo(8 * 24), RECORDED_AT_MESSAGES.tooOld(7)],
      ['yesterday', M.recordedAtInvalid],
      [42, M.recordedAtInvalid],
    ];
    for (const [recordedAt, message] of cases) {
      expectError(await create(teacher, newVisit(s.id, { recordedAt })), 400, message);
    }
    const rows = await t.app.db.select().from(homeVisits).where(eq(homeVisits.studentId, s.id));
    expect(rows).toEqual([]);
  });
});

import { existsSync } from 'node:fs';
import path from 'node:path';
import { addDays, fileIdOfEntry, todayIn } from '@csp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, storedFiles } from '../../db/schema.ts';
import { FILE_LINK } from '../../test/file-links.ts';
import { fileUpload, multipart, SAMPLE_IMAGES } from '../../test/multipart.ts';
import { expectError, seedUser, type SeededUser, type TestContext } from '../../test/setup.ts';
import { closeTestApp, createStaffApp, studentSeeder, yearsAgo } from '../../test/factories.ts';

const LINK = FILE_LINK;

let t: TestContext;
let admin: SeededUser;
let teacher: SeededUser;
let otherTeacher: SeededUser;
const today = todayIn('Asia/Colombo');

const seedStudent = studentSeeder(() => t.app, { prefix: 'ACT', dateOfBirth: yearsAgo(4) });

const newActivity = (studentId: string, over: Record<string, unknown> = {}) => ({
  title: 'Saturday painting',
  studentId,
  date: addDays(today, -1),
  description: 'Painted the garden',
  ...over,
});

const create = (as: SeededUser, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/activities', headers: as.auth, payload: payload as object });
const get = (as: SeededUser, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/activities/${id}`, headers: as.auth });
const list = (as: SeededUser, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/activities${query}`, headers: as.auth });
const patch = (as: SeededUser, id: string, payload: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/activities/${id}`,
    headers: as.auth,
    payload: payload as object,
  });
const remove = (as: SeededUser, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/activities/${id}`, headers: as.auth });

function uploadPhoto(
  as: SeededUser | null,
  opts: { data?: Buffer | string; name?: string; type?: string; field?: string } = {},
) {
  const body = fileUpload(
    opts.field ?? 'files',
    opts.name ?? 'photo.png',
    opts.type ?? 'image/png',
    opts.data ?? SAMPLE_IMAGES.png,
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/file-upload/activities',
    headers: { ...(as?.auth ?? {}), ...body.headers },
    payload: body.payload,
  });
}

/** Uploads a photo as `as` and answers the entry (files[0]) and its file id. */
async function photo(as: SeededUser, data: Buffer = SAMPLE_IMAGES.png) {
  const res = await uploadPhoto(as, { data });
  expect(res.statusCode).toBe(201);
  const entry: string = res.json().files[0];
  return { entry, id: fileIdOfEntry(entry)! };
}

/** Creates an activity through the API and answers its body. */
async function seedActivity(as: SeededUser, studentId: string, over: Record<string, unknown> = {}) {
  const res = await create(as, newActivity(studentId, over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** The ids of a list's answer, in its order. */
const ids = (res: { json(): unknown }) => (res.json() as { id: string }[]).map((a) => a.id);

const rowOf = async (id: string) => {
  const [row] = await t.app.db.select().from(activities).where(eq(activities.id, id));
  return row;
};

beforeAll(async () => {
  ({ t, admin, teacher, otherTeacher } = await createStaffApp({ admin: { lastName: 'Tester' } }));
});
afterAll(() => closeTestApp(t));

describe('POST /api/activities', () => {
  it('records an activity for the teacher’s own student; the teacher is always the signed-in one', async () => {
    const s = await seedStudent(teacher.id, { firstName: 'Asha', lastName: 'Silva' });
    const res = await create(teacher, newActivity(s.id, { teacherId: otherTeacher.id }));
    expect(res.statusCode).toBe(201);
    const a = res.json();
    expect(a).toMatchObject({
      title: 'Saturday painting',
      date: addDays(today, -1),
      duration: 120,
      description: 'Painted the garden',
      photos: [],
      photoUrl: null,
      student: { id: s.id, firstName: 'Asha', lastName: 'Silva', age: 4 },
      teacher: { id: teacher.id, firstName: 'Tara', lastName: 'Field' },
      studentId: s.id,
      teacherId: teacher.id,
    });
    expect(Object.keys(a).sort()).toEqual(
      [
        'createdAt',
        'date',
        'description',
        'duration',
        'id',
        'photoUrl',
        'photos',
        'student',
        'studentId',
        'teacher',
        'teacherId',
        'title',
        'updatedAt',
      ].sort(),
    );
    expect((await rowOf(a.id)).teacherId).toBe(teacher.id);
  });

  it('keeps a given duration and trims the title; today is allowed', async () => {
    const s = await seedStudent(teacher.id);
    const a = await seedActivity(teacher, s.id, { title: '  Songs  ', duration: 45, date: today });
    expect(a).toMatchObject({ title: 'Songs', duration: 45, date: today });
  });

  it('refuses an administrator (403): an activity’s teacher must be a teacher', async () => {
    const s = await seedStudent(teacher.id);
    expectError(await create(admin, newActivity(s.id)), 403, 'Only teachers can record activities');
  });

  it('answers 404 for another teacher’s, an unassigned, a deleted or an unknown student', async () => {
    const others = await seedStudent(otherTeacher.id);
    const unassigned = await seedStudent(null);
    const deleted = await seedStudent(teacher.id, { deletedAt: new Date() });
    for (const id of [others.id, unassigned.id, deleted.id, '00000000-0000-4000-8000-000000000000']) {
      expectError(await create(teacher, newActivity(id)), 404, 'Student not found');
    }
    expect(await t.app.db.$count(activities, eq(activities.studentId, others.id))).toBe(0);
  });

  it.each([
    [{ title: undefined }, 'Please enter an activity title'],
    [{ title: '   ' }, 'Please enter an activity title'],
    [{ title: 'x'.repeat(201) }, 'Activity title must be at most 200 characters'],
    [{ title: 42 }, 'Please enter an activity title'],
    [{ studentId: undefined }, 'Please select a student'],
    [{ studentId: '' }, 'Please select a student'],
    [{ studentId: 'not-an-id' }, 'Please select a student'],
    [{ date: undefined }, 'Please select an activity date'],
    [{ date: '' }, 'Please select an activity date'],
    [{ date: '2026-02-30' }, 'Activity date must be a date (YYYY-MM-DD)'],
    [{ date: '12/05/2026' }, 'Activity date must be a date (YYYY-MM-DD)'],
    [{ date: addDays(today, 1) }, 'Activity date cannot be in the future'],
    [{ duration: 0 }, 'Duration must be at least 1 minute'],
    [{ duration: -5 }, 'Duration must be at least 1 minute'],
    [{ duration: 1.5 }, 'Duration must be a whole number of minutes'],
    [{ duration: '60' }, 'Duration must be a whole number of minutes'],
    [{ duration: 1e12 }, 'Duration must be at most 1440 minutes'],
    [{ duration: null }, 'Duration must be a whole number of minutes'],
    [{ description: 'x'.repeat(5001) }, 'Description must be at most 5000 characters'],
    [
      { photos: ['https://evil.example/x.png'] },
      'Photos must be images uploaded through the activity photo upload',
    ],
    [{ photos: 'abc' }, 'photos must be a list'],
    [{ photos: [42] }, 'Photos must be images uploaded through the activity photo upload'],
    [
      { photos: Array.from({ length: 11 }, (_, i) => `00000000-0000-4000-8000-0000000000${10 + i}`) },
      'An activity can have at most 10 photos',
    ],
    [{ extra: true }, 'Unknown field: extra'],
  ])('validates the body (case %#)', async (over, message) => {
    const s = await seedStudent(teacher.id);
    expectError(await create(teacher, newActivity(s.id, over)), 400, message);
  });

  it('answers 4xx, never 500, for malformed JSON, wrong body types and huge bodies', async () => {
    const send = (payload: string, type = 'application/json') =>
      t.app.inject({
        method: 'POST',
        url: '/api/activities',
        headers: { ...teacher.auth, 'content-type': type },
        payload,
      });
    expectError(await send('{"title": '), 400, 'The request body is not valid JSON');
    expectError(await send('[]'), 400, 'The request body must be a JSON object');
    expectError(await send('"text"'), 400, 'The request body must be a JSON object');
    expectError(await send('null'), 400);
    expectError(await send(JSON.stringify({ title: 'x'.repeat(300_000) })), 413);
    expectError(await send('title=x', 'text/plain'), 400, 'The request body must be a JSON object');
    expectError(await send('title=x', 'application/x-www-form-urlencoded'), 415);
  });

  it('requires a token (401)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/activities', payload: {} });
    expectError(res, 401);
  });
});

describe('activity photos', () => {
  it('stores JPG, PNG, GIF and WebP by their bytes and answers a signed link as files[0]', async () => {
    for (const [name, data, mime] of [
      ['a.jpg', SAMPLE_IMAGES.jpeg, 'image/jpeg'],
      ['a.png', SAMPLE_IMAGES.png, 'image/png'],
      ['a.gif', SAMPLE_IMAGES.gif, 'image/gif'],
      ['a.webp', SAMPLE_IMAGES.webp, 'image/webp'],
    ] as const) {
      const res = await uploadPhoto(teacher, { name, data, type: 'application/octet-stream' });
      expect(res.statusCode, name).toBe(201);
      const body = res.json();
      expect(Object.keys(body)).toEqual(['files']);
      expect(body.files).toHaveLength(1);
      const [, id] = LINK.exec(body.files[0])!;
      const [row] = await t.app.db.select().from(storedFiles).where(eq(storedFiles.id, id));
      expect(row).toMatchObject({ purpose: 'activity-photo', ownerId: teacher.id, mimeType: mime });
      const file = await t.app.inject({ method: 'GET', url: body.files[0] });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(mime);
      expect(file.rawPayload.equals(data)).toBe(true);
    }
  });

  it('refuses a non-image, an HTML page named .png, a too large file, a missing file and non-multipart', async () => {
    expectError(
      await uploadPhoto(teacher, { data: '%PDF-1.4 a document', name: 'doc.pdf', type: 'application/pdf' }),
      415,
      'Photos must be JPG, PNG, GIF or WebP images',
    );
    expectError(
      await uploadPhoto(teacher, {
        data: '<!doctype html><html><script>alert(1)</script></html>',
        name: 'innocent.png',
        type: 'image/png',
      }),
      415,
      'Photos must be JPG, PNG, GIF or WebP images',
    );
    expectError(
      await uploadPhoto(teacher, { data: Buffer.concat([SAMPLE_IMAGES.png, Buffer.alloc(5 * 1024 * 1024)]) }),
      413,
      'Each photo must be 5 MB or smaller',
    );
    expectError(await uploadPhoto(teacher, { field: 'photo' }), 400, 'files: choose a photo to upload');
    const noFile = multipart([{ name: 'title', data: 'x' }]);
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/file-upload/activities',
        headers: { ...teacher.auth, ...noFile.headers },
        payload: noFile.payload,
      }),
      400,
    );
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/file-upload/activities',
        headers: teacher.auth,
        payload: { files: ['x'] },
      }),
      415,
    );
    const rows = await t.app.db.select().from(storedFiles).where(eq(storedFiles.ownerId, teacher.id));
    expect(rows.every((r) => r.mimeType.startsWith('image/'))).toBe(true);
  });

  it('refuses administrators (403) and anonymous calls (401)', async () => {
    expectError(await uploadPhoto(admin), 403, 'Only teachers can record activities');
    expectError(await uploadPhoto(null), 401);
  });

  it('attaches the teacher’s own uploads (link or id) and answers signed links, the first as photoUrl', async () => {
    const s = await seedStudent(teacher.id);
    const p1 = await photo(teacher);
    const p2 = await photo(teacher, SAMPLE_IMAGES.gif);
    const a = await seedActivity(teacher, s.id, { photos: [p1.entry, p2.id, p1.entry] });
    expect(a.photos).toHaveLength(2);
    expect(a.photos.map((u: string) => LINK.exec(u)?.[1])).toEqual([p1.id, p2.id]);
    expect(a.photoUrl).toBe(a.photos[0]);
    expect((await rowOf(a.id)).photos).toEqual([p1.id, p2.id]);
    const img = await t.app.inject({ method: 'GET', url: a.photoUrl });
    expect(img.statusCode).toBe(200);
  });

  it('refuses a file that is not this teacher’s activity upload (400) or is on another activity (409)', async () => {
    const s = await seedStudent(teacher.id);
    const theirs = await photo(otherTeacher);
    expectError(
      await create(teacher, newActivity(s.id, { photos: [theirs.entry] })),
      400,
      'Photos must be images uploaded through the activity photo upload',
    );
    // A profile picture of the same teacher is a stored file too, but not an activity photo.
    const pic = fileUpload('profilePicture', 'me.png', 'image/png', SAMPLE_IMAGES.png);
    const profile = await t.app.inject({
      method: 'POST',
      url: `/api/users/${teacher.id}/profile-picture`,
      headers: { ...teacher.auth, ...pic.headers },
      payload: pic.payload,
    });
    expect(profile.statusCode).toBe(200);
    expectError(
      await create(teacher, newActivity(s.id, { photos: [profile.json().user.profilePicture] })),
      400,
      'Photos must be images uploaded through the activity photo upload',
    );
    expectError(
      await create(teacher, newActivity(s.id, { photos: ['00000000-0000-4000-8000-000000000000'] })),
      400,
      'Photos must be images uploaded through the activity photo upload',
    );
    const mine = await photo(teacher);
    await seedActivity(teacher, s.id, { photos: [mine.id] });
    expectError(
      await create(teacher, newActivity(s.id, { photos: [mine.entry] })),
      409,
      'A photo is already attached to another activity',
    );
  });
});

describe('concurrent claims', () => {
  it('lets only one of two simultaneous activities take the same photo (the other: 409)', async () => {
    const s = await seedStudent(teacher.id);
    const p = await photo(teacher);
    const results = await Promise.all([
      create(teacher, newActivity(s.id, { title: 'First', photos: [p.entry] })),
      create(teacher, newActivity(s.id, { title: 'Second', photos: [p.id] })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await t.app.db.$count(activities, eq(activities.studentId, s.id))).toBe(1);
  });
});

describe('reading activities', () => {
  let mine: { id: string };
  let theirs: { id: string };

  beforeAll(async () => {
    const s1 = await seedStudent(teacher.id, { firstName: 'Readme' });
    const s2 = await seedStudent(otherTeacher.id, { firstName: 'Otherkid' });
    mine = await seedActivity(teacher, s1.id, { title: 'Reading mine' });
    theirs = await seedActivity(otherTeacher, s2.id, { title: 'Reading theirs' });
  });

  it('shows a teacher their students’ activities and an admin all of them', async () => {
    const t1 = (await list(teacher)).json() as { id: string; student: { id: string } }[];
    expect(t1.some((a) => a.id === mine.id)).toBe(true);
    expect(t1.some((a) => a.id === theirs.id)).toBe(false);
    const all = (await list(admin)).json() as { id: string }[];
    expect(all.some((a) => a.id === mine.id) && all.some((a) => a.id === theirs.id)).toBe(true);
    expect((await get(teacher, mine.id)).statusCode).toBe(200);
    expect((await get(admin, theirs.id)).json().title).toBe('Reading theirs');
  });

  it('answers 404 “Activity not found.” for another teacher’s, a missing id, and 400 for a malformed id', async () => {
    expectError(await get(teacher, theirs.id), 404, 'Activity not found.');
    expectError(await get(admin, '00000000-0000-4000-8000-000000000000'), 404, 'Activity not found.');
    expectError(await get(teacher, 'nope'), 400);
  });

  it('lets a teacher filter by their own id only; an admin by any teacher', async () => {
    expectError(
      await list(teacher, `?teacherId=${otherTeacher.id}`),
      403,
      'Teachers can only list their own activities',
    );
    const own = (await list(teacher, `?teacherId=${teacher.id}`)).json() as { teacherId: string }[];
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((a) => a.teacherId === teacher.id)).toBe(true);
    const byOther = (await list(admin, `?teacherId=${otherTeacher.id}`)).json() as { teacherId: string }[];
    expect(byOther.length).toBeGreaterThan(0);
    expect(byOther.every((a) => a.teacherId === otherTeacher.id)).toBe(true);
  });

  it('filters by date, searches title, description and student name, pages newest first', async () => {
    const pager = await seedUser(t.app, { role: 'TEACHER' });
    const kid = await seedStudent(pager.id, { firstName: 'Zeynep', lastName: 'Quill' });
    const dates = [5, 1, 3, 2, 4].map((d) => addDays(today, -d));
    for (const [i, date] of dates.entries()) {
      await seedActivity(pager, kid.id, {
        title: `Paged ${i}`,
        date,
        description: i === 2 ? 'Kite flying 50% done' : 'Drawing',
      });
    }
    // A second activity on the latest date, recorded later: it comes first.
    const later = await seedActivity(pager, kid.id, { title: 'Paged later', date: addDays(today, -1) });

    const all = (await list(pager)).json() as { title: string; date: string }[];
    expect(all.map((a) => a.title)).toEqual([
      'Paged later',
      'Paged 1',
      'Paged 3',
      'Paged 2',
      'Paged 4',
      'Paged 0',
    ]);
    const res = await list(pager, '?page=2&limit=4');
    expect(res.headers['x-total-count']).toBe('6');
    expect((res.json() as { title: string }[]).map((a) => a.title)).toEqual(['Paged 4', 'Paged 0']);
    const first = await list(pager, '?limit=2');
    expect(first.headers['x-total-count']).toBe('6');
    expect((first.json() as { id: string }[])[0].id).toBe(later.id);
    expect((await list(pager, '?page=9&limit=4')).json()).toEqual([]);
    expect((await list(pager)).headers['x-total-count']).toBeUndefined();

    const onDay = (await list(pager, `?date=${addDays(today, -3)}`)).json() as { title: string }[];
    expect(onDay.map((a) => a.title)).toEqual(['Paged 2']);
    const titles = async (q: string) =>
      ((await list(pager, `?search=${encodeURIComponent(q)}`)).json() as { title: string }[]).map(
        (a) => a.title,
      );
    expect(await titles('paged 3')).toEqual(['Paged 3']);
    expect(await titles('KITE')).toEqual(['Paged 2']);
    expect(await titles('50%')).toEqual(['Paged 2']);
    expect(await titles('5_%')).toEqual([]);
    expect((await titles('zeynep quill')).length).toBe(6);
    expect(await titles('Readme')).toEqual([]);
  });

  it("counts a search's matches once each, by the child's name or the activity's text, in every scope", async () => {
    const [t1, t2] = [await seedUser(t.app, { role: 'TEACHER' }), await seedUser(t.app, { role: 'TEACHER' })];
    const named = await seedStudent(t1.id, { firstName: 'Orla', lastName: 'Brightwaterq' });
    const other = await seedStudent(t2.id, { firstName: 'Pim', lastName: 'Other' });
    const gone = await seedStudent(t2.id, { firstName: 'Gus', lastName: 'Brightwaterq' });
    const byName = [
      await seedActivity(t1, named.id, { title: 'Singing', date: addDays(today, -1) }),
      await seedActivity(t1, named.id, { title: 'Brightwaterq day', date: addDays(today, -2) }),
      await seedActivity(t1, named.id, { title: 'Painting', date: addDays(today, -3) }),
    ];
    const byText = await seedActivity(t2, other.id, { title: 'Trip', description: 'To brightwaterq lake' });
    const deleted = await seedActivity(t1, named.id, { title: 'Deleted one' });
    expect((await remove(t1, deleted.id)).statusCode).toBe(200);
    await seedActivity(t2, gone.id, { title: 'Brightwaterq gone' });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/students/${gone.id}`,
      headers: admin.auth,
    });
    expect(del.statusCode).toBe(200);

    const expected = [...byName, byText].map((a) => a.id).sort();
    const unpaged = await list(admin, '?search=brightwaterq');
    expect(ids(unpaged).sort()).toEqual(expected);
    const seen: string[] = [];
    for (const page of [1, 2]) {
      const res = await list(admin, `?search=brightwaterq&page=${page}&limit=2`);
      expect(res.headers['x-total-count']).toBe('4');
      seen.push(...ids(res));
    }
    expect(seen.sort()).toEqual(expected);
    const past = await list(admin, '?search=brightwaterq&page=3&limit=2');
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('4');
    const onDay = await list(admin, `?search=brightwaterq&date=${addDays(today, -2)}&page=1`);
    expect(ids(onDay)).toEqual([byName[1].id]);
    expect(onDay.headers['x-total-count']).toBe('1');
    const ofT2 = await list(admin, `?search=brightwaterq&teacherId=${t2.id}&page=1`);
    expect(ids(ofT2)).toEqual([byText.id]);
    expect(ofT2.headers['x-total-count']).toBe('1');

    const mine = await list(t1, '?search=brightwaterq&page=1');
    expect(ids(mine).sort()).toEqual(byName.map((a) => a.id).sort());
    expect(mine.headers['x-total-count']).toBe('3');
    const theirs = await list(t2, '?search=brightwaterq&page=1');
    expect(ids(theirs)).toEqual([byText.id]);
    expect(theirs.headers['x-total-count']).toBe('1');
  });

  it("pages a search's many matches in the list's order, whether the page walks the dates or sorts the matches", async () => {
    // A search's numbered page walks the date index when its matches are dense enough for its page, and
    // sorts them otherwise (keyset.searchPageIds: (offset + limit) × live activities ≤ matches²). 30 matches, 3 a
    // page: the first pages walk and the later ones sort, as long as the file's other tests leave between
    // 31 and 300 live activities (checked first, so that both ways are taken).
    const child = await seedStudent(teacher.id, { firstName: 'Quillon', lastName: 'Marsh' });
    const other = await seedStudent(teacher.id, { firstName: 'Pim', lastName: 'Sands' });
    for (let i = 0; i < 30; i++) {
      const mine = i % 5 !== 0;
      await seedActivity(teacher, mine ? child.id : other.id, {
        // Pairs on one day: the order within a day is the time of recording.
        date: addDays(today, -Math.floor(i / 2)),
        title: mine ? `Visit ${i}` : `Story ${i}`,
        description: mine ? 'Reading' : 'About quillon the fox',
      });
    }
    const live = Number((await list(admin, '?page=1&limit=1')).headers['x-total-count']);
    expect(30 * 30 >= 3 * live && 30 * 30 < 30 * live, `live activities: ${live}`).toBe(true);

    const all = await list(admin, '?search=quillon');
    expect(ids(all)).toHaveLength(30);
    const paged: string[] = [];
    for (let page = 1; page <= 10; page++) {
      const res = await list(admin, `?search=quillon&page=${page}&limit=3`);
      expect(res.headers['x-total-count']).toBe('30');
      paged.push(...ids(res));
    }
    expect(paged).toEqual(ids(all));
    const past = await list(admin, '?search=quillon&page=11&limit=3');
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('30');
    // The teacher's own search sorts; the same pages.
    const theirs: string[] = [];
    for (let page = 1; page <= 3; page++) {
      theirs.push(...ids(await list(teacher, `?search=quillon&page=${page}&limit=10`)));
    }
    expect(theirs).toEqual(ids(all));
  });

  it.each([
    ['?page=0', 'page must be a whole number between 1 and 100000'],
    ['?page=abc', 'page must be a whole number between 1 and 100000'],
    ['?limit=101', 'limit must be a whole number between 1 and 100'],
    ['?limit=1.5', 'limit must be a whole number between 1 and 100'],
    ['?page=99999999999999999999', 'page must be a whole number between 1 and 100000'],
    ['?date=yesterday', 'date must be a date (YYYY-MM-DD)'],
    ['?teacherId=x', 'teacherId must be a valid identifier'],
    [`?search=${'x'.repeat(101)}`, 'search must be at most 100 characters'],
    ['?sort=title', 'Unknown field: sort'],
  ])('refuses a bad query %s with 400', async (query, message) => {
    expectError(await list(admin, query), 400, message);
  });

  it('requires a token (401)', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/activities' }), 401);
    expectError(await t.app.inject({ method: 'GET', url: `/api/activities/${mine.id}` }), 401);
  });
});

describe('PATCH /api/activities/:id', () => {
  it('lets the owning teacher edit title, date, duration and description', async () => {
    const s = await seedStudent(teacher.id);
    const a = await seedActivity(teacher, s.id);
    const res = await patch(teacher, a.id, {
      title: 'Clay modelling',
      date: addDays(today, -7),
      duration: 90,
      description: 'Made pots',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: a.id,
      title: 'Clay modelling',
      date: addDays(today, -7),
      duration: 90,
      description: 'Made pots',
      studentId: s.id,
      teacherId: teacher.id,
    });
    expect(Date.parse(res.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(a.updatedAt));
    // An empty description clears it; fields left out stay.
    const cleared = await patch(teacher, a.id, { description: '' });
    expect(cleared.json()).toMatchObject({ description: null, title: 'Clay modelling', duration: 90 });
  });

  it('never changes the student: a studentId in the body is refused', async () => {
    const s = await seedStudent(teacher.id);
    const other = await seedStudent(teacher.id);
    const a = await seedActivity(teacher, s.id);
    for (const studentId of [other.id, s.id, null]) {
      expectError(
        await patch(teacher, a.id, { title: 'Moved', studentId }),
        400,
        'Student cannot be changed after activity creation',
      );
    }
    expect(await rowOf(a.id)).toMatchObject({ studentId: s.id, title: 'Saturday painting' });
  });

  it.each([
    [{ title: '' }, 'Please enter an activity title'],
    [{ title: null }, 'Please enter an activity title'],
    [{ date: '' }, 'Please select an activity date'],
    [{ date: addDays(today, 3) }, 'Activity date cannot be in the future'],
    [{ duration: 0 }, 'Duration must be at least 1 minute'],
    [{ teacherId: '00000000-0000-4000-8000-000000000000' }, 'Unknown field: teacherId'],
    [{ photos: ['javascript:alert(1)'] }, 'Photos must be images uploaded through the activity photo upload'],
  ])('validates the body (case %#)', async (body, message) => {
    const s = await seedStudent(teacher.id);
    const a = await seedActivity(teacher, s.id);
    expectError(await patch(teacher, a.id, body), 400, message);
  });

  it('refuses an administrator (403) and another teacher (404); the record stays as it was', async () => {
    const s = await seedStudent(teacher.id);
    const a = await seedActivity(teacher, s.id);
    const before = await rowOf(a.id);
    expectError(
      await patch(admin, a.id, { title: 'Admin edit' }),
      403,
      'You can only edit your own activities',
    );
    expectError(await patch(otherTeacher, a.id, { title: 'Other edit' }), 404, 'Activity not found.');
    expectError(await patch(teacher, '00000000-0000-4000-8000-000000000000', { title: 'x' }), 404);
    expect(await rowOf(a.id)).toEqual(before);
  });

  it('follows reassignment: the new teacher sees but cannot edit (403), the old one no longer sees (404)', async () => {
    const s = await seedStudent(teacher.id);
    const a = await seedActivity(teacher, s.id);
    const move = await t.app.inject({
      method: 'PATCH',
      url: `/api/students/${s.id}`,
      headers: admin.auth,
      payload: { assignedTeacherId: otherTeacher.id },
    });
    expect(move.statusCode).toBe(200);
    expect((await get(otherTeacher, a.id)).statusCode).toBe(200);
    expectError(
      await patch(otherTeacher, a.id, { title: 'x' }),
      403,
      'You can only edit your own activities',
    );
    expectError(await remove(otherTeacher, a.id), 403, 'You can only delete your own activities');
    expectError(await get(teacher, a.id), 404, 'Activity not found.');
    expectError(await patch(teacher, a.id, { title: 'x' }), 404, 'Activity not found.');
    expectError(await remove(teacher, a.id), 404, 'Activity not found.');
    expect(await rowOf(a.id)).toMatchObject({ title: 'Saturday painting', deletedAt: null });
  });

  it('removes photos left out (row and object) and adds new uploads', async () => {
    const s = await seedStudent(teacher.id);
    const keep = await photo(teacher);
    const drop = await photo(teacher, SAMPLE_IMAGES.jpeg);
    const a = await seedActivity(teacher, s.id, { photos: [keep.entry, drop.entry] });
    const [dropRow] = await t.app.db.select().from(storedFiles).where(eq(storedFiles.id, drop.id));
    const dropPath = path.join(t.config.dataDir, 'uploads', dropRow.storageKey);
    expect(existsSync(dropPath)).toBe(true);

    const added = await photo(teacher, SAMPLE_IMAGES.webp);
    // The client sends back the links it was given for the kept photos, plus the new entry.
    const res = await patch(teacher, a.id, { photos: [a.photos[0], added.entry] });
    expect(res.statusCode).toBe(200);
    expect(res.json().photos.map((u: string) => LINK.exec(u)?.[1])).toEqual([keep.id, added.id]);
    expect((await rowOf(a.id)).photos).toEqual([keep.id, added.id]);
    expect(await t.app.db.select().from(storedFiles).where(eq(storedFiles.id, drop.id))).toEqual([]);
    expect(existsSync(dropPath)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: a.photos[1] })).statusCode).toBe(404);

    // Another teacher's upload cannot be slipped in on edit either.
    const theirs = await photo(otherTeacher);
    expectError(
      await patch(teacher, a.id, { photos: [theirs.entry] }),
      400,
      'Photos must be images uploaded through the activity photo upload',
    );
    expect((await rowOf(a.id)).photos).toEqual([keep.id, added.id]);
  });
});

describe('DELETE /api/activities/:id', () => {
  it('soft-deletes for the owning teacher: gone from reads, row and photos kept for a restore', async () => {
    const s = await seedStudent(teacher.id);
    const p = await photo(teacher);
    const a = await seedActivity(teacher, s.id, { photos: [p.entry] });
    expectError(await remove(admin, a.id), 403, 'You can only delete your own activities');
    expectError(await remove(otherTeacher, a.id), 404, 'Activity not found.');
    expect((await rowOf(a.id)).deletedAt).toBeNull();

    const res = await remove(teacher, a.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Activity deleted successfully' });
    expect((await rowOf(a.id)).deletedAt).toBeInstanceOf(Date);
    expect(await t.app.db.select().from(storedFiles).where(eq(storedFiles.id, p.id))).toHaveLength(1);
    for (const who of [teacher, admin]) {
      expectError(await get(who, a.id), 404, 'Activity not found.');
      expect(((await list(who)).json() as { id: string }[]).some((x) => x.id === a.id)).toBe(false);
    }
    expectError(await patch(teacher, a.id, { title: 'x' }), 404);
    expectError(await remove(teacher, a.id), 404);
  });
});

describe('a deleted student', () => {
  it('takes its activities out of every list and read', async () => {
    const s = await seedStudent(teacher.id);
    const a = await seedActivity(teacher, s.id, { title: 'Before the student left' });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/students/${s.id}`, headers: admin.auth });
    expect(del.statusCode).toBe(200);
    for (const who of [teacher, admin]) {
      expectError(await get(who, a.id), 404, 'Activity not found.');
      const rows = (await list(who, '?search=Before%20the%20student')).json();
      expect(rows).toEqual([]);
      expect((await list(who, '?search=Before%20the%20student&page=1')).headers['x-total-count']).toBe('0');
    }
    expectError(await patch(teacher, a.id, { title: 'x' }), 404);
    expectError(await remove(teacher, a.id), 404);
    expect((await rowOf(a.id)).deletedAt).toBeNull();
  });
});

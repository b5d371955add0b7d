import { addDays, todayIn } from '@csp/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, idempotencyKeys, notifications, students, users } from '../db/schema.ts';
import { runIdempotencyKeySweep } from '../modules/idempotency/idempotency.jobs.ts';
import { fileUpload, SAMPLE_IMAGES } from '../test/multipart.ts';
import {
  createTestApp,
  expectError,
  onPostgres,
  seedUser,
  type SeededUser,
  type TestContext,
} from '../test/setup.ts';
import { studentSeeder } from '../test/factories.ts';

// Idempotent writes: a POST sent again with the same Idempotency-Key (decision 0024).

let t: TestContext;
let admin: SeededUser;
let teacher: SeededUser;
let otherTeacher: SeededUser;
let studentId: string;
let otherStudentId: string;
const today = todayIn('Asia/Colombo');

const seedStudent = studentSeeder(() => t.app, { studentId: (n) => `IDEM-${n}` });

beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t.app, { role: 'ADMIN' });
  teacher = await seedUser(t.app, { role: 'TEACHER' });
  otherTeacher = await seedUser(t.app, { role: 'TEACHER' });
  studentId = (await seedStudent(teacher.id)).id;
  otherStudentId = (await seedStudent(otherTeacher.id)).id;
});
afterAll(() => t.close());

let keySeq = 0;
const freshKey = () => `key-${Date.now()}-${++keySeq}`;
const activity = (title: string, forStudent = studentId) => ({
  title,
  studentId: forStudent,
  date: addDays(today, -1),
  description: 'Sang songs',
});
const post = (as: SeededUser, payload: unknown, key?: string, url = '/api/activities') =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...as.auth, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: payload as object,
  });
const activitiesTitled = async (title: string) =>
  t.app.db.select().from(activities).where(eq(activities.title, title));
const keyRow = async (userId: string, key: string) =>
  (
    await t.app.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
  )[0];

describe('Idempotency-Key on POST', () => {
  it('creates once: the same request sent again with the key gets the first answer back', async () => {
    const key = freshKey();
    const first = await post(teacher, activity('Songs once'), key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const again = await post(teacher, activity('Songs once'), key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.json()).toEqual(first.json());
    expect(await activitiesTitled('Songs once')).toHaveLength(1);

    // Without a key, the same request is a second activity, as before.
    expect((await post(teacher, activity('Songs once'))).statusCode).toBe(201);
    expect(await activitiesTitled('Songs once')).toHaveLength(2);
  });

  it('answers 422 for the key sent with another body or to another address, and writes nothing', async () => {
    const key = freshKey();
    expect((await post(teacher, activity('Key reused'), key)).statusCode).toBe(201);
    expectError(
      await post(teacher, activity('Key reused, other title'), key),
      422,
      'This Idempotency-Key was already used for a different request',
    );
    expectError(
      await post(
        teacher,
        { studentId, height: 90, weight: 13, date: addDays(today, -1) },
        key,
        '/api/measurements',
      ),
      422,
      'This Idempotency-Key was already used for a different request',
    );
    expect(await activitiesTitled('Key reused, other title')).toHaveLength(0);
  });

  it('keeps each user’s keys apart: another user’s request with the same key is carried out', async () => {
    const key = freshKey();
    expect((await post(teacher, activity('Shared key'), key)).statusCode).toBe(201);
    const other = await post(otherTeacher, activity('Shared key', otherStudentId), key);
    expect(other.statusCode, other.body).toBe(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(await activitiesTitled('Shared key')).toHaveLength(2);
  });

  it('records no failed answer: the key is free again, and the replay still checks permission', async () => {
    const key = freshKey();
    // Another teacher's student (not found for this teacher): nothing written, nothing recorded.
    const refused = await post(teacher, activity('Not mine', otherStudentId), key);
    expect(refused.statusCode).toBe(404);
    expect(await keyRow(teacher.id, key)).toBeUndefined();
    // The corrected request with the same key is carried out.
    expect((await post(teacher, activity('Mine after all'), key)).statusCode).toBe(201);
    expect((await keyRow(teacher.id, key))?.statusCode).toBe(201);

    // A body the schema refuses never reaches the key.
    const invalidKey = freshKey();
    expect((await post(teacher, { ...activity('x'), title: 42 }, invalidKey)).statusCode).toBe(400);
    expect(await keyRow(teacher.id, invalidKey)).toBeUndefined();

    // An administrator cannot record activities; the key changes nothing of that.
    expect((await post(admin, activity('By admin'), freshKey())).statusCode).toBe(403);
    // No session: 401 before any key is looked at.
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/activities',
      headers: { 'idempotency-key': key },
      payload: activity('Mine after all'),
    });
    expectError(anonymous, 401);
  });

  it('answers 409 with Retry-After while the first request with the key is still running', async () => {
    const key = freshKey();
    const first = await post(teacher, activity('Running'), key);
    expect(first.statusCode).toBe(201);
    // As if the first request had not answered yet.
    await t.app.db
      .update(idempotencyKeys)
      .set({ statusCode: null, body: null })
      .where(and(eq(idempotencyKeys.userId, teacher.id), eq(idempotencyKeys.key, key)));
    const again = await post(teacher, activity('Running'), key);
    expectError(
      again,
      409,
      'A request with this Idempotency-Key is still being processed. Please try again in a moment.',
    );
    expect(again.headers['retry-after']).toBe('1');
    expect(await activitiesTitled('Running')).toHaveLength(1);

    // Still no answer a minute on: the write was done (its key committed with it), the answer was lost
    // (the server stopped in between). Not carried out again, and not worth waiting for.
    await t.app.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '1 minute'` })
      .where(and(eq(idempotencyKeys.userId, teacher.id), eq(idempotencyKeys.key, key)));
    const later = await post(teacher, activity('Running'), key);
    expectError(
      later,
      409,
      'This request was already carried out, but its answer was not kept. Please check the list before sending it again.',
    );
    expect(later.headers['retry-after']).toBeUndefined();
    expect(await activitiesTitled('Running')).toHaveLength(1);
  });

  it('claims the key with the write: a write that fails in its transaction leaves the key free', async () => {
    const key = freshKey();
    const create = (id: string) =>
      post(
        admin,
        {
          studentId: id,
          firstName: 'Kumar',
          lastName: 'Twice',
          dateOfBirth: '2021-03-01',
          category: 'CENTER_BASE',
          assignedTeacherId: teacher.id,
        },
        key,
        '/api/students',
      );
    // The Student ID is taken: the insert fails inside the transaction that claimed the key.
    expectError(await create('IDEM-1'), 409, 'A student with this student ID already exists');
    expect(await keyRow(admin.id, key)).toBeUndefined();
    const made = await create(`IDEM-NEW-${keySeq}`);
    expect(made.statusCode, made.body).toBe(201);
    const replayed = await create(`IDEM-NEW-${keySeq}`);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json()).toEqual(made.json());
  });

  it('keeps the answer of a request that wrote in no transaction of its own, for the same request sent again', async () => {
    const key = freshKey();
    const reader = await seedUser(t.app, { role: 'TEACHER' });
    await t.app.db
      .insert(notifications)
      .values(['One', 'Two'].map((title) => ({ userId: reader.id, type: 'SYSTEM', title, message: title })));
    const first = await post(reader, undefined, key, '/api/notifications/mark-all-read');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ updated: 2 });
    const again = await post(reader, undefined, key, '/api/notifications/mark-all-read');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await keyRow(reader.id, key))?.statusCode).toBe(200);
    // Without the key it is carried out again (nothing left unread).
    expect(
      (await post(reader, undefined, undefined, '/api/notifications/mark-all-read')).json(),
    ).toMatchObject({
      updated: 0,
    });
  });

  it('refuses a key that is empty, too long or not visible ASCII', async () => {
    for (const bad of ['', 'x'.repeat(256), 'with space', 'naïve']) {
      expectError(
        await post(teacher, activity('Bad key'), bad),
        400,
        'Idempotency-Key must be 1 to 255 visible characters',
      );
    }
    expect(await activitiesTitled('Bad key')).toHaveLength(0);
    expect((await post(teacher, activity('Long key'), 'k'.repeat(255))).statusCode).toBe(201);
  });

  it('leaves uploads and reads alone', async () => {
    const key = freshKey();
    const body = fileUpload('files', 'photo.png', 'image/png', SAMPLE_IMAGES.png);
    const upload = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/file-upload/activities',
        headers: { ...teacher.auth, ...body.headers, 'idempotency-key': key },
        payload: body.payload,
      });
    const first = await upload();
    expect(first.statusCode, first.body).toBe(201);
    const second = await upload();
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json()).not.toEqual(first.json());
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/activities',
      headers: { ...teacher.auth, 'idempotency-key': 'not a valid key' },
    });
    expect(read.statusCode).toBe(200);
    expect(await keyRow(teacher.id, key)).toBeUndefined();
  });

  it('keeps an answer for a day: an older key is taken over, and the sweep removes it', async () => {
    const key = freshKey();
    expect((await post(teacher, activity('Day old'), key)).statusCode).toBe(201);
    await t.app.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(and(eq(idempotencyKeys.userId, teacher.id), eq(idempotencyKeys.key, key)));
    // Past its day the key is free: the request is carried out again.
    const later = await post(teacher, activity('Day old'), key);
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await activitiesTitled('Day old')).toHaveLength(2);

    const stale = freshKey();
    expect((await post(teacher, activity('Swept'), stale)).statusCode).toBe(201);
    await t.app.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(and(eq(idempotencyKeys.userId, teacher.id), eq(idempotencyKeys.key, stale)));
    expect(await runIdempotencyKeySweep(t.app)).toBeGreaterThanOrEqual(1);
    expect(await keyRow(teacher.id, stale)).toBeUndefined();
    expect(await keyRow(teacher.id, key)).toBeDefined();
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      info: { description: string };
    };
    expect(doc.info.description).toContain('`Idempotency-Key` header');
    expect(doc.info.description).toContain('`Idempotent-Replayed: true`');
  });

  it('goes with its user', async () => {
    const leaver = await seedUser(t.app, { role: 'TEACHER' });
    const kid = (await seedStudent(leaver.id)).id;
    const key = freshKey();
    expect((await post(leaver, activity('Leaver', kid), key)).statusCode).toBe(201);
    expect(await keyRow(leaver.id, key)).toBeDefined();
    await t.app.db.delete(activities).where(eq(activities.teacherId, leaver.id));
    await t.app.db.delete(students).where(eq(students.id, kid));
    await t.app.db.delete(users).where(eq(users.id, leaver.id));
    expect(await keyRow(leaver.id, key)).toBeUndefined();
  });
});

describe.runIf(onPostgres)('races on PostgreSQL', () => {
  it('creates one activity of 12 identical requests sent at once with one key', async () => {
    const key = freshKey();
    const results = await Promise.all(
      Array.from({ length: 12 }, () => post(teacher, activity('Burst'), key)),
    );
    const codes = results.map((r) => r.statusCode);
    // Each is either the one carried out, a replay of its answer, or told it is still running.
    expect(codes.every((c) => c === 201 || c === 409)).toBe(true);
    const fresh = results.filter((r) => r.statusCode === 201 && !r.headers['idempotent-replayed']);
    expect(fresh).toHaveLength(1);
    for (const r of results.filter((x) => x.headers['idempotent-replayed'])) {
      expect(r.json()).toEqual(fresh[0].json());
    }
    expect(await activitiesTitled('Burst')).toHaveLength(1);
  });
});

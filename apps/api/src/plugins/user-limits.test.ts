/**
 * Per-user limits (decision 0033): a signed-in user's writes a minute, accepted uploads an hour and bytes
 * of accepted uploads a day, answered 429 with Retry-After and a sentence that says how long to wait.
 * Each case runs an API instance of its own limits on the file's one database.
 */
import { addDays, IDEMPOTENT_REPLAY_HEADER, todayIn } from '@csp/contracts';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, testConfig, type Config } from '../config.ts';
import { activities, storedFiles } from '../db/schema.ts';
import { createMemoryMailer } from '../lib/mailer.ts';
import type { FileStore } from '../lib/storage.ts';
import { fileUpload, SAMPLE_IMAGES } from '../test/multipart.ts';
import { createTestApp, expectError, seedUser, type SeededUser, type TestContext } from '../test/setup.ts';
import { studentSeeder } from '../test/factories.ts';
import { describeWait } from './rate-limit.ts';

let t: TestContext;
const extra: FastifyInstance[] = [];
const today = todayIn('Asia/Colombo');

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const app of extra) await app.close();
  await t.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** An API instance with these limits, on the file's database and file store. */
async function instance(overrides: Partial<Config>, storage: FileStore = t.app.storage) {
  const app = await buildApp(testConfig({ ...overrides, jwtSecret: t.config.jwtSecret }), {
    database: t.app.database,
    mailer: createMemoryMailer(),
    storage,
  });
  await app.ready();
  extra.push(app);
  return app;
}

const seedStudent = studentSeeder(() => t.app, { studentId: (n) => `LIMIT-${n}` });

/** A write anyone signed in may make, any number of times. */
const markAllRead = (app: FastifyInstance, as: SeededUser, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/notifications/mark-all-read',
    headers: { ...as.auth, ...headers },
  });

const statusesOf = (answers: { statusCode: number }[]) => answers.map((r) => r.statusCode);

/** The whole wait the answer names, in seconds, from its Retry-After. */
function retryAfter(res: { headers: Record<string, unknown> }): number {
  const value = Number(res.headers['retry-after']);
  expect(Number.isInteger(value)).toBe(true);
  return value;
}

/** Date.now() this far ahead: the limiters' windows are counted on it. */
function later(ms: number) {
  const now = Date.now.bind(Date);
  vi.spyOn(Date, 'now').mockImplementation(() => now() + ms);
}

describe('writes a minute, per signed-in user', () => {
  it('refuses the write past the limit with 429, Retry-After and how long to wait', async () => {
    const app = await instance({ userWritesPerMinute: 3 });
    const teacher = await seedUser(t.app);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await markAllRead(app, teacher));
    expect(statusesOf(answers)).toEqual([200, 200, 200, 429]);
    const refused = answers[3];
    const wait = retryAfter(refused);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expectError(
      refused,
      429,
      `You have made too many changes in a short time. Please wait ${describeWait(wait)} and try again.`,
    );
    // PUT, PATCH and DELETE count alike.
    const patch = await app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: teacher.auth,
      payload: { firstName: 'Tara' },
    });
    expectError(patch, 429);
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/notifications/${crypto.randomUUID()}`,
      headers: teacher.auth,
    });
    expectError(del, 429);
  });

  it('counts each user apart, never reads, and lets the user write again once the minute is over', async () => {
    const app = await instance({ userWritesPerMinute: 2 });
    const teacher = await seedUser(t.app);
    const other = await seedUser(t.app);
    expect(statusesOf([await markAllRead(app, teacher), await markAllRead(app, teacher)])).toEqual([
      200, 200,
    ]);
    expect((await markAllRead(app, teacher)).statusCode).toBe(429);
    // Another user (an administrator too) writes on.
    const admin = await seedUser(t.app, { role: 'ADMIN' });
    expect(statusesOf([await markAllRead(app, other), await markAllRead(app, admin)])).toEqual([200, 200]);
    // Reads are never limited.
    for (const url of ['/api/auth/profile', '/api/notifications', '/api/notifications/counts']) {
      expect((await app.inject({ method: 'GET', url, headers: teacher.auth })).statusCode, url).toBe(200);
    }
    expect(
      (await app.inject({ method: 'HEAD', url: '/api/auth/profile', headers: teacher.auth })).statusCode,
    ).toBe(200);
    later(61_000);
    expect((await markAllRead(app, teacher)).statusCode).toBe(200);
  });

  it('never refuses sign-out, and counts nothing for a call without a session', async () => {
    const app = await instance({ userWritesPerMinute: 1 });
    const teacher = await seedUser(t.app);
    // Calls without a session are answered by authentication (401), before any count.
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/notifications/mark-all-read' });
      expectError(res, 401);
    }
    expect((await markAllRead(app, teacher)).statusCode).toBe(200);
    expect((await markAllRead(app, teacher)).statusCode).toBe(429);
    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: teacher.auth });
    expect(out.statusCode).toBe(200);
  });

  it('answers a keyed request again from the store at no cost, and one refused goes through with its key after the wait', async () => {
    const app = await instance({ userWritesPerMinute: 2 });
    const teacher = await seedUser(t.app);
    const done = { 'idempotency-key': `done-${crypto.randomUUID()}` };
    const refused = { 'idempotency-key': `refused-${crypto.randomUUID()}` };
    expect((await markAllRead(app, teacher, done)).statusCode).toBe(200);
    expect((await markAllRead(app, teacher)).statusCode).toBe(200);
    // Over the limit: a new keyed request is refused, and changes nothing; the one already carried out is
    // answered again, as often as it is sent.
    expectError(await markAllRead(app, teacher, refused), 429);
    for (let i = 0; i < 3; i++) {
      const replay = await markAllRead(app, teacher, done);
      expect(replay.statusCode).toBe(200);
      expect(replay.headers[IDEMPOTENT_REPLAY_HEADER]).toBe('true');
    }
    later(61_000);
    // The refused one, sent again with its key once the wait is over, is carried out (not a replay of
    // the 429); sent once more, it is answered from the store.
    const retried = await markAllRead(app, teacher, refused);
    expect(retried.statusCode).toBe(200);
    expect(retried.headers[IDEMPOTENT_REPLAY_HEADER]).toBeUndefined();
    const again = await markAllRead(app, teacher, refused);
    expect(again.headers[IDEMPOTENT_REPLAY_HEADER]).toBe('true');
    // The replays cost nothing: one write of this minute's two is left.
    expect((await markAllRead(app, teacher)).statusCode).toBe(200);
    expect((await markAllRead(app, teacher)).statusCode).toBe(429);
  });

  it('lets exactly the limit through of a burst sent at once', async () => {
    const app = await instance({ userWritesPerMinute: 10 });
    const teacher = await seedUser(t.app);
    const studentId = (await seedStudent(teacher.id)).id;
    const title = `Burst ${crypto.randomUUID()}`;
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        app.inject({
          method: 'POST',
          url: '/api/activities',
          headers: teacher.auth,
          payload: { title, studentId, date: addDays(today, -1), description: 'Sang songs' },
        }),
      ),
    );
    const statuses = statusesOf(answers);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    const [{ n }] = await t.app.db.select({ n: count() }).from(activities).where(eq(activities.title, title));
    expect(n).toBe(10);
  });
});

/** A PNG of about `bytes` (a real image's bytes, padded). */
const pngOf = (bytes: number) =>
  Buffer.concat([SAMPLE_IMAGES.png, Buffer.alloc(bytes - SAMPLE_IMAGES.png.length)]);

function uploadPhoto(app: FastifyInstance, as: SeededUser, data: Buffer = SAMPLE_IMAGES.png) {
  const body = fileUpload('files', 'photo.png', 'image/png', data);
  return app.inject({
    method: 'POST',
    url: '/api/file-upload/activities',
    headers: { ...as.auth, ...body.headers },
    payload: body.payload,
  });
}

async function storedOf(as: SeededUser) {
  const [{ n }] = await t.app.db
    .select({ n: count() })
    .from(storedFiles)
    .where(eq(storedFiles.ownerId, as.id));
  return n;
}

async function objectsInStore() {
  let n = 0;
  for await (const object of t.app.storage.list()) if (!object.partial) n++;
  return n;
}

describe('uploads an hour and bytes a day, per signed-in user', () => {
  it('cuts off a burst of uploads past the hour’s limit', async () => {
    const app = await instance({ userUploadsPerHour: 3 });
    const teacher = await seedUser(t.app);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await uploadPhoto(app, teacher));
    expect(statusesOf(answers)).toEqual([201, 201, 201, 429, 429]);
    const wait = retryAfter(answers[3]);
    expect(wait).toBeGreaterThan(59 * 60);
    expect(wait).toBeLessThanOrEqual(60 * 60);
    expectError(
      answers[3],
      429,
      'You have uploaded too many files in the last hour. Please wait 60 minutes and try again.',
    );
    expect(await storedOf(teacher)).toBe(3);
    // Another user uploads on.
    expect((await uploadPhoto(app, await seedUser(t.app))).statusCode).toBe(201);
  });

  it('refuses the upload that would pass the day’s bytes, storing nothing of it; a smaller one still fits', async () => {
    const app = await instance({ userUploadMbPerDay: 1 });
    const teacher = await seedUser(t.app);
    expect((await uploadPhoto(app, teacher, pngOf(400 * 1024))).statusCode).toBe(201);
    expect((await uploadPhoto(app, teacher, pngOf(400 * 1024))).statusCode).toBe(201);
    const rows = await storedOf(teacher);
    const objects = await objectsInStore();

    const refused = await uploadPhoto(app, teacher, pngOf(400 * 1024));
    const wait = retryAfter(refused);
    expect(wait).toBeGreaterThan(23 * 3600);
    expect(wait).toBeLessThanOrEqual(24 * 3600);
    expectError(refused, 429, "You have reached today's upload limit of 1 MB. Please try again in 24 hours.");
    expect(await storedOf(teacher)).toBe(rows);
    expect(await objectsInStore()).toBe(objects);

    // The refused file took nothing: what is left of the day (224 KB) still takes a smaller one.
    expect((await uploadPhoto(app, teacher, pngOf(200 * 1024))).statusCode).toBe(201);
    expect((await uploadPhoto(app, teacher, pngOf(30 * 1024))).statusCode).toBe(429);
    // A day later the day's bytes start again (signed in again: a session lasts hours).
    later(24 * 3600 * 1000 + 1000);
    const token = app.signToken({ id: teacher.id, tokenVersion: 0 });
    const signedInAgain = { ...teacher, auth: { authorization: `Bearer ${token}` } };
    expect((await uploadPhoto(app, signedInAgain, pngOf(400 * 1024))).statusCode).toBe(201);
  });

  it('counts only the files it keeps: one refused for its type, or lost by the store, takes nothing', async () => {
    let failNext = false;
    const failing: FileStore = {
      ...t.app.storage,
      list: () => t.app.storage.list(),
      get: (key) => t.app.storage.get(key),
      delete: (key) => t.app.storage.delete(key),
      deleteLeftover: (key) => t.app.storage.deleteLeftover(key),
      put: async (key, data) => {
        if (failNext) {
          failNext = false;
          throw new Error('disk full');
        }
        return t.app.storage.put(key, data);
      },
    };
    const app = await instance({ userUploadsPerHour: 1, userUploadMbPerDay: 1 }, failing);
    const teacher = await seedUser(t.app);
    const notAnImage = fileUpload(
      'files',
      'photo.png',
      'image/png',
      Buffer.from('plain text, not a picture'),
    );
    const wrongType = await app.inject({
      method: 'POST',
      url: '/api/file-upload/activities',
      headers: { ...teacher.auth, ...notAnImage.headers },
      payload: notAnImage.payload,
    });
    expect(wrongType.statusCode).toBe(415);
    failNext = true;
    expect((await uploadPhoto(app, teacher, pngOf(900 * 1024))).statusCode).toBe(500);
    expect(await storedOf(teacher)).toBe(0);
    // The hour's one upload and the day's megabyte are both still there.
    expect((await uploadPhoto(app, teacher, pngOf(900 * 1024))).statusCode).toBe(201);
    expect((await uploadPhoto(app, teacher)).statusCode).toBe(429);
  });

  it('counts the uploads of the signed-in user, also when an administrator sets someone’s picture', async () => {
    const app = await instance({ userUploadsPerHour: 1 });
    const admin = await seedUser(t.app, { role: 'ADMIN' });
    const teacher = await seedUser(t.app);
    const picture = () => {
      const body = fileUpload('profilePicture', 'me.png', 'image/png', SAMPLE_IMAGES.png);
      return app.inject({
        method: 'POST',
        url: `/api/users/${teacher.id}/profile-picture`,
        headers: { ...admin.auth, ...body.headers },
        payload: body.payload,
      });
    };
    expect((await picture()).statusCode).toBe(200);
    expectError(
      await picture(),
      429,
      'You have uploaded too many files in the last hour. Please wait 60 minutes and try again.',
    );
    // The teacher's own hour is untouched.
    expect((await uploadPhoto(app, teacher)).statusCode).toBe(201);
  });
});

describe('settings', () => {
  const env = { JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/csp-limits-config-test' };
  it('default to 120 writes a minute, 120 uploads an hour and 500 MB a day', () => {
    const config = loadConfig(env);
    expect(config.userWritesPerMinute).toBe(120);
    expect(config.userUploadsPerHour).toBe(120);
    expect(config.userUploadMbPerDay).toBe(500);
  });

  it('take whole numbers above 0 from the environment and refuse anything else', () => {
    const config = loadConfig({
      ...env,
      USER_WRITES_PER_MINUTE: '300',
      USER_UPLOADS_PER_HOUR: '50',
      USER_UPLOAD_MB_PER_DAY: '2048',
    });
    expect([config.userWritesPerMinute, config.userUploadsPerHour, config.userUploadMbPerDay]).toEqual([
      300, 50, 2048,
    ]);
    for (const name of ['USER_WRITES_PER_MINUTE', 'USER_UPLOADS_PER_HOUR', 'USER_UPLOAD_MB_PER_DAY']) {
      for (const value of ['0', '-5', '1.5', 'many']) {
        expect(() => loadConfig({ ...env, [name]: value })).toThrow(
          `${name} must be a positive whole number, got "${value}"`,
        );
      }
    }
  });

  it('say how long to wait in seconds, minutes, then hours, rounded up', () => {
    expect(describeWait(1)).toBe('1 second');
    expect(describeWait(42)).toBe('42 seconds');
    expect(describeWait(60)).toBe('1 minute');
    expect(describeWait(61)).toBe('2 minutes');
    expect(describeWait(3600)).toBe('60 minutes');
    expect(describeWait(2 * 3600)).toBe('120 minutes');
    expect(describeWait(2 * 3600 + 1)).toBe('3 hours');
    expect(describeWait(24 * 3600)).toBe('24 hours');
  });
});

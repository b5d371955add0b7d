/**
 * With REDIS_URL, every API instance counts against the same limits, the per-user ones of decision 0033
 * too (tested against the local Redis, TEST_REDIS_URL, default redis://127.0.0.1:6379); without it, each
 * instance counts on its own; while Redis cannot be reached, each instance still limits in memory.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig, type Config } from '../config.ts';
import { createMemoryMailer } from '../lib/mailer.ts';
import { fileUpload, SAMPLE_IMAGES } from '../test/multipart.ts';
import { createTestApp, seedUser, type TestContext } from '../test/setup.ts';

const redisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000 });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const reachable = await redisAnswers();
if (!reachable && process.env.REQUIRE_ALL_TESTS === '1') {
  throw new Error(
    `Redis is not answering at ${redisUrl}; REQUIRE_ALL_TESTS=1 needs the shared rate-limit tests`,
  );
}

let t: TestContext;
const extra: FastifyInstance[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const app of extra) await app.close();
  await t.close();
});

/** A second API instance on the same database and file store as `t`. */
async function secondInstance(overrides: Partial<Config>): Promise<FastifyInstance> {
  const app = await buildApp(testConfig({ ...overrides, jwtSecret: t.config.jwtSecret }), {
    database: t.app.database,
    mailer: createMemoryMailer(),
    storage: t.app.storage,
  });
  await app.ready();
  extra.push(app);
  return app;
}

const wrongLogin = (app: FastifyInstance, email: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong-password' } });

describe.skipIf(!reachable)('rate limits shared through Redis', () => {
  it('two instances on one database and one Redis count one budget of failed sign-ins', async () => {
    const shared = { redisUrl, redisKeyPrefix: `csp-test-${randomUUID()}`, loginFailuresPer15Min: 4 };
    const one = await secondInstance(shared);
    const two = await secondInstance(shared);
    const user = await seedUser(t.app);
    const statuses = [];
    for (const app of [one, two, one, two, one, two])
      statuses.push((await wrongLogin(app, user.email)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    // The other instance refuses the right password too: the budget is one.
    const right = await two.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(/^Too many failed sign-in attempts for this email/);
  });

  it('per-IP limits are shared the same way', async () => {
    const shared = { redisUrl, redisKeyPrefix: `csp-test-${randomUUID()}`, authIpLimitPerMinute: 3 };
    const one = await secondInstance(shared);
    const two = await secondInstance(shared);
    const statuses = [];
    for (const app of [one, two, one, two]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'someone@example.org' },
        remoteAddress: '203.0.113.50',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('per-user writes, uploads and upload bytes are shared the same way', async () => {
    const shared = {
      redisUrl,
      redisKeyPrefix: `csp-test-${randomUUID()}`,
      userWritesPerMinute: 5,
      userUploadsPerHour: 2,
      userUploadMbPerDay: 1,
    };
    const one = await secondInstance(shared);
    const two = await secondInstance(shared);
    const teacher = await seedUser(t.app);
    const other = await seedUser(t.app);
    const upload = (app: FastifyInstance, as: typeof teacher, bytes: number) => {
      const data = Buffer.concat([SAMPLE_IMAGES.png, Buffer.alloc(bytes - SAMPLE_IMAGES.png.length)]);
      const body = fileUpload('files', 'photo.png', 'image/png', data);
      return app.inject({
        method: 'POST',
        url: '/api/file-upload/activities',
        headers: { ...as.auth, ...body.headers },
        payload: body.payload,
      });
    };
    // Two uploads a teacher may make an hour, one on each instance; the third is refused by either.
    expect((await upload(one, teacher, 1000)).statusCode).toBe(201);
    expect((await upload(two, teacher, 1000)).statusCode).toBe(201);
    const third = await upload(one, teacher, 1000);
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toMatch(/^You have uploaded too many files in the last hour/);
    // Another user's bytes: 700 KB on one instance leave too little of the day's megabyte on the other.
    expect((await upload(two, other, 700 * 1024)).statusCode).toBe(201);
    const over = await upload(one, other, 400 * 1024);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/^You have reached today's upload limit of 1 MB/);
    // Five writes a minute for the teacher, counted across both: the three uploads were writes.
    const write = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: '/api/notifications/mark-all-read', headers: teacher.auth });
    const statuses = [];
    for (const app of [two, one, two]) statuses.push((await write(app)).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe('rate limits without a shared store', () => {
  it('count per instance without REDIS_URL', async () => {
    const one = await secondInstance({ loginFailuresPer15Min: 2 });
    const two = await secondInstance({ loginFailuresPer15Min: 2 });
    const user = await seedUser(t.app);
    const statuses = [];
    for (const app of [one, two, one, two, one])
      statuses.push((await wrongLogin(app, user.email)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });

  it('still limit (in memory) while Redis cannot be reached', async () => {
    const app = await secondInstance({ redisUrl: 'redis://127.0.0.1:1', loginFailuresPer15Min: 2 });
    const user = await seedUser(t.app);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await wrongLogin(app, user.email)).statusCode);
    expect(statuses).toEqual([401, 401, 429]);
  });
});

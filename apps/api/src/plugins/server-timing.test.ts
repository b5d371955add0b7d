import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedUser, type SeededUser, type TestContext } from '../test/setup.ts';

let t: TestContext;
let admin: SeededUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t.app, { role: 'ADMIN' });
});
afterAll(() => t.close());

function timings(header: unknown) {
  expect(typeof header, 'a Server-Timing header').toBe('string');
  const match = /^db;dur=(\d+\.\d), app;dur=(\d+\.\d), total;dur=(\d+\.\d)$/.exec(header as string);
  expect(match, String(header)).not.toBeNull();
  const [db, app, total] = match!.slice(1).map(Number);
  return { db, app, total };
}

describe('Server-Timing', () => {
  it('splits a list call into database time and the rest', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/students?page=1&limit=20',
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    const { db, app, total } = timings(res.headers['server-timing']);
    expect(db).toBeGreaterThan(0);
    // The page and its count run at once; the database time is the time either was under way, so it
    // never reaches the whole (it did when their times were added).
    expect(db).toBeLessThan(total);
    expect(app).toBeGreaterThan(0);
    expect(Math.abs(db + app - total)).toBeLessThanOrEqual(0.2);
  });

  it('is on a signed-in error answer too', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/students/not-an-id',
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(400);
    timings(res.headers['server-timing']);
  });
});

describe('Server-Timing is never sent where it could tell a stranger something', () => {
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

  it.each([
    ['sign-in', () => post('/api/auth/login', { email: admin.email, password: 'wrong-password' })],
    ['forgot-password', () => post('/api/auth/forgot-password', { email: admin.email })],
    ['register', () => post('/api/auth/register', { ...newTeacher(), email: admin.email })],
    [
      'verify-otp',
      () =>
        post('/api/auth/verify-otp', {
          email: admin.email,
          otp: '123456',
          tempData: { registrationId: '3b241101-e2bb-4255-8caf-4136c566a962' },
        }),
    ],
    [
      'reset-password',
      () =>
        post('/api/auth/reset-password', { email: admin.email, otp: '123456', newPassword: 'tea-leaf-93' }),
    ],
    ['the public policy', () => t.app.inject({ method: 'GET', url: '/api/auth/policy' })],
    [
      'a signed-in auth call',
      () => t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: admin.auth }),
    ],
    ['a 401 of another route', () => t.app.inject({ method: 'GET', url: '/api/students' })],
    [
      'a 401 for a bad token',
      () => t.app.inject({ method: 'GET', url: '/api/students', headers: { authorization: 'Bearer nope' } }),
    ],
    ['an unknown route', () => t.app.inject({ method: 'GET', url: '/api/no-such-route' })],
    [
      'a route asked for in a roundabout way',
      () => t.app.inject({ method: 'POST', url: '/api/students/../auth/login', payload: {} }),
    ],
  ])('%s', async (_name, send) => {
    const res = await send();
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers['server-timing'], `${res.statusCode} ${res.body}`).toBeUndefined();
  });
});

const newTeacher = () => ({
  firstName: 'Tharu',
  lastName: 'Perera',
  role: 'TEACHER',
  password: 'tea-leaf-93',
});

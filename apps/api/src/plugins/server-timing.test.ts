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

  it('counts no database time where no query ran, and is on errors too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(res.statusCode).toBe(404);
    expect(timings(res.headers['server-timing']).db).toBe(0);
    const refused = await t.app.inject({ method: 'GET', url: '/api/students' });
    expect(refused.statusCode).toBe(401);
    expect(timings(refused.headers['server-timing']).db).toBe(0);
  });

  it('keeps each request to its own database time when requests overlap', async () => {
    const [a, b] = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/students?page=1&limit=20', headers: admin.auth }),
      t.app.inject({ method: 'GET', url: '/api/no-such-route' }),
    ]);
    expect(timings(a.headers['server-timing']).db).toBeGreaterThan(0);
    expect(timings(b.headers['server-timing']).db).toBe(0);
  });
});

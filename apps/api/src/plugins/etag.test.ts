import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, students } from '../db/schema.ts';
import { createTestApp, seedUser, type SeededUser, type TestContext } from '../test/setup.ts';

// ETag / 304 on the API's successful reads (decision 0016).

let t: TestContext;
let admin: SeededUser;
let teacher: SeededUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t.app, { role: 'ADMIN' });
  teacher = await seedUser(t.app, { role: 'TEACHER' });
  const [kid] = await t.app.db
    .insert(students)
    .values({
      studentId: 'ETAG-1',
      firstName: 'Nila',
      lastName: 'Tagged',
      dateOfBirth: '2022-05-01',
      category: 'CENTER_BASE',
      assignedTeacherId: teacher.id,
    })
    .returning();
  await t.app.db
    .insert(activities)
    .values({ title: 'Drawing', date: '2026-01-05', studentId: kid.id, teacherId: teacher.id });
});
afterAll(() => t.close());

const get = (as: SeededUser, url: string, ifNoneMatch?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...as.auth, ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) },
  });

describe('ETag and 304', () => {
  it('answers 304 without a body while the list is unchanged, and 200 with a new tag once it changes', async () => {
    const first = await get(admin, '/api/activities?page=1&limit=8');
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    // Weak: the same JSON may be sent compressed or not (the compression tests below).
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(first.headers['cache-control']).toBe('no-store');

    const again = await get(admin, '/api/activities?page=1&limit=8', etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // A list of tags, the tag's strong form, and * match too; another tag does not.
    expect(
      (await get(admin, '/api/activities?page=1&limit=8', `"other", ${etag.replace(/^W\//, '')}`)).statusCode,
    ).toBe(304);
    expect((await get(admin, '/api/activities?page=1&limit=8', '*')).statusCode).toBe(304);
    expect((await get(admin, '/api/activities?page=1&limit=8', '"other"')).statusCode).toBe(200);

    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/activities/${(first.json() as { id: string }[])[0].id}`,
      headers: teacher.auth,
      payload: { title: 'Painting' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.headers.etag).toBeUndefined();
    const changed = await get(admin, '/api/activities?page=1&limit=8', etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((changed.json() as { title: string }[])[0].title).toBe('Painting');
  });

  it('never tags errors, and each reader’s answer has its own tag', async () => {
    const missing = await get(admin, '/api/activities/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/activities',
      headers: { 'if-none-match': '*' },
    });
    expect(anonymous.statusCode).toBe(401);
    // The same list seen by the admin (every activity) and by another teacher (none): different bytes.
    const other = await seedUser(t.app, { role: 'TEACHER' });
    const theirs = await get(other, '/api/activities?page=1&limit=8');
    const mine = await get(admin, '/api/activities?page=1&limit=8');
    expect(theirs.headers.etag).not.toBe(mine.headers.etag);
    expect((await get(other, '/api/activities?page=1&limit=8', mine.headers.etag as string)).statusCode).toBe(
      200,
    );
  });
});

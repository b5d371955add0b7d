import { addDays, notificationListSchema, todayIn } from '@csp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema.ts';
import { createTestApp, seedUser, type SeededUser, type TestContext } from '../../test/setup.ts';
import { notify, notifyMany } from './notify.ts';

describe('notifications', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const rowsOf = (userId: string) =>
    t.app.db.select().from(notifications).where(eq(notifications.userId, userId));
  const rowById = async (id: string) =>
    (await t.app.db.select().from(notifications).where(eq(notifications.id, id)))[0];
  const list = (who: SeededUser, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/notifications${query}`, headers: who.auth });

  /** Seeds through notify() with distinct, increasing createdAt values; answers ids oldest first. */
  async function seed(userId: string, n: number, type = 'GENERAL'): Promise<string[]> {
    for (let i = 0; i < n; i++) await notify(t.app.db, userId, type, `Title ${i + 1}`, `Message ${i + 1}`);
    const rows = await rowsOf(userId);
    const base = Date.now() - 60_000;
    for (const [i, row] of rows.entries()) {
      await t.app.db
        .update(notifications)
        .set({ createdAt: new Date(base + Number(row.title.split(' ')[1]) * 1000 + i) })
        .where(eq(notifications.id, row.id));
    }
    const sorted = [...rows].sort((a, b) => Number(a.title.split(' ')[1]) - Number(b.title.split(' ')[1]));
    return sorted.map((r) => r.id);
  }

  it('lists only my own notifications, newest first, in the contract shape', async () => {
    const me = await seedUser(t.app);
    const other = await seedUser(t.app);
    const mine = await seed(me.id, 3);
    await seed(other.id, 2);

    const res = await list(me);
    expect(res.statusCode).toBe(200);
    const body = notificationListSchema.parse(res.json());
    expect(body.map((n) => n.id)).toEqual([...mine].reverse());
    expect(body[0]).toEqual({
      id: mine[2],
      type: 'GENERAL',
      title: 'Title 3',
      message: 'Message 3',
      isRead: false,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    expect(Object.keys(res.json()[0]).sort()).toEqual([
      'createdAt',
      'id',
      'isRead',
      'message',
      'title',
      'type',
    ]);
    expect(res.headers['x-total-count']).toBeUndefined();

    const empty = await list(await seedUser(t.app));
    expect(empty.json()).toEqual([]);
  });

  it('pages with page and limit and reports the total', async () => {
    const me = await seedUser(t.app);
    const ids = (await seed(me.id, 5)).reverse();
    const page2 = await list(me, '?page=2&limit=2');
    expect(page2.statusCode).toBe(200);
    expect(page2.headers['x-total-count']).toBe('5');
    expect(page2.json().map((n: { id: string }) => n.id)).toEqual(ids.slice(2, 4));
    const bad = await list(me, '?limit=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('limit must be a whole number between 1 and 100');
    const unknown = await list(me, '?userId=x');
    expect(unknown.statusCode).toBe(400);
  });

  it('filters by type, read state, day range and search in SQL, with paging over the matches', async () => {
    const me = await seedUser(t.app);
    const other = await seedUser(t.app);
    await notify(t.app.db, me.id, 'GIFT_ASSIGNMENT', 'Gift for Nila', 'A school bag was assigned');
    await notify(t.app.db, me.id, 'student_assigned', 'New student', 'Kavin was assigned to you');
    await notify(t.app.db, me.id, 'SOMETHING_NEW', 'Server news', 'A type this client does not know');
    await notify(t.app.db, me.id, 'GENERAL', 'Old news', 'From last month');
    await notify(t.app.db, other.id, 'GIFT_ASSIGNMENT', 'Gift for someone else', 'Not mine');
    const mine = await rowsOf(me.id);
    const byTitle = (title: string) => mine.find((r) => r.title === title)!;
    // 'Old news' was created 40 days ago; 'New student' is read.
    await t.app.db
      .update(notifications)
      .set({ createdAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(notifications.id, byTitle('Old news').id));
    await t.app.db
      .update(notifications)
      .set({ isRead: true })
      .where(eq(notifications.id, byTitle('New student').id));

    const titles = async (query: string) => {
      const res = await list(me, query);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { title: string }[]).map((n) => n.title).sort();
    };
    expect(await titles('?type=GIFT_ASSIGNMENT')).toEqual(['Gift for Nila']);
    // General covers every type the list shows as General.
    expect(await titles('?type=GENERAL')).toEqual(['Old news', 'Server news']);
    expect(await titles('?read=true')).toEqual(['New student']);
    expect(await titles('?read=false')).toEqual(['Gift for Nila', 'Old news', 'Server news']);
    expect(await titles('?search=BAG')).toEqual(['Gift for Nila']);
    expect(await titles('?search=assigned')).toEqual(['Gift for Nila', 'New student']);
    expect(await titles('?search=50%25')).toEqual([]);
    const today = todayIn(t.config.orgTimezone);
    expect(await titles(`?from=${addDays(today, -7)}`)).toEqual([
      'Gift for Nila',
      'New student',
      'Server news',
    ]);
    expect(await titles(`?to=${addDays(today, -30)}`)).toEqual(['Old news']);
    expect(await titles(`?from=${today}&to=${today}&read=false&type=GENERAL`)).toEqual(['Server news']);

    const page = await list(me, '?read=false&limit=2&page=2');
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.json()).toHaveLength(1);
  });

  it('refuses bad filters with 400 and a readable message', async () => {
    const me = await seedUser(t.app);
    const cases: [string, string][] = [
      [
        '?type=PARTY',
        'type must be one of GIFT_ASSIGNMENT, MEASUREMENT_REMINDER, HOME_VISIT_REMINDER, student_assigned, GENERAL',
      ],
      ['?read=yes', 'read must be true or false'],
      ['?from=2026-13-01', 'from must be a date (YYYY-MM-DD)'],
      ['?to=yesterday', 'to must be a date (YYYY-MM-DD)'],
      ['?from=2026-05-02&to=2026-05-01', 'from must not be after to'],
      [`?search=${'x'.repeat(101)}`, 'search must be at most 100 characters'],
      ['?search=%00', 'search contains characters that are not allowed'],
    ];
    for (const [query, message] of cases) {
      const res = await list(me, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message });
    }
  });

  it('GET /api/notifications/counts answers my total, unread and read counts only', async () => {
    const me = await seedUser(t.app);
    const other = await seedUser(t.app);
    const [first] = await seed(me.id, 4);
    await seed(other.id, 2);
    await t.app.db.update(notifications).set({ isRead: true }).where(eq(notifications.id, first));
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications/counts', headers: me.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ total: 4, unread: 3, read: 1 });
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/counts',
      headers: (await seedUser(t.app, { role: 'ADMIN' })).auth,
    });
    expect(none.json()).toEqual({ total: 0, unread: 0, read: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications/counts' })).statusCode).toBe(401);
  });

  it('marks one of mine read', async () => {
    const me = await seedUser(t.app);
    const [first, second] = await seed(me.id, 2);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/notifications/${first}/read`,
      headers: me.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: first, isRead: true, title: 'Title 1' });
    expect((await rowById(first)).isRead).toBe(true);
    expect((await rowById(second)).isRead).toBe(false);
    // Again: still fine.
    const again = await t.app.inject({
      method: 'PATCH',
      url: `/api/notifications/${first}/read`,
      headers: me.auth,
    });
    expect(again.statusCode).toBe(200);
  });

  it('marks all of mine read and reports how many changed, leaving others alone', async () => {
    const me = await seedUser(t.app);
    const other = await seedUser(t.app);
    const [first] = await seed(me.id, 3);
    const [theirs] = await seed(other.id, 1);
    await t.app.inject({ method: 'PATCH', url: `/api/notifications/${first}/read`, headers: me.auth });

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/mark-all-read',
      headers: me.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'All notifications marked as read', updated: 2 });
    expect((await rowsOf(me.id)).every((r) => r.isRead)).toBe(true);
    expect((await rowById(theirs)).isRead).toBe(false);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/mark-all-read',
      headers: me.auth,
    });
    expect(again.json().updated).toBe(0);
  });

  it('deletes one of mine', async () => {
    const me = await seedUser(t.app);
    const [first, second] = await seed(me.id, 2);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/notifications/${first}`,
      headers: me.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Notification deleted' });
    expect(await rowById(first)).toBeUndefined();
    expect((await list(me)).json().map((n: { id: string }) => n.id)).toEqual([second]);

    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/notifications/${first}`,
      headers: me.auth,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Notification not found');
  });

  it("cannot read, mark or delete another user's notification (404, row unchanged)", async () => {
    const me = await seedUser(t.app);
    const admin = await seedUser(t.app, { role: 'ADMIN' });
    const other = await seedUser(t.app);
    const [theirs] = await seed(other.id, 1);
    const before = await rowById(theirs);

    // Not even an admin reads another person's inbox.
    for (const who of [me, admin]) {
      expect((await list(who)).json().map((n: { id: string }) => n.id)).not.toContain(theirs);
      const mark = await t.app.inject({
        method: 'PATCH',
        url: `/api/notifications/${theirs}/read`,
        headers: who.auth,
      });
      expect(mark.statusCode).toBe(404);
      expect(mark.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Notification not found' });
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/notifications/${theirs}`,
        headers: who.auth,
      });
      expect(del.statusCode).toBe(404);
      expect(del.json().message).toBe('Notification not found');
      await t.app.inject({ method: 'POST', url: '/api/notifications/mark-all-read', headers: who.auth });
    }
    expect(await rowById(theirs)).toEqual(before);
  });

  it('answers 400 for an id that is not a uuid and 404 for an unknown one', async () => {
    const me = await seedUser(t.app);
    const bad = await t.app.inject({ method: 'PATCH', url: '/api/notifications/123/read', headers: me.auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('id must be a valid identifier');
    const badDelete = await t.app.inject({
      method: 'DELETE',
      url: '/api/notifications/abc',
      headers: me.auth,
    });
    expect(badDelete.statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'PATCH',
      url: '/api/notifications/6f1c2a8e-1d2b-4c3d-8e9f-0a1b2c3d4e5f/read',
      headers: me.auth,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers 401 without a valid token on every route', async () => {
    const me = await seedUser(t.app);
    const [id] = await seed(me.id, 1);
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['PATCH', `/api/notifications/${id}/read`],
      ['POST', '/api/notifications/mark-all-read'],
      ['DELETE', `/api/notifications/${id}`],
    ] as const) {
      const anon = await t.app.inject({ method, url });
      expect(anon.statusCode, `${method} ${url}`).toBe(401);
      const forged = await t.app.inject({ method, url, headers: { authorization: 'Bearer not.a.token' } });
      expect(forged.statusCode).toBe(401);
    }
    const row = await rowById(id);
    expect(row.isRead).toBe(false);
  });

  it('notifyMany writes one notification per user, and nothing for an empty list', async () => {
    const a = await seedUser(t.app);
    const b = await seedUser(t.app);
    await notifyMany(t.app.db, [a.id, b.id], 'student_assigned', 'New student', 'A student was assigned');
    await notifyMany(t.app.db, [], 'GENERAL', 'x', 'y');
    for (const who of [a, b]) {
      const body = (await list(who)).json();
      expect(body).toHaveLength(1);
      expect(body[0]).toMatchObject({ type: 'student_assigned', title: 'New student', isRead: false });
    }
  });
});

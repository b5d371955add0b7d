import { PAGING_MESSAGES } from '@csp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, gifts, homeVisits, measurements, notifications } from '../db/schema.ts';
import { createTestApp, expectError, seedUser, type SeededUser, type TestContext } from '../test/setup.ts';
import { studentSeeder } from '../test/factories.ts';

// Keyset pages (issue 13; contracts' keysetQueryFields): every paged answer of the big lists carries
// X-Next-Cursor while rows remain, and `after=<cursor>` answers the rows after it, in the list's order.
// Following the cursors reads every row once, even when rows are added between the page requests and
// when many rows tie on the date and the recording time (one INSERT: one created_at).

let t: TestContext;
let admin: SeededUser;
let teacher: SeededUser;
let other: SeededUser;
let mine: string;
let theirs: string;

const seedStudent = studentSeeder(() => t.app, { prefix: 'KEY', lastName: (n) => `Keyset${n}` });

/** Days as the lists see them: a few distinct dates, so that rows tie on the date and on created_at. */
const day = (i: number) => `2026-0${1 + (i % 3)}-1${i % 2}`;

/** `n` pending visits of the teacher to the student, in one statement. */
async function insertVisits(n: number, student: string) {
  await t.app.db
    .insert(homeVisits)
    .values(
      Array.from({ length: n }, (_, i) => ({ studentId: student, teacherId: teacher.id, visitDate: day(i) })),
    );
}

interface ListCase {
  name: string;
  url: string;
  /** Who reads the list (a teacher's lists are scoped to their students or to themselves). */
  reader: () => SeededUser;
  /** Inserts `n` rows of the list in one statement (so they share one created_at), for `student`. */
  insert: (n: number, student: string, label: string) => Promise<void>;
}

const cases: ListCase[] = [
  {
    name: 'activities',
    url: '/api/activities',
    reader: () => teacher,
    insert: async (n, student, label) => {
      await t.app.db.insert(activities).values(
        Array.from({ length: n }, (_, i) => ({
          title: `${label} ${i}`,
          date: day(i),
          studentId: student,
          teacherId: teacher.id,
        })),
      );
    },
  },
  {
    name: 'measurements',
    url: '/api/measurements',
    reader: () => admin,
    insert: async (n, student) => {
      await t.app.db.insert(measurements).values(
        Array.from({ length: n }, (_, i) => ({
          studentId: student,
          measuredById: teacher.id,
          height: 90,
          weight: 13,
          date: day(i),
        })),
      );
    },
  },
  {
    name: 'home visits',
    url: '/api/home-visits',
    reader: () => teacher,
    insert: (n, student) => insertVisits(n, student),
  },
  {
    name: 'the visit review queue',
    url: '/api/home-visits/pending/review',
    reader: () => admin,
    insert: (n, student) => insertVisits(n, student),
  },
  {
    name: 'gifts',
    url: '/api/gifts',
    reader: () => teacher,
    insert: async (n, student, label) => {
      await t.app.db.insert(gifts).values(
        Array.from({ length: n }, (_, i) => ({
          name: `${label} ${i}`,
          studentId: student,
          giftDate: day(i),
        })),
      );
    },
  },
  {
    name: 'notifications',
    url: '/api/notifications',
    reader: () => teacher,
    insert: async (n, _student, label) => {
      await t.app.db.insert(notifications).values(
        Array.from({ length: n }, (_, i) => ({
          userId: teacher.id,
          type: 'GENERAL',
          title: `${label} ${i}`,
          message: 'Keyset',
        })),
      );
    },
  },
];

const get = (as: SeededUser, url: string) => t.app.inject({ method: 'GET', url, headers: as.auth });
const idsOf = (res: { json: () => unknown }) => (res.json() as { id: string }[]).map((r) => r.id);

beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t.app, { role: 'ADMIN' });
  teacher = await seedUser(t.app, { role: 'TEACHER' });
  other = await seedUser(t.app, { role: 'TEACHER' });
  mine = (await seedStudent(teacher.id)).id;
  theirs = (await seedStudent(other.id)).id;
});
afterAll(async () => {
  await t?.close();
});

describe.each(cases)('keyset pages of $name', (c) => {
  it('reads every row once, in the numbered pages’ order, while rows are added between requests', async () => {
    await c.insert(11, mine, 'first');
    const reader = c.reader();
    const all = await get(reader, c.url);
    expect(all.statusCode).toBe(200);
    const before = idsOf(all);
    expect(before.length).toBeGreaterThanOrEqual(11);

    // Page 1 as the web app asks for it: the total, and the cursor of its last row.
    const first = await get(reader, `${c.url}?page=1&limit=4`);
    expect(first.headers['x-total-count']).toBe(String(before.length));
    expect(idsOf(first)).toEqual(before.slice(0, 4));
    let cursor = first.headers['x-next-cursor'] as string | undefined;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const read = idsOf(first);

    // New rows (newer than every row, and on the same days) land before the next requests.
    await c.insert(5, mine, 'added');
    for (let guard = 0; cursor && guard < 20; guard++) {
      const res = await get(reader, `${c.url}?limit=4&after=${cursor}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBeUndefined();
      read.push(...idsOf(res));
      cursor = res.headers['x-next-cursor'] as string | undefined;
    }
    // Neither skipped nor repeated: every row there was, once, in the list's order. Rows added behind
    // the cursor's place in the order (same days, later recording time) show up where they belong;
    // those added before it do not (offset pages would have shifted and repeated rows instead).
    const now = idsOf(await get(reader, c.url));
    expect(new Set(read).size).toBe(read.length);
    expect(read.filter((id) => before.includes(id))).toEqual(before);
    expect(now.filter((id) => read.includes(id))).toEqual(read);
    expect(read.length).toBeLessThan(now.length);

    // The last numbered page has no cursor; a keyset page that reads the last row neither.
    const pages = Math.ceil((before.length + 5) / 4);
    const last = await get(reader, `${c.url}?page=${pages}&limit=4`);
    expect(last.headers['x-next-cursor']).toBeUndefined();
  });

  it('refuses a cursor that is not one, a cursor of another list, and page with after', async () => {
    const reader = c.reader();
    const bad = (cursor: string) => get(reader, `${c.url}?limit=4&after=${cursor}`);
    const encode = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');
    expectError(await bad('not-a-cursor'), 400, PAGING_MESSAGES.after);
    expectError(await bad('%20'), 400, PAGING_MESSAGES.after);
    expectError(await bad('x'.repeat(500)), 400, PAGING_MESSAGES.after);
    expectError(await bad(encode({ id: 1 })), 400, PAGING_MESSAGES.after);
    expectError(await bad(encode([])), 400, PAGING_MESSAGES.after);
    expectError(await bad(encode(['2026-01-01', 'yesterday', 'x'])), 400, PAGING_MESSAGES.after);
    expectError(await bad(encode(['2026-13-45', '2026-01-01T00:00:00Z', crypto.randomUUID()])), 400);
    expectError(await bad(encode(['2026-01-01T00:00:00Z', 7])), 400, PAGING_MESSAGES.after);
    // A cursor of the other kind of key (notifications: time and id; the rest: day, time and id).
    const otherKind =
      c.name === 'notifications'
        ? encode(['2026-01-01', '2026-01-01T00:00:00.123456+00:00', crypto.randomUUID()])
        : encode(['2026-01-01T00:00:00.123456+00:00', crypto.randomUUID()]);
    expectError(await bad(otherKind), 400, PAGING_MESSAGES.after);

    const first = await get(reader, `${c.url}?page=1&limit=2`);
    const cursor = first.headers['x-next-cursor'] as string;
    expectError(
      await get(reader, `${c.url}?page=2&limit=2&after=${cursor}`),
      400,
      PAGING_MESSAGES.afterWithPage,
    );
  });
});

describe('keyset pages keep the reader’s scope', () => {
  it('a cursor never shows another teacher’s rows', async () => {
    await cases[0].insert(3, theirs, 'theirs');
    await t.app.db
      .insert(activities)
      .values({ title: 'theirs own', date: day(0), studentId: theirs, teacherId: other.id });
    const first = await get(teacher, '/api/activities?page=1&limit=2');
    const read = idsOf(first);
    let cursor = first.headers['x-next-cursor'] as string | undefined;
    while (cursor) {
      const res = await get(teacher, `/api/activities?limit=50&after=${cursor}`);
      read.push(...idsOf(res));
      cursor = res.headers['x-next-cursor'] as string | undefined;
    }
    expect(read).toEqual(idsOf(await get(teacher, '/api/activities')));
    const titles = ((await get(admin, '/api/activities')).json() as { id: string; title: string }[])
      .filter((a) => a.title.startsWith('theirs'))
      .map((a) => a.id);
    expect(titles).toHaveLength(4);
    expect(read.filter((id) => titles.includes(id))).toEqual([]);
  });
});

describe.each(cases.filter((c) => c.name !== 'measurements' && c.name !== 'notifications'))(
  'a search of $name counts its matches with its page',
  (c) => {
    it('answers the same total on every numbered page, past the end too, and its cursor goes on', async () => {
      const searched = await seedStudent(teacher.id, { firstName: (n) => `Zora${n}`, lastName: 'Counted' });
      const word = searched.firstName;
      await c.insert(7, searched.id, 'searched');
      await c.insert(3, mine, 'unsearched');
      const reader = c.reader();
      const url = `${c.url}?search=${word.toLowerCase()}`;
      const all = idsOf(await get(reader, url));
      expect(all).toHaveLength(7);

      // Every numbered page carries the total of all matches, whether a row of it carries the count
      // (pages 1 to 3) or the page is past the end and it is counted apart (page 4).
      for (const page of [1, 2, 3, 4]) {
        const res = await get(reader, `${url}&page=${page}&limit=3`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['x-total-count']).toBe('7');
        expect(idsOf(res)).toEqual(all.slice((page - 1) * 3, page * 3));
        expect(res.headers['x-next-cursor'] === undefined).toBe(page >= 3);
      }
      // The first page's cursor reads the rest of the matches, without a total.
      const first = await get(reader, `${url}&page=1&limit=3`);
      const rest = await get(reader, `${url}&limit=10&after=${first.headers['x-next-cursor'] as string}`);
      expect(rest.headers['x-total-count']).toBeUndefined();
      expect(idsOf(rest)).toEqual(all.slice(3));
    });
  },
);

/**
 * Edits that name the version they were made over (decision 0027): an edit over an older `updatedAt`
 * answers 409 and changes nothing; without a version the last write wins, as the spec's client expects.
 * On PostgreSQL the racing edits really run at once.
 */
import { addDays, GIFT_MESSAGES, HOME_VISIT_MESSAGES, STALE_EDIT_MESSAGE, todayIn } from '@csp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileUpload, SAMPLE_IMAGES } from './multipart.ts';
import { createTestApp, expectError, seedUser, type SeededUser, type TestContext } from './setup.ts';
import { closeTestApp, HOME, sequence, studentSeeder } from './factories.ts';

let t: TestContext;
let admin: SeededUser;
let admin2: SeededUser;
let teacher: SeededUser;
let otherTeacher: SeededUser;
const today = todayIn('Asia/Colombo');

beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t.app, { role: 'ADMIN' });
  admin2 = await seedUser(t.app, { role: 'ADMIN' });
  teacher = await seedUser(t.app, { role: 'TEACHER' });
  otherTeacher = await seedUser(t.app, { role: 'TEACHER' });
});
afterAll(() => closeTestApp(t));

const send = (as: SeededUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: as.auth, ...(payload ? { payload } : {}) });

async function created(as: SeededUser, url: string, payload: object): Promise<string> {
  const res = await send(as, 'POST', url, payload);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

const seq = sequence();
const seedStudent = studentSeeder(
  () => t.app,
  {
    prefix: 'EV',
    lastName: (n) => `Version${n}`,
    dateOfBirth: '2022-03-04',
    category: 'HOME_BASE',
    homeLatitude: HOME.latitude,
    homeLongitude: HOME.longitude,
  },
  seq,
);

/** A visit of the teacher's to a new student: at the home (approved by the server) or with no place (pending). */
async function recordVisit(place: { latitude: number; longitude: number } | Record<string, never>) {
  const s = await seedStudent(teacher.id);
  const id = await created(teacher, '/api/home-visits', {
    studentId: s.id,
    date: addDays(today, -1),
    duration: 45,
    notes: 'Talked about feeding',
    photos: [],
    ...place,
  });
  return `/api/home-visits/${id}`;
}

interface Editable {
  name: string;
  /** Makes a new record and answers its URL. */
  make: () => Promise<string>;
  /** Who edits it, once from each of two screens (or two people who may). */
  first: () => SeededUser;
  second: () => SeededUser;
  /** Someone who may not edit it: they are answered as before, whatever version they name. */
  outsider: () => SeededUser;
  outsiderStatus: number;
  /** Two edits of one text field, and how the record shows that field. */
  field: string;
  edits: [string, string];
}

const editables: Editable[] = [
  {
    name: 'activity',
    make: async () => {
      const s = await seedStudent(teacher.id);
      const id = await created(teacher, '/api/activities', {
        title: 'Painting',
        studentId: s.id,
        date: addDays(today, -1),
      });
      return `/api/activities/${id}`;
    },
    first: () => teacher,
    second: () => teacher,
    outsider: () => otherTeacher,
    outsiderStatus: 404,
    field: 'title',
    edits: ['Painting outside', 'Painting by the well'],
  },
  {
    name: 'home visit',
    make: () => recordVisit(HOME),
    first: () => teacher,
    second: () => teacher,
    outsider: () => otherTeacher,
    outsiderStatus: 404,
    field: 'notes',
    edits: ['Talked about sleep', 'Talked about play'],
  },
  {
    name: 'student',
    make: async () => `/api/students/${(await seedStudent(teacher.id)).id}`,
    first: () => admin,
    second: () => teacher,
    outsider: () => otherTeacher,
    outsiderStatus: 404,
    field: 'address',
    edits: ['12 Temple Road', '14 Temple Road'],
  },
  {
    name: 'gift',
    make: async () => {
      const s = await seedStudent(teacher.id);
      const res = await send(admin, 'POST', '/api/gifts/bulk-assign', {
        gifts: [
          {
            studentId: s.studentId,
            giftId: `EV-G-${seq()}`,
            globalSponsorId: 'GS-77',
            giftSubType: 'School bag',
            giftDate: today,
            giftStatus: 'PENDING',
          },
        ],
      });
      expect(res.statusCode, res.body).toBe(201);
      return `/api/gifts/${(res.json() as { ids: string[] }).ids[0]}`;
    },
    first: () => admin,
    second: () => admin2,
    outsider: () => teacher,
    outsiderStatus: 403,
    field: 'notes',
    edits: ['Blue bag', 'Red bag'],
  },
  {
    name: 'user',
    make: async () => `/api/users/${(await seedUser(t.app, { role: 'TEACHER' })).id}`,
    first: () => admin,
    second: () => admin2,
    outsider: () => teacher,
    outsiderStatus: 403,
    field: 'firstName',
    edits: ['Priya', 'Priyanka'],
  },
];

async function read(as: SeededUser, url: string) {
  const res = await send(as, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, unknown> & { updatedAt: string };
}

describe.each(editables)('editing a $name over the version read', (e) => {
  it('saves an edit over the current version, and refuses one over an older version with 409, changing nothing', async () => {
    const url = await e.make();
    const opened = await read(e.first(), url);
    // Both screens opened the same version; the first save lands.
    const saved = await send(e.first(), 'PATCH', url, { [e.field]: e.edits[0], updatedAt: opened.updatedAt });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = saved.json() as { updatedAt: string };
    expect(after[e.field as keyof typeof after]).toBe(e.edits[0]);
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(opened.updatedAt));

    const stale = await send(e.second(), 'PATCH', url, {
      [e.field]: e.edits[1],
      updatedAt: opened.updatedAt,
    });
    expectError(stale, 409, STALE_EDIT_MESSAGE);
    const now = await read(e.first(), url);
    expect(now[e.field]).toBe(e.edits[0]);
    expect(now.updatedAt).toBe(after.updatedAt);

    // Over the version it now has, the second edit lands.
    const again = await send(e.second(), 'PATCH', url, { [e.field]: e.edits[1], updatedAt: now.updatedAt });
    expect(again.statusCode, again.body).toBe(200);
    expect((await read(e.first(), url))[e.field]).toBe(e.edits[1]);
  });

  it('without a version, the last write wins (the spec’s client)', async () => {
    const url = await e.make();
    await read(e.first(), url);
    expect((await send(e.first(), 'PATCH', url, { [e.field]: e.edits[0] })).statusCode).toBe(200);
    const last = await send(e.second(), 'PATCH', url, { [e.field]: e.edits[1] });
    expect(last.statusCode, last.body).toBe(200);
    expect((await read(e.first(), url))[e.field]).toBe(e.edits[1]);
  });

  it('a version that is not a date and time answers 400 naming the field', async () => {
    const url = await e.make();
    for (const updatedAt of [
      'yesterday',
      12,
      null,
      '2026-13-45T99:00:00Z',
      'x'.repeat(10_000),
      '2026-11-28',
    ]) {
      const res = await send(e.first(), 'PATCH', url, { [e.field]: e.edits[0], updatedAt });
      expect(res.statusCode, `${String(updatedAt).slice(0, 20)}: ${res.body}`).toBe(400);
      expect((res.json() as { message: string }).message).toContain('updatedAt');
    }
  });

  it('someone who may not edit it is answered as before, not told whether it changed', async () => {
    const url = await e.make();
    const opened = await read(e.first(), url);
    expect((await send(e.first(), 'PATCH', url, { [e.field]: e.edits[0] })).statusCode).toBe(200);
    const res = await send(e.outsider(), 'PATCH', url, {
      [e.field]: e.edits[1],
      updatedAt: opened.updatedAt,
    });
    expect(res.statusCode).toBe(e.outsiderStatus);
  });

  it('of two edits sent at once over one version, exactly one lands', async () => {
    const url = await e.make();
    const opened = await read(e.first(), url);
    const answers = await Promise.all(
      [e.first(), e.second()].map((as, i) =>
        send(as, 'PATCH', url, { [e.field]: e.edits[i], updatedAt: opened.updatedAt }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const winner = answers.findIndex((a) => a.statusCode === 200);
    expect((await read(e.first(), url))[e.field]).toBe(e.edits[winner]);
  });
});

describe('reviewing a home visit as it was seen', () => {
  /** A visit recorded without a location: it waits for a person's review. */
  async function pendingVisit() {
    const url = await recordVisit({});
    const seen = await read(admin, url);
    expect(seen.status).toBe('PENDING');
    return { url, seen };
  }
  const review = (decision: 'approve' | 'reject', url: string, body: object) =>
    send(admin, 'PATCH', `${url}/${decision}`, body);

  it('a visit the teacher changed after the reviewer saw it is not approved or rejected (409), then is once seen again', async () => {
    const { url, seen } = await pendingVisit();
    const edit = await send(teacher, 'PATCH', url, {
      notes: 'Talked about sleep',
      updatedAt: seen.updatedAt,
    });
    expect(edit.statusCode, edit.body).toBe(200);

    expectError(await review('approve', url, { updatedAt: seen.updatedAt }), 409, STALE_EDIT_MESSAGE);
    expectError(
      await review('reject', url, { reviewNotes: 'Too short', updatedAt: seen.updatedAt }),
      409,
      STALE_EDIT_MESSAGE,
    );
    const now = await read(admin, url);
    expect(now).toMatchObject({ status: 'PENDING', notes: 'Talked about sleep', reviewedAt: null });

    const approved = await review('approve', url, { reviewNotes: 'Good', updatedAt: now.updatedAt });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await read(admin, url)).toMatchObject({ status: 'APPROVED', notes: 'Talked about sleep' });
  });

  it('without a version the review goes through as the spec’s client sends it; a reviewed visit answers as before', async () => {
    const { url, seen } = await pendingVisit();
    expect((await send(teacher, 'PATCH', url, { notes: 'Changed' })).statusCode).toBe(200);
    expect((await review('reject', url, { reviewNotes: 'Not enough' })).statusCode).toBe(200);
    // Reviewed already: the version seen does not matter, the answer says it was reviewed.
    expectError(
      await review('approve', url, { updatedAt: seen.updatedAt }),
      409,
      HOME_VISIT_MESSAGES.alreadyReviewed,
    );
  });

  it('a version that is not a date and time answers 400', async () => {
    const { url } = await pendingVisit();
    for (const updatedAt of ['soon', 5, '']) {
      const res = await review('approve', url, { updatedAt });
      expect(res.statusCode, res.body).toBe(400);
      expect((res.json() as { message: string }).message).toContain('updatedAt');
    }
  });

  it('of an edit and a review sent at once over the version both saw, exactly one lands', async () => {
    for (let round = 0; round < 5; round++) {
      const { url, seen } = await pendingVisit();
      const [edit, approve] = await Promise.all([
        send(teacher, 'PATCH', url, { notes: `Round ${round}`, updatedAt: seen.updatedAt }),
        review('approve', url, { updatedAt: seen.updatedAt }),
      ]);
      const after = await read(admin, url);
      if (edit.statusCode === 200) {
        expectError(approve, 409, STALE_EDIT_MESSAGE);
        expect(after).toMatchObject({ status: 'PENDING', notes: `Round ${round}` });
      } else {
        expectError(edit, 409, HOME_VISIT_MESSAGES.reviewedLocked);
        expect(approve.statusCode).toBe(200);
        expect(after).toMatchObject({ status: 'APPROVED', notes: 'Talked about feeding' });
      }
    }
  });
});

describe('delivering or cancelling a gift as it was shown', () => {
  const gift = editables.find((e) => e.name === 'gift')!;
  const deliver = (url: string, query = '', photo?: Buffer) => {
    const target = `${url}/deliver-with-evidence${query}`;
    if (!photo) return t.app.inject({ method: 'PATCH', url: target, headers: teacher.auth });
    const body = fileUpload('evidenceImage', 'handover.png', 'image/png', photo);
    return t.app.inject({
      method: 'PATCH',
      url: target,
      headers: { ...teacher.auth, ...body.headers },
      payload: body.payload,
    });
  };
  const cancel = (url: string, query = '') =>
    t.app.inject({ method: 'PATCH', url: `${url}/cancel${query}`, headers: teacher.auth });
  const seenQuery = (updatedAt: string) => `?updatedAt=${encodeURIComponent(updatedAt)}`;

  it('a gift an administrator edited after the teacher saw it is not delivered or cancelled unseen (409), then is once seen again', async () => {
    const url = await gift.make();
    const seen = await read(teacher, url);
    const edited = await send(admin, 'PATCH', url, { notes: 'Blue bag, not red', updatedAt: seen.updatedAt });
    expect(edited.statusCode, edited.body).toBe(200);

    expectError(await deliver(url, seenQuery(seen.updatedAt), SAMPLE_IMAGES.png), 409, STALE_EDIT_MESSAGE);
    expectError(await deliver(url, seenQuery(seen.updatedAt)), 409, STALE_EDIT_MESSAGE);
    expectError(await cancel(url, seenQuery(seen.updatedAt)), 409, STALE_EDIT_MESSAGE);
    const now = await read(teacher, url);
    expect(now).toMatchObject({ status: 'PENDING', evidenceImage: null, notes: 'Blue bag, not red' });

    const delivered = await deliver(url, seenQuery(now.updatedAt), SAMPLE_IMAGES.png);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toMatchObject({ status: 'DELIVERED', evidenceImage: expect.any(String) });
    // Closed: a version seen before answers as without one.
    expectError(await cancel(url, seenQuery(now.updatedAt)), 409, GIFT_MESSAGES.notOpen);
  });

  it('without a version the change goes through as the spec’s client sends it; a bad version answers 400', async () => {
    const url = await gift.make();
    expect((await send(admin, 'PATCH', url, { notes: 'Changed' })).statusCode).toBe(200);
    for (const query of ['?updatedAt=soon', '?updatedAt=', '?other=1']) {
      expect((await deliver(url, query)).statusCode, query).toBe(400);
      expect((await cancel(url, query)).statusCode, query).toBe(400);
    }
    expect((await cancel(url)).statusCode).toBe(200);
  });

  it('of an edit and a delivery sent at once over the version both saw, exactly one lands', async () => {
    for (let round = 0; round < 5; round++) {
      const url = await gift.make();
      const seen = await read(teacher, url);
      const [edit, delivery] = await Promise.all([
        send(admin, 'PATCH', url, { notes: `Round ${round}`, updatedAt: seen.updatedAt }),
        deliver(url, seenQuery(seen.updatedAt)),
      ]);
      const after = await read(admin, url);
      if (edit.statusCode === 200) {
        expectError(delivery, 409, STALE_EDIT_MESSAGE);
        expect(after).toMatchObject({ status: 'PENDING', notes: `Round ${round}` });
      } else {
        expectError(edit, 409, STALE_EDIT_MESSAGE);
        expect(delivery.statusCode, delivery.body).toBe(200);
        expect(after).toMatchObject({ status: 'DELIVERED' });
      }
    }
  });
});

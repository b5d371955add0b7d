/**
 * File links (issue 45, points 4 and 9): each link is made for one sign-in session and dies with it
 * (sign-out, deactivation, deletion, a password change), lives minutes, is refused when its expiry lies
 * further ahead than the lifetime, and opens only a file a live record shows (or its uploader's own fresh
 * upload). Every file answer is sandboxed; Word documents are downloads.
 */
import { randomUUID } from 'node:crypto';
import { addDays, todayIn, type Gift } from '@csp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import { storedFiles } from '../../db/schema.ts';
import { FILE_LINK, fileIdOfLink, linkSessionOf, linksForToken } from '../../test/file-links.ts';
import { fileUpload, SAMPLE_DOCUMENTS, SAMPLE_IMAGES } from '../../test/multipart.ts';
import { createTestApp, expectError, seedUser, type SeededUser, type TestContext } from '../../test/setup.ts';
import { closeTestApp, HOME, sequence, studentSeeder } from '../../test/factories.ts';
import { fileLinks, UNATTACHED_GRACE_MS } from './files.service.ts';

const INVALID = 'This link has expired or is invalid';
const today = todayIn('Asia/Colombo');
let t: TestContext;
let admin: SeededUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t.app, { role: 'ADMIN' });
});
afterAll(() => closeTestApp(t));

const open = (url: string) => t.app.inject({ method: 'GET', url });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const call = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** A new sign-in session of the user (POST /api/auth/login): its token. */
async function signIn(user: SeededUser): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token as string;
}

async function upload(token: string, url: string, field: string, data: Buffer, name = 'a.png') {
  const body = fileUpload(field, name, 'application/octet-stream', data);
  const res = await t.app.inject({
    method: url.includes('/gifts/') ? 'PATCH' : 'POST',
    url,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

/** The user's picture link, as their profile shows it to the session of `token`. */
async function pictureLink(token: string): Promise<string> {
  const res = await call(token, 'GET', '/api/auth/profile');
  expect(res.statusCode).toBe(200);
  return res.json().profilePicture as string;
}

async function withPicture(user: SeededUser): Promise<string> {
  const body = await upload(
    user.token,
    `/api/users/${user.id}/profile-picture`,
    'profilePicture',
    SAMPLE_IMAGES.png,
  );
  return fileIdOfLink(body.user.profilePicture);
}

const seq = sequence();
const seedStudent = studentSeeder(
  () => t.app,
  {
    prefix: 'FL',
    lastName: (n) => `Links${n}`,
    dateOfBirth: '2022-03-04',
    category: 'HOME_BASE',
    homeLatitude: HOME.latitude,
    homeLongitude: HOME.longitude,
  },
  seq,
);

/** An activity with one photo, recorded by the teacher: its id and the photo's link for the teacher. */
async function activityWithPhoto(teacher: SeededUser) {
  const student = await seedStudent(teacher.id);
  const uploaded = await upload(teacher.token, '/api/file-upload/activities', 'files', SAMPLE_IMAGES.png);
  const res = await call(teacher.token, 'POST', '/api/activities', {
    title: 'Painting',
    studentId: student.id,
    date: addDays(today, -1),
    photos: uploaded.files,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as string, student, link: res.json().photos[0] as string };
}

describe('a file link is made for the session that asked for it', () => {
  it('carries that session, and works without any other credential', async () => {
    const teacher = await seedUser(t.app);
    const fileId = await withPicture(teacher);
    const link = await pictureLink(teacher.token);
    const [, id, u, s, v] = FILE_LINK.exec(link)!;
    const session = linkSessionOf(t.app, teacher.token);
    expect([id, u, s, Number(v)]).toEqual([fileId, teacher.id, session.id, session.tokenVersion]);
    const res = await open(link);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(SAMPLE_IMAGES.png)).toBe(true);
    // Another session of the same user gets links of its own.
    const other = await signIn(teacher);
    const otherLink = await pictureLink(other);
    expect(FILE_LINK.exec(otherLink)![3]).toBe(linkSessionOf(t.app, other).id);
    expect(otherLink).not.toBe(link);
    // The sign-in's own answer carries a link made for the session it starts.
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: teacher.email, password: teacher.password },
    });
    const { access_token: token, user } = signedIn.json();
    expect(FILE_LINK.exec(user.profilePicture)![3]).toBe(linkSessionOf(t.app, token).id);
    expect((await open(user.profilePicture)).statusCode).toBe(200);
  });

  it("dies when that session signs out, while another session's own link goes on working", async () => {
    const teacher = await seedUser(t.app);
    await withPicture(teacher);
    const first = await signIn(teacher);
    const second = await signIn(teacher);
    const firstLink = await pictureLink(first);
    const secondLink = await pictureLink(second);
    expect((await open(firstLink)).statusCode).toBe(200);

    expect((await call(first, 'POST', '/api/auth/logout')).statusCode).toBe(200);
    expectError(await open(firstLink), 403, INVALID);
    const still = await open(secondLink);
    expect(still.statusCode).toBe(200);
    expect(still.rawPayload.equals(SAMPLE_IMAGES.png)).toBe(true);
  });

  it('dies when its user is deactivated (and stays dead when they are activated again), or deleted', async () => {
    const teacher = await seedUser(t.app);
    await withPicture(teacher);
    const link = await pictureLink(teacher.token);
    expect((await open(link)).statusCode).toBe(200);
    expect(
      (await call(admin.token, 'PATCH', `/api/users/${teacher.id}`, { isActive: false })).statusCode,
    ).toBe(200);
    expectError(await open(link), 403, INVALID);
    expect(
      (await call(admin.token, 'PATCH', `/api/users/${teacher.id}`, { isActive: true })).statusCode,
    ).toBe(200);
    expectError(await open(link), 403, INVALID);

    const other = await seedUser(t.app);
    await withPicture(other);
    const otherLink = await pictureLink(other.token);
    expect((await call(admin.token, 'DELETE', `/api/users/${other.id}`)).statusCode).toBe(200);
    expectError(await open(otherLink), 403, INVALID);
  });

  it('dies when its user changes their password; the new token gets links that work', async () => {
    const teacher = await seedUser(t.app);
    await withPicture(teacher);
    const link = await pictureLink(teacher.token);
    const other = await signIn(teacher);
    const otherLink = await pictureLink(other);
    const res = await call(teacher.token, 'PATCH', '/api/auth/change-password', {
      currentPassword: teacher.password,
      newPassword: 'Lantern-Okapi-4471',
    });
    expect(res.statusCode, res.body).toBe(200);
    expectError(await open(link), 403, INVALID);
    expectError(await open(otherLink), 403, INVALID);
    const fresh = await pictureLink(res.json().access_token);
    expect((await open(fresh)).statusCode).toBe(200);
  });

  it("is refused with another session's id, user or token version under its signature", async () => {
    const teacher = await seedUser(t.app);
    const someone = await seedUser(t.app);
    await withPicture(teacher);
    const link = await pictureLink(teacher.token);
    const [, , u, s, v] = FILE_LINK.exec(link)!;
    const otherSession = linkSessionOf(t.app, await signIn(teacher)).id;
    for (const forged of [
      link.replace(`s=${s}`, `s=${otherSession}`),
      link.replace(`u=${u}`, `u=${someone.id}`),
      link.replace(`v=${v}`, `v=${Number(v) + 1}`),
      // Malformed parts: the link's 403 too, never a 500.
      link.replace(`u=${u}`, 'u=nobody'),
      link.replace(`s=${s}`, 's='),
      link.replace(`v=${v}`, 'v=-1'),
      link.replace(`v=${v}`, 'v=1e3'),
      link.replace(/expires=\d+/, 'expires=99999999999999'),
    ]) {
      expectError(await open(forged), 403, INVALID);
    }
    // A part longer than any link has: 400, in the one error shape.
    expectError(await open(link.replace(`v=${v}`, `v=${'9'.repeat(30)}`)), 400);
    expect((await open(link)).statusCode).toBe(200);
  });
});

describe("a file link's lifetime", () => {
  it('is FILE_URL_TTL_SECONDS: 15 minutes unless set, refused at start above an hour or below a minute', () => {
    const base = { DATA_DIR: `/tmp/csp-config-${randomUUID()}`, JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig(base).fileUrlTtlSeconds).toBe(900);
    expect(loadConfig({ ...base, FILE_URL_TTL_SECONDS: '3600' }).fileUrlTtlSeconds).toBe(3600);
    expect(loadConfig({ ...base, FILE_URL_TTL_SECONDS: '60' }).fileUrlTtlSeconds).toBe(60);
    for (const bad of ['3601', '43200', '59', '0', '-5', '90.5', 'soon']) {
      expect(() => loadConfig({ ...base, FILE_URL_TTL_SECONDS: bad }), bad).toThrow(
        `FILE_URL_TTL_SECONDS must be a whole number of seconds from 60 to 3600, got "${bad}"`,
      );
    }
  });

  it('is minutes, and never longer than the session token', async () => {
    expect(t.config.fileUrlTtlSeconds).toBe(900);
    const teacher = await seedUser(t.app);
    await withPicture(teacher);
    const expires = Number(FILE_LINK.exec(await pictureLink(teacher.token))![5]);
    expect(expires).toBeGreaterThan(Date.now() / 1000 + 900 - 60);
    expect(expires).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 900);
  });

  it('refuses a link past its expiry, and one signed (with the real key) to expire further ahead than the lifetime', async () => {
    const teacher = await seedUser(t.app);
    const fileId = await withPicture(teacher);
    const session = linkSessionOf(t.app, teacher.token);
    const now = Date.now();
    const expired = linksForToken(t.app, teacher.token, () => now - (t.config.fileUrlTtlSeconds + 1) * 1000);
    expectError(await open(expired.url(fileId)), 403, INVALID);

    // Signed at the test's `now`, so a second that passes meanwhile cannot move the expiry.
    const farAway = (seconds: number) =>
      fileLinks(
        { ...t.config, fileUrlTtlSeconds: seconds },
        { ...session, expiresAt: new Date(now + seconds * 2000) },
        () => now,
      ).url(fileId);
    const hundredYears = farAway(100 * 365 * 24 * 3600);
    expect(Number(FILE_LINK.exec(hundredYears)![5])).toBeGreaterThan(now / 1000 + 99 * 365 * 24 * 3600);
    expectError(await open(hundredYears), 403, INVALID);
    expectError(await open(farAway(2 * t.config.fileUrlTtlSeconds)), 403, INVALID);
    // Year 5138, as the audit found: 99,999,999,999 seconds.
    const year5138 = farAway(99_999_999_999 - Math.floor(now / 1000));
    expect(FILE_LINK.exec(year5138)![5]).toBe('99999999999');
    expectError(await open(year5138), 403, INVALID);

    // The server's own link opens, with Cache-Control no longer than the link's life.
    const good = await open(linksForToken(t.app, teacher.token).url(fileId));
    expect(good.statusCode).toBe(200);
    expect(Number(/max-age=(\d+)/.exec(String(good.headers['cache-control']))![1])).toBeLessThanOrEqual(900);
  });
});

describe('a file link opens only a file a live record shows', () => {
  it('serves each kind of record’s file, to the other role as well', async () => {
    const teacher = await seedUser(t.app);
    // Profile picture: the administrator's link to the teacher's picture.
    const pictureId = await withPicture(teacher);
    const shown = await call(admin.token, 'GET', `/api/users/${teacher.id}`);
    expect(fileIdOfLink(shown.json().profilePicture)).toBe(pictureId);
    expect((await open(shown.json().profilePicture)).statusCode).toBe(200);

    // Activity photo.
    const activity = await activityWithPhoto(teacher);
    const asAdmin = await call(admin.token, 'GET', `/api/activities/${activity.id}`);
    expect((await open(asAdmin.json().photos[0])).statusCode).toBe(200);

    // Measurement photo.
    const student = await seedStudent(teacher.id);
    const photo = await upload(teacher.token, '/api/file-upload/measurement', 'file', SAMPLE_IMAGES.png);
    const measured = await call(teacher.token, 'POST', '/api/measurements', {
      studentId: student.id,
      height: 86.4,
      weight: 12.1,
      date: addDays(today, -1),
      photos: [photo.id],
    });
    expect(measured.statusCode, measured.body).toBe(201);
    const measurement = await call(admin.token, 'GET', `/api/measurements/${measured.json().id}`);
    expect((await open(measurement.json().photos[0])).statusCode).toBe(200);

    // Home visit file.
    const doc = await upload(
      teacher.token,
      '/api/file-upload/home-visit',
      'file',
      SAMPLE_DOCUMENTS.pdf,
      'v.pdf',
    );
    const visit = await call(teacher.token, 'POST', '/api/home-visits', {
      studentId: student.id,
      date: addDays(today, -1),
      duration: 30,
      photos: [doc.id],
      ...HOME,
    });
    expect(visit.statusCode, visit.body).toBe(201);
    const visitAsAdmin = await call(admin.token, 'GET', `/api/home-visits/${visit.json().id}`);
    expect((await open(visitAsAdmin.json().photos[0])).statusCode).toBe(200);

    // Gift evidence.
    const giftId = await pendingGift(student.studentId);
    const delivered: Gift = await upload(
      teacher.token,
      `/api/gifts/${giftId}/deliver-with-evidence`,
      'evidenceImage',
      SAMPLE_IMAGES.png,
    );
    expect((await open(delivered.evidenceImage!)).statusCode).toBe(200);
    const giftAsAdmin = await call(admin.token, 'GET', `/api/gifts/${giftId}`);
    expect((await open(giftAsAdmin.json().evidenceImage)).statusCode).toBe(200);
  });

  it('refuses (404) the file of a record that was deleted, or whose student was, or whose user was', async () => {
    const teacher = await seedUser(t.app);
    const activity = await activityWithPhoto(teacher);
    expect((await open(activity.link)).statusCode).toBe(200);
    expect((await call(teacher.token, 'DELETE', `/api/activities/${activity.id}`)).statusCode).toBe(200);
    expectError(await open(activity.link), 404, 'File not found');
    // The uploader's own link too: the file is on a (deleted) record, no fresh upload any more.
    expectError(
      await open(linksForToken(t.app, teacher.token).url(fileIdOfLink(activity.link))),
      404,
      'File not found',
    );

    const second = await activityWithPhoto(teacher);
    expect((await open(second.link)).statusCode).toBe(200);
    expect((await call(admin.token, 'DELETE', `/api/students/${second.student.id}`)).statusCode).toBe(200);
    expectError(await open(second.link), 404, 'File not found');

    // A deleted user's picture, through the administrator's link.
    const other = await seedUser(t.app);
    await withPicture(other);
    const adminLink = (await call(admin.token, 'GET', `/api/users/${other.id}`)).json().profilePicture;
    expect((await open(adminLink)).statusCode).toBe(200);
    expect((await call(admin.token, 'DELETE', `/api/users/${other.id}`)).statusCode).toBe(200);
    expectError(await open(adminLink), 404, 'File not found');
  });

  it("serves an upload no record holds yet to its uploader's session only, and only while it is fresh", async () => {
    const teacher = await seedUser(t.app);
    const otherTeacher = await seedUser(t.app);
    const uploaded = await upload(teacher.token, '/api/file-upload/activities', 'files', SAMPLE_IMAGES.png);
    const link: string = uploaded.files[0];
    const fileId = fileIdOfLink(link);
    expect((await open(link)).statusCode).toBe(200);

    // Another teacher is never handed a link to it: putting it on their own activity is refused.
    const student = await seedStudent(otherTeacher.id);
    const claimed = await call(otherTeacher.token, 'POST', '/api/activities', {
      title: 'Not mine',
      studentId: student.id,
      date: addDays(today, -1),
      photos: [fileId],
    });
    expect(claimed.statusCode).toBe(400);
    // A link made for their session (as the server would sign one) does not open it either.
    expectError(await open(linksForToken(t.app, otherTeacher.token).url(fileId)), 404, 'File not found');
    expectError(await open(linksForToken(t.app, admin.token).url(fileId)), 404, 'File not found');

    // Past the sweeper's grace, not even for its uploader.
    await t.app.db
      .update(storedFiles)
      .set({ createdAt: new Date(Date.now() - UNATTACHED_GRACE_MS - 60_000) })
      .where(eq(storedFiles.id, fileId));
    expectError(await open(link), 404, 'File not found');
  });
});

describe('every file answer', () => {
  it('is sandboxed and never sniffed; images and PDFs inline, Word documents as attachments', async () => {
    const teacher = await seedUser(t.app);
    const cases = [
      { data: SAMPLE_IMAGES.png, name: 'p.png', type: 'image/png', disposition: 'inline' },
      { data: SAMPLE_DOCUMENTS.pdf, name: 'r.pdf', type: 'application/pdf', disposition: 'inline' },
      { data: SAMPLE_DOCUMENTS.doc, name: 'n.doc', type: 'application/msword', disposition: 'attachment' },
      {
        data: SAMPLE_DOCUMENTS.docx,
        name: 'n.docx',
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        disposition: 'attachment',
      },
    ];
    for (const c of cases) {
      const body = await upload(teacher.token, '/api/file-upload/home-visit', 'file', c.data, c.name);
      const res = await open(body.url);
      expect(res.statusCode, c.name).toBe(200);
      expect(res.headers['content-type']).toBe(c.type);
      // Exactly `sandbox`: the app's own policy (plugins/security.ts) does not replace it.
      expect(res.headers['content-security-policy'], c.name).toBe('sandbox');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition'], c.name).toMatch(
        new RegExp(`^${c.disposition}; filename="n?[a-z]\\.`),
      );
      expect(res.rawPayload.equals(c.data)).toBe(true);
    }
    // The app's pages keep their own policy.
    const page = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('ETag on answers that carry file links', () => {
  it('answers 304 only for a copy whose links are the fresh ones, never past their life', async () => {
    const teacher = await seedUser(t.app);
    await withPicture(teacher);
    const first = await call(teacher.token, 'GET', '/api/auth/profile');
    const tag = first.headers.etag as string;
    const link: string = first.json().profilePicture;

    // The tag is the answer's bytes, links included: once the clock has moved past the links' life, the
    // copy is stale and a fresh answer comes, whose link opens where the old one no longer does.
    const realNow = Date.now.bind(Date);
    const later = vi
      .spyOn(Date, 'now')
      .mockImplementation(() => realNow() + (t.config.fileUrlTtlSeconds + 60) * 1000);
    try {
      const again = await t.app.inject({
        method: 'GET',
        url: '/api/auth/profile',
        headers: { ...bearer(teacher.token), 'if-none-match': tag },
      });
      expect(again.statusCode).toBe(200);
      expect(again.headers.etag).not.toBe(tag);
      expectError(await open(link), 403, INVALID);
      expect((await open(again.json().profilePicture)).statusCode).toBe(200);
    } finally {
      later.mockRestore();
    }

    // Another session's answer has other links, hence another tag.
    const other = await signIn(teacher);
    const otherAnswer = await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { ...bearer(other), 'if-none-match': tag },
    });
    expect(otherAnswer.statusCode).toBe(200);
  });
});

async function pendingGift(studentCode: string): Promise<string> {
  const res = await call(admin.token, 'POST', '/api/gifts/bulk-assign', {
    gifts: [{ studentId: studentCode, giftId: `G-FL-${seq()}`, giftSubType: 'School bag' }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().ids[0];
}

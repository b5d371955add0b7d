import { existsSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles, users } from '../../db/schema.ts';
import { fileUpload, multipart, SAMPLE_IMAGES } from '../../test/multipart.ts';
import { createTestApp, seedUser, type SeededUser, type TestContext } from '../../test/setup.ts';
import { FILE_LINK as URL_PATTERN, linkSessionOf, linksForToken } from '../../test/file-links.ts';
import { fileLinks } from '../files/files.service.ts';

describe('profile pictures', () => {
  let t: TestContext;
  let uploadsDir: string;
  let admin: SeededUser;

  beforeAll(async () => {
    t = await createTestApp();
    uploadsDir = path.join(t.config.dataDir, 'uploads');
    admin = await seedUser(t.app, { role: 'ADMIN' });
  });
  afterAll(async () => {
    await t.close();
    await rm(t.config.dataDir, { recursive: true, force: true });
  });

  const upload = (
    who: SeededUser,
    userId: string,
    body: { payload: Buffer; headers: Record<string, string> },
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/users/${userId}/profile-picture`,
      headers: { ...who.auth, ...body.headers },
      payload: body.payload,
    });

  const pictureOf = async (userId: string) => {
    const [row] = await t.app.db
      .select({ fileId: users.profilePictureFileId })
      .from(users)
      .where(eq(users.id, userId));
    return row.fileId;
  };

  const fileRow = async (id: string) => {
    const [row] = await t.app.db.select().from(storedFiles).where(eq(storedFiles.id, id));
    return row;
  };

  /** Every object in the store, as keys relative to the uploads folder. */
  const storedObjects = (): string[] =>
    existsSync(uploadsDir)
      ? (readdirSync(uploadsDir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
          .filter((d) => d.isFile())
          .map((d) => path.relative(uploadsDir, path.join(d.parentPath, d.name)))
      : [];

  it('uploads a PNG and serves it back through the signed URL', async () => {
    const teacher = await seedUser(t.app);
    const res = await upload(
      teacher,
      teacher.id,
      fileUpload('profilePicture', 'me.png', 'image/png', SAMPLE_IMAGES.png),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Profile picture updated successfully');
    expect(body.user).toMatchObject({
      id: teacher.id,
      email: teacher.email,
      role: 'TEACHER',
      isActive: true,
    });
    expect(body.user).not.toHaveProperty('passwordHash');
    expect(body.user).not.toHaveProperty('tokenVersion');
    const match = URL_PATTERN.exec(body.user.profilePicture);
    expect(match).not.toBeNull();
    const fileId = match![1];
    expect(await pictureOf(teacher.id)).toBe(fileId);
    expect(match!.slice(2, 5)).toEqual([teacher.id, expect.any(String), '0']);
    expect(Number(match![5])).toBeGreaterThan(Date.now() / 1000 + t.config.fileUrlTtlSeconds - 60);

    // No Authorization header: the signature is the permission.
    const file = await t.app.inject({ method: 'GET', url: body.user.profilePicture });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(SAMPLE_IMAGES.png)).toBe(true);
    expect(file.headers['content-disposition']).toMatch(/^inline; filename="me\.png"/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(Number(/max-age=(\d+)/.exec(String(file.headers['cache-control']))![1])).toBeLessThanOrEqual(
      t.config.fileUrlTtlSeconds,
    );

    const row = await fileRow(fileId);
    expect(row).toMatchObject({
      mimeType: 'image/png',
      originalName: 'me.png',
      purpose: 'profile-picture',
      ownerId: teacher.id,
      sizeBytes: SAMPLE_IMAGES.png.length,
    });
  });

  it('refuses a tampered, expired, forged or unsigned link with 403', async () => {
    const teacher = await seedUser(t.app);
    const res = await upload(
      teacher,
      teacher.id,
      fileUpload('profilePicture', 'a.png', 'image/png', SAMPLE_IMAGES.png),
    );
    const url: string = res.json().user.profilePicture;
    const [, id, u, s, v, expires, sig] = URL_PATTERN.exec(url)!;
    const session = `u=${u}&s=${s}&v=${v}`;
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    const expired = linksForToken(
      t.app,
      teacher.token,
      () => Date.now() - (t.config.fileUrlTtlSeconds + 5) * 1000,
    ).url(id);
    const otherSecret = fileLinks(
      { ...t.config, jwtSecret: 'x'.repeat(40) },
      linkSessionOf(t.app, teacher.token),
    ).url(id);
    for (const bad of [
      `/api/files/${id}?${session}&expires=${expires}&sig=${flipped}`,
      `/api/files/${id}?${session}&expires=${Number(expires) - 1}&sig=${sig}`,
      `/api/files/${id}?${session}&expires=${expires}&sig=${sig.slice(0, -2)}`,
      `/api/files/${id}?${session}&expires=${expires}`,
      `/api/files/${id}?expires=${expires}&sig=${sig}`,
      `/api/files/${id}`,
      `/api/files/${id}?${session}&expires=abc&sig=${sig}`,
      expired,
      otherSecret,
    ]) {
      const r = await t.app.inject({ method: 'GET', url: bad });
      expect(r.statusCode, bad).toBe(403);
      expect(r.json().message).toBe('This link has expired or is invalid');
    }
    // The same file under another id's signature does not open either.
    const other = linksForToken(t.app, teacher.token).url('00000000-0000-4000-8000-000000000000');
    const swapped = other.replace('00000000-0000-4000-8000-000000000000', id);
    expect((await t.app.inject({ method: 'GET', url: swapped })).statusCode).toBe(403);
    // A well-signed link to a file that does not exist: 404.
    const missing = await t.app.inject({ method: 'GET', url: other });
    expect(missing.statusCode).toBe(404);
    // A malformed id: 400.
    expect((await t.app.inject({ method: 'GET', url: '/api/files/nope?expires=1&sig=x' })).statusCode).toBe(
      400,
    );
  });

  it('accepts JPEG and WebP and stores them with their real type', async () => {
    const teacher = await seedUser(t.app);
    for (const [data, mime, ext] of [
      [SAMPLE_IMAGES.jpeg, 'image/jpeg', 'jpg'],
      [SAMPLE_IMAGES.webp, 'image/webp', 'webp'],
    ] as const) {
      // The client's claimed type and extension are ignored: the bytes decide.
      const res = await upload(
        teacher,
        teacher.id,
        fileUpload('profilePicture', 'photo.bin', 'application/octet-stream', data),
      );
      expect(res.statusCode).toBe(200);
      const fileId = URL_PATTERN.exec(res.json().user.profilePicture)![1];
      const row = await fileRow(fileId);
      expect(row.mimeType).toBe(mime);
      expect(row.storageKey).toMatch(new RegExp(`^profile-picture/[0-9a-f-]{36}\\.${ext}$`));
      const file = await t.app.inject({ method: 'GET', url: res.json().user.profilePicture });
      expect(file.headers['content-type']).toBe(mime);
      expect(file.headers['content-disposition']).toContain(`filename="photo.${ext}"`);
    }
  });

  it('refuses a text file named .png and a GIF with 415, storing nothing', async () => {
    const teacher = await seedUser(t.app);
    const before = storedObjects();
    for (const body of [
      fileUpload('profilePicture', 'evil.png', 'image/png', 'just some text, not a picture\n'),
      fileUpload('profilePicture', 'anim.gif', 'image/gif', SAMPLE_IMAGES.gif),
      fileUpload('profilePicture', 'x.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"/>'),
    ]) {
      const res = await upload(teacher, teacher.id, body);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({
        statusCode: 415,
        error: 'Unsupported Media Type',
        message: 'Only JPEG, PNG or WebP images are allowed',
      });
    }
    expect(await pictureOf(teacher.id)).toBeNull();
    expect(storedObjects()).toEqual(before);
  });

  it('refuses a picture over 5 MB with 413, storing nothing', async () => {
    const teacher = await seedUser(t.app);
    const before = storedObjects();
    const big = Buffer.concat([SAMPLE_IMAGES.png, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(teacher, teacher.id, fileUpload('profilePicture', 'big.png', 'image/png', big));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The picture must be 5 MB or smaller');
    expect(await pictureOf(teacher.id)).toBeNull();
    expect(storedObjects()).toEqual(before);

    // Exactly 5 MB is still accepted.
    const exact = Buffer.concat([
      SAMPLE_IMAGES.png,
      Buffer.alloc(5 * 1024 * 1024 - SAMPLE_IMAGES.png.length),
    ]);
    const ok = await upload(teacher, teacher.id, fileUpload('profilePicture', 'ok.png', 'image/png', exact));
    expect(ok.statusCode).toBe(200);
  });

  it('refuses an oversize upload by its declared length before reading it', async () => {
    const teacher = await seedUser(t.app);
    const body = fileUpload('profilePicture', 'a.png', 'image/png', SAMPLE_IMAGES.png);
    const res = await upload(teacher, teacher.id, {
      payload: body.payload,
      headers: { ...body.headers, 'content-length': String(50 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The picture must be 5 MB or smaller');
  });

  it('stores a path-traversal file name under a server-generated key inside the uploads folder', async () => {
    const teacher = await seedUser(t.app);
    const cases = [
      ['../../etc/passwd.png', 'passwd.png'],
      ['..\\..\\windows\\evil.png', 'evil.png'],
      ['/abs/dir/x\u0007y\u202e.png', 'xy.png'],
      ['..', 'file'],
    ] as const;
    for (const [name, kept] of cases) {
      const res = await upload(
        teacher,
        teacher.id,
        fileUpload('profilePicture', name, 'image/png', SAMPLE_IMAGES.png),
      );
      expect(res.statusCode, name).toBe(200);
      const fileId = URL_PATTERN.exec(res.json().user.profilePicture)![1];
      const row = await fileRow(fileId);
      expect(row.storageKey).toMatch(/^profile-picture\/[0-9a-f-]{36}\.png$/);
      expect(row.originalName).toBe(kept);
      const onDisk = path.resolve(uploadsDir, row.storageKey);
      expect(onDisk.startsWith(uploadsDir + path.sep)).toBe(true);
      expect(existsSync(onDisk)).toBe(true);
      const file = await t.app.inject({ method: 'GET', url: res.json().user.profilePicture });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toMatch(/^inline; filename="[^"/\\]+\.png"/);
    }
    expect(existsSync(path.resolve(uploadsDir, '../../etc/passwd.png'))).toBe(false);
    expect(storedObjects().every((k) => /^profile-picture\/[0-9a-f-]{36}\.\w+$/.test(k))).toBe(true);
  });

  it('replaces the previous picture and deletes its file', async () => {
    const teacher = await seedUser(t.app);
    const first = await upload(
      teacher,
      teacher.id,
      fileUpload('profilePicture', 'a.png', 'image/png', SAMPLE_IMAGES.png),
    );
    const firstUrl: string = first.json().user.profilePicture;
    const firstRow = await fileRow(URL_PATTERN.exec(firstUrl)![1]);
    const second = await upload(
      teacher,
      teacher.id,
      fileUpload('profilePicture', 'b.jpg', 'image/jpeg', SAMPLE_IMAGES.jpeg),
    );
    expect(second.statusCode).toBe(200);
    const secondId = URL_PATTERN.exec(second.json().user.profilePicture)![1];
    expect(secondId).not.toBe(firstRow.id);
    expect(await pictureOf(teacher.id)).toBe(secondId);
    expect(await fileRow(firstRow.id)).toBeUndefined();
    expect(existsSync(path.join(uploadsDir, firstRow.storageKey))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(404);
  });

  it("forbids a teacher from changing another user's picture", async () => {
    const teacher = await seedUser(t.app);
    const other = await seedUser(t.app);
    const before = storedObjects();
    const res = await upload(
      teacher,
      other.id,
      fileUpload('profilePicture', 'a.png', 'image/png', SAMPLE_IMAGES.png),
    );
    expect(res.statusCode).toBe(403);
    expect(await pictureOf(other.id)).toBeNull();
    expect(storedObjects()).toEqual(before);

    await upload(other, other.id, fileUpload('profilePicture', 'a.png', 'image/png', SAMPLE_IMAGES.png));
    const otherPicture = await pictureOf(other.id);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${other.id}/profile-picture`,
      headers: teacher.auth,
    });
    expect(del.statusCode).toBe(403);
    expect(await pictureOf(other.id)).toBe(otherPicture);
    // Also for the admin's picture, and for an id that does not exist (no probing).
    expect(
      (await upload(teacher, admin.id, fileUpload('profilePicture', 'a.png', 'image/png', SAMPLE_IMAGES.png)))
        .statusCode,
    ).toBe(403);
  });

  it("lets an admin set and remove another user's picture", async () => {
    const teacher = await seedUser(t.app);
    const res = await upload(
      admin,
      teacher.id,
      fileUpload('profilePicture', 'a.webp', 'image/webp', SAMPLE_IMAGES.webp),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(teacher.id);
    const fileId = await pictureOf(teacher.id);
    expect(fileId).not.toBeNull();
    expect((await fileRow(fileId!)).ownerId).toBe(teacher.id);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${teacher.id}/profile-picture`,
      headers: admin.auth,
    });
    expect(del.statusCode).toBe(200);
    expect(del.json().user.profilePicture).toBeNull();
    expect(await pictureOf(teacher.id)).toBeNull();
  });

  it('deletes the own picture: file removed, row removed, profilePicture null', async () => {
    const teacher = await seedUser(t.app);
    const up = await upload(
      teacher,
      teacher.id,
      fileUpload('profilePicture', 'a.png', 'image/png', SAMPLE_IMAGES.png),
    );
    const url: string = up.json().user.profilePicture;
    const row = await fileRow(URL_PATTERN.exec(url)![1]);
    expect(existsSync(path.join(uploadsDir, row.storageKey))).toBe(true);

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${teacher.id}/profile-picture`,
      headers: teacher.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Profile picture deleted successfully!');
    expect(res.json().user).toMatchObject({ id: teacher.id, profilePicture: null });
    expect(await pictureOf(teacher.id)).toBeNull();
    expect(await fileRow(row.id)).toBeUndefined();
    expect(existsSync(path.join(uploadsDir, row.storageKey))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);

    // Deleting again is harmless.
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${teacher.id}/profile-picture`,
      headers: teacher.auth,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().user.profilePicture).toBeNull();
  });

  it('answers 404 for an unknown or deleted user, 400 for a bad id, 401 without a token', async () => {
    const unknown = '6f1c2a8e-1d2b-4c3d-8e9f-0a1b2c3d4e5f';
    const res = await upload(
      admin,
      unknown,
      fileUpload('profilePicture', 'a.png', 'image/png', SAMPLE_IMAGES.png),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('User not found');
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${unknown}/profile-picture`,
      headers: admin.auth,
    });
    expect(del.statusCode).toBe(404);
    expect(del.json().message).toBe('User not found');

    const gone = await seedUser(t.app);
    await t.app.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    const onDeleted = await upload(
      admin,
      gone.id,
      fileUpload('profilePicture', 'a.png', 'image/png', SAMPLE_IMAGES.png),
    );
    expect(onDeleted.statusCode).toBe(404);

    const badId = await upload(
      admin,
      'not-a-uuid',
      fileUpload('profilePicture', 'a.png', 'image/png', SAMPLE_IMAGES.png),
    );
    expect(badId.statusCode).toBe(400);

    const body = fileUpload('profilePicture', 'a.png', 'image/png', SAMPLE_IMAGES.png);
    const anon = await t.app.inject({
      method: 'POST',
      url: `/api/users/${admin.id}/profile-picture`,
      headers: body.headers,
      payload: body.payload,
    });
    expect(anon.statusCode).toBe(401);
    const anonDelete = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${admin.id}/profile-picture`,
    });
    expect(anonDelete.statusCode).toBe(401);
  });

  it('answers 400 without a file in the profilePicture field and 415 for a non-multipart body', async () => {
    const teacher = await seedUser(t.app);
    const wrongField = await upload(
      teacher,
      teacher.id,
      fileUpload('file', 'a.png', 'image/png', SAMPLE_IMAGES.png),
    );
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe('profilePicture: choose a picture to upload');

    const onlyFields = await upload(
      teacher,
      teacher.id,
      multipart([{ name: 'profilePicture', data: 'text' }]),
    );
    expect(onlyFields.statusCode).toBe(400);

    const empty = await upload(
      teacher,
      teacher.id,
      fileUpload('profilePicture', 'a.png', 'image/png', Buffer.alloc(0)),
    );
    expect(empty.statusCode).toBe(400);

    const json = await t.app.inject({
      method: 'POST',
      url: `/api/users/${teacher.id}/profile-picture`,
      headers: teacher.auth,
      payload: { profilePicture: 'x' },
    });
    expect(json.statusCode).toBe(415);

    const broken = await upload(teacher, teacher.id, {
      payload: Buffer.from(
        '--zzz\r\nContent-Disposition: form-data; name="profilePicture"; filename="a.png"\r\n\r\nabc',
      ),
      headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
    });
    expect(broken.statusCode).toBe(400);
    expect(await pictureOf(teacher.id)).toBeNull();
  });

  it('documents both routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/users/{id}/profile-picture']).toHaveProperty('post');
    expect(doc.paths['/api/users/{id}/profile-picture']).toHaveProperty('delete');
    expect(doc.paths['/api/files/{id}']).toHaveProperty('get');
  });
});

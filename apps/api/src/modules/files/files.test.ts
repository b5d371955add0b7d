import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles, users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { FileNotFoundInStoreError, isValidStorageKey, LocalDiskFileStore } from '../../lib/storage.ts';
import { linksForToken } from '../../test/file-links.ts';
import { SAMPLE_IMAGES } from '../../test/multipart.ts';
import { createTestApp, seedUser, type TestContext } from '../../test/setup.ts';
import {
  contentDispositionInline,
  deleteStoredFiles,
  fileLinks,
  IMAGE_MIME_TYPES,
  sanitizeFileName,
  saveUpload,
  type SaveUploadOptions,
} from './files.service.ts';
import { CLOCK_SKEW_SECONDS, verifyFileLink, type FileLinkQuery } from './files.signing.ts';

describe('LocalDiskFileStore', () => {
  let root: string;
  let store: LocalDiskFileStore;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'csp-store-'));
    store = new LocalDiskFileStore(path.join(root, 'uploads'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('puts, gets and deletes buffers and streams', async () => {
    await store.put('a/one.txt', Buffer.from('hello'));
    expect(await text(await store.get('a/one.txt'))).toBe('hello');
    await store.put('a/two.txt', Readable.from(['str', 'eam']));
    expect(await text(await store.get('a/two.txt'))).toBe('stream');
    await store.put('a/one.txt', Buffer.from('replaced'));
    expect(await text(await store.get('a/one.txt'))).toBe('replaced');
    await store.delete('a/one.txt');
    await expect(store.get('a/one.txt')).rejects.toBeInstanceOf(FileNotFoundInStoreError);
    await store.delete('a/one.txt'); // missing: no error
    // No temporary files left behind.
    expect(readdirSync(path.join(root, 'uploads', 'a'))).toEqual(['two.txt']);
  });

  it('refuses keys that could leave the store', async () => {
    for (const key of [
      '../x.png',
      '/etc/passwd',
      'a/../../b',
      'a\\b',
      '',
      'A.png',
      'a/./b',
      'a//b',
      '.hidden',
    ]) {
      expect(isValidStorageKey(key), key).toBe(false);
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow();
      await expect(store.get(key)).rejects.toThrow();
    }
    expect(existsSync(path.join(root, 'x.png'))).toBe(false);
    expect(isValidStorageKey('profile-picture/6f1c2a8e-1d2b-4c3d-8e9f-0a1b2c3d4e5f.png')).toBe(true);
  });
});

describe('file names and links', () => {
  it('keeps only a safe last path segment of the client name', () => {
    expect(sanitizeFileName('../../etc/passwd.png')).toBe('passwd.png');
    expect(sanitizeFileName('C:\\Users\\x\\photo.jpg')).toBe('photo.jpg');
    expect(sanitizeFileName('a\u0000b\r\n\u202ec.png')).toBe('abc.png');
    expect(sanitizeFileName('..')).toBe('file');
    expect(sanitizeFileName('')).toBe('file');
    expect(sanitizeFileName('.bashrc')).toBe('bashrc');
    expect(sanitizeFileName('x'.repeat(500) + '.png')).toHaveLength(200);
    expect(sanitizeFileName('Émilie 写真.png')).toBe('Émilie 写真.png');
  });

  it('writes an ASCII-only Content-Disposition with the exact UTF-8 name beside it', () => {
    expect(contentDispositionInline('me.png')).toBe(`inline; filename="me.png"; filename*=UTF-8''me.png`);
    const header = contentDispositionInline('Émilie "写真";.png');
    expect(header).toMatch(/^inline; filename="[\x20-\x7e]+"; filename\*=UTF-8''[A-Za-z0-9%._~!-]+$/);
    expect(header).toContain('filename="Emilie __');
    expect(header).not.toMatch(/filename="[^"]*"[^;]*"/);
    expect(decodeURIComponent(header.split("UTF-8''")[1])).toBe('Émilie "写真";.png');
  });

  it('signs links that verify only for the same id, session, expiry and secret, until they expire', () => {
    const config = { jwtSecret: 's'.repeat(40), fileUrlTtlSeconds: 60 };
    const id = '6f1c2a8e-1d2b-4c3d-8e9f-0a1b2c3d4e5f';
    const now = Date.UTC(2025, 0, 1);
    const session = {
      id: '0b7f5c1e-2a3d-4e5f-8a9b-0c1d2e3f4a5b',
      userId: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
      tokenVersion: 3,
      expiresAt: new Date(now + 12 * 3600_000),
    };
    const url = new URL(fileLinks(config, session, () => now).url(id), 'http://x');
    const query = Object.fromEntries(url.searchParams) as FileLinkQuery;
    expect(Object.keys(query)).toEqual(['u', 's', 'v', 'expires', 'sig']);
    expect(query).toMatchObject({
      u: session.userId,
      s: session.id,
      v: '3',
      expires: String(now / 1000 + 60),
    });
    expect(verifyFileLink(config, id, query, now)).toEqual({
      fileId: id,
      userId: session.userId,
      sessionId: session.id,
      tokenVersion: 3,
      expires: now / 1000 + 60,
    });
    expect(verifyFileLink(config, id, query, now + 59_000)).not.toBeNull();
    expect(verifyFileLink(config, id, query, now + 60_000)).toBeNull();
    expect(verifyFileLink(config, id, { ...query, expires: String(now / 1000 + 61) }, now)).toBeNull();
    expect(verifyFileLink(config, id.replace('6f', '7f'), query, now)).toBeNull();
    expect(verifyFileLink(config, id, { ...query, s: session.userId }, now)).toBeNull();
    expect(verifyFileLink(config, id, { ...query, u: session.id }, now)).toBeNull();
    expect(verifyFileLink(config, id, { ...query, v: '4' }, now)).toBeNull();
    expect(verifyFileLink({ ...config, jwtSecret: 't'.repeat(40) }, id, query, now)).toBeNull();
    expect(verifyFileLink(config, id, { ...query, sig: '' }, now)).toBeNull();
    for (const part of ['u', 's', 'v', 'expires', 'sig'] as const) {
      expect(verifyFileLink(config, id, { ...query, [part]: undefined }, now), part).toBeNull();
    }
  });

  it('never makes a link that outlives the session token, nor accepts one further ahead than the lifetime', () => {
    const config = { jwtSecret: 's'.repeat(40), fileUrlTtlSeconds: 900 };
    const id = '6f1c2a8e-1d2b-4c3d-8e9f-0a1b2c3d4e5f';
    const now = Date.UTC(2025, 0, 1);
    const session = {
      id: '0b7f5c1e-2a3d-4e5f-8a9b-0c1d2e3f4a5b',
      userId: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
      tokenVersion: 0,
      expiresAt: new Date(now + 120_000),
    };
    const url = new URL(fileLinks(config, session, () => now).url(id), 'http://x');
    expect(url.searchParams.get('expires')).toBe(String(now / 1000 + 120));
    // Signed an hour ahead, under a lifetime of 15 minutes: never made by this server (a few seconds of
    // another instance's clock are allowed).
    const ahead = (seconds: number) =>
      Object.fromEntries(
        new URL(
          fileLinks(
            { ...config, fileUrlTtlSeconds: seconds },
            { ...session, expiresAt: new Date(now * 2) },
            () => now,
          ).url(id),
          'http://x',
        ).searchParams,
      ) as FileLinkQuery;
    expect(verifyFileLink(config, id, ahead(900 + CLOCK_SKEW_SECONDS), now)).not.toBeNull();
    expect(verifyFileLink(config, id, ahead(900 + CLOCK_SKEW_SECONDS + 1), now)).toBeNull();
    expect(verifyFileLink(config, id, ahead(3600), now)).toBeNull();
  });
});

describe('saveUpload', () => {
  let t: TestContext;
  let uploadsDir: string;
  beforeAll(async () => {
    t = await createTestApp();
    uploadsDir = path.join(t.config.dataDir, 'uploads');
  });
  afterAll(async () => {
    await t.close();
    await rm(t.config.dataDir, { recursive: true, force: true });
  });

  const options = (data: Buffer, overrides: Partial<SaveUploadOptions> = {}): SaveUploadOptions => ({
    file: { data, fileName: 'x.png' },
    allowed: IMAGE_MIME_TYPES,
    maxBytes: 1024,
    purpose: 'test-upload',
    ownerId: null,
    wrongTypeMessage: 'wrong type',
    tooLargeMessage: 'too large',
    ...overrides,
  });
  const objects = () =>
    existsSync(path.join(uploadsDir, 'test-upload')) ? readdirSync(path.join(uploadsDir, 'test-upload')) : [];

  it('stores the file and its row; deleteStoredFiles removes both', async () => {
    const owner = await seedUser(t.app);
    const { file } = await saveUpload(t.app, options(SAMPLE_IMAGES.gif, { ownerId: owner.id }));
    expect(file).toMatchObject({
      mimeType: 'image/gif',
      purpose: 'test-upload',
      ownerId: owner.id,
      originalName: 'x.png',
    });
    expect(file.storageKey).toMatch(/^test-upload\/[0-9a-f-]{36}\.gif$/);
    expect(existsSync(path.join(uploadsDir, file.storageKey))).toBe(true);

    await deleteStoredFiles(t.app, [file.id]);
    expect(existsSync(path.join(uploadsDir, file.storageKey))).toBe(false);
    expect(await t.app.db.select().from(storedFiles).where(eq(storedFiles.id, file.id))).toEqual([]);
  });

  it('refuses the wrong type (415) and a file over the limit (413)', async () => {
    const before = objects();
    await expect(saveUpload(t.app, options(Buffer.from('%PDF-1.4 nope')))).rejects.toMatchObject({
      statusCode: 415,
      message: 'wrong type',
    });
    await expect(
      saveUpload(t.app, options(Buffer.concat([SAMPLE_IMAGES.png, Buffer.alloc(1024)]))),
    ).rejects.toMatchObject({ statusCode: 413, message: 'too large' });
    expect(objects()).toEqual(before);
  });

  it('removes the stored object again when the transaction fails', async () => {
    const before = objects();
    const countBefore = (await t.app.db.select().from(storedFiles)).length;
    await expect(
      saveUpload(t.app, options(SAMPLE_IMAGES.png), async () => {
        throw new AppError(409, 'conflict in the caller');
      }),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(objects()).toEqual(before);
    expect((await t.app.db.select().from(storedFiles)).length).toBe(countBefore);
  });

  it('answers 404 for a row whose object has vanished from the store', async () => {
    const owner = await seedUser(t.app);
    const { file } = await saveUpload(
      t.app,
      options(SAMPLE_IMAGES.png, { purpose: 'profile-picture', ownerId: owner.id }),
    );
    await t.app.db.update(users).set({ profilePictureFileId: file.id }).where(eq(users.id, owner.id));
    const link = linksForToken(t.app, owner.token).url(file.id);
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
    await rm(path.join(uploadsDir, file.storageKey));
    const res = await t.app.inject({ method: 'GET', url: link });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('File not found');
  });
});

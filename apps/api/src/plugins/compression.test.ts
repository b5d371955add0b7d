import { addDays, IDEMPOTENT_REPLAY_HEADER, todayIn } from '@csp/contracts';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { students } from '../db/schema.ts';
import { IMAGE_MIME_TYPES, saveUpload } from '../modules/files/files.service.ts';
import { linksForToken } from '../test/file-links.ts';
import { SAMPLE_IMAGES } from '../test/multipart.ts';
import { createTestApp, expectError, seedUser, type SeededUser, type TestContext } from '../test/setup.ts';
import { closeTestApp } from '../test/factories.ts';
import { COMPRESSION_THRESHOLD_BYTES } from './compression.ts';

// The API's answers compressed for clients that accept it (decision 0029).

let t: TestContext;
let admin: SeededUser;
let teacher: SeededUser;
let studentId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t.app, { role: 'ADMIN' });
  teacher = await seedUser(t.app, { role: 'TEACHER' });
  const seeded = await t.app.db
    .insert(students)
    .values(
      Array.from({ length: 8 }, (_, i) => ({
        studentId: `ZIP-${i}`,
        firstName: `Nila${i}`,
        lastName: 'Compressed',
        dateOfBirth: '2022-05-01',
        category: 'CENTER_BASE' as const,
        assignedTeacherId: teacher.id,
      })),
    )
    .returning({ id: students.id });
  studentId = seeded[0].id;
});
afterAll(() => closeTestApp(t));

const LIST = '/api/students?page=1&limit=8';
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...admin.auth, ...headers } });

describe('compressed answers', () => {
  it('sends a list brotli- or gzip-compressed as the client accepts, the same JSON and tag as uncompressed', async () => {
    const plain = await get(LIST);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(COMPRESSION_THRESHOLD_BYTES);
    expect(plain.json()).toHaveLength(8);

    // What browsers send: brotli is preferred.
    const br = await get(LIST, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.headers['x-total-count']).toBe(plain.headers['x-total-count']);

    // What Node's fetch sends.
    const gzip = await get(LIST, { 'accept-encoding': 'gzip, deflate' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    // One tag for the one JSON, however it travels; a 304 has no body to compress.
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(gzip.headers.etag).toBe(plain.headers.etag);
    const unchanged = await get(LIST, {
      'accept-encoding': 'br',
      'if-none-match': plain.headers.etag as string,
    });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.rawPayload.length).toBe(0);
    expect(unchanged.headers['content-encoding']).toBeUndefined();
  });

  it('sends small answers, errors and photos as they are', async () => {
    const small = await get('/api/students/ZIP-0-is-not-an-id', { 'accept-encoding': 'br' });
    expectError(small, 400);
    expect(small.headers['content-encoding']).toBeUndefined();

    const one = await get('/api/students?page=1&limit=1', { 'accept-encoding': 'br' });
    expect(one.statusCode).toBe(200);
    expect(one.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(one.headers['content-encoding']).toBeUndefined();

    // A photo is compressed already: its bytes go unchanged, whatever the client accepts.
    const photo = Buffer.concat([SAMPLE_IMAGES.png, Buffer.alloc(4096)]);
    const { file } = await saveUpload(t.app, {
      file: { data: photo, fileName: 'big.png' },
      allowed: IMAGE_MIME_TYPES,
      maxBytes: 1024 * 1024,
      purpose: 'test-upload',
      ownerId: admin.id,
      wrongTypeMessage: 'wrong type',
      tooLargeMessage: 'too large',
    });
    const download = await get(linksForToken(t.app, admin.token).url(file.id), {
      'accept-encoding': 'gzip, br',
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-encoding']).toBeUndefined();
    expect(download.rawPayload.equals(photo)).toBe(true);
  });

  it('keeps an idempotent write’s answer as JSON: sent again, the same JSON, compressed or not', async () => {
    const payload = {
      title: 'Songs',
      studentId,
      date: addDays(todayIn(t.config.orgTimezone), -1),
      description: 'Sang songs and clapped. '.repeat(60),
    };
    const send = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/activities',
        headers: { ...teacher.auth, 'idempotency-key': 'compressed-once', ...headers },
        payload,
      });
    const first = await send({ 'accept-encoding': 'br' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['content-encoding']).toBe('br');
    const json = zlib.brotliDecompressSync(first.rawPayload).toString();
    expect(JSON.parse(json)).toMatchObject({ title: 'Songs', studentId });

    const again = await send({});
    expect(again.statusCode).toBe(201);
    expect(again.headers[IDEMPOTENT_REPLAY_HEADER]).toBe('true');
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(again.body).toBe(json);
  });

  it('refuses a compressed request body as unreadable JSON, in the one error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/students',
      headers: { ...admin.auth, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(JSON.stringify({ firstName: 'Nila' })),
    });
    expectError(res, 400, 'The request body is not valid JSON');
  });
});

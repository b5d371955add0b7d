/**
 * One file per upload request, on every upload route: a form with two file parts (the same field twice,
 * or the file's field and another) is refused with 400 and nothing is stored, where it was answered 201
 * with one of the files quietly dropped.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gifts, storedFiles, students } from '../../db/schema.ts';
import { multipart, SAMPLE_DOCUMENTS, SAMPLE_IMAGES, type MultipartPart } from '../../test/multipart.ts';
import { createTestApp, expectError, seedUser, type SeededUser, type TestContext } from '../../test/setup.ts';
import { closeTestApp } from '../../test/factories.ts';

let t: TestContext;
let admin: SeededUser;
let teacher: SeededUser;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t.app, { role: 'ADMIN' });
  teacher = await seedUser(t.app);
});
afterAll(() => closeTestApp(t));

const uploadsDir = () => path.join(t.config.dataDir, 'uploads');
const storedObjects = (): string[] =>
  existsSync(uploadsDir())
    ? (readdirSync(uploadsDir(), { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
        .filter((d) => d.isFile())
        .map((d) => d.name)
    : [];
const storedRows = async () => (await t.app.db.select({ id: storedFiles.id }).from(storedFiles)).length;

/** A pending gift of a student of the teacher's, for its delivery route. */
async function pendingGift(): Promise<string> {
  const [student] = await t.app.db
    .insert(students)
    .values({
      studentId: `UP-${Date.now()}-${++seq}`,
      firstName: 'Nila',
      lastName: 'Upload',
      dateOfBirth: '2022-03-04',
      category: 'CENTER_BASE',
      assignedTeacherId: teacher.id,
    })
    .returning();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/gifts/bulk-assign',
    headers: admin.auth,
    payload: {
      gifts: [{ studentId: student.studentId, giftId: `G-UP-${++seq}`, giftSubType: 'School bag' }],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { ids: string[] }).ids[0];
}

/** Every route that takes an upload: how to call it, its file field, and a file it accepts. */
const ROUTES: {
  name: string;
  method: 'POST' | 'PATCH';
  url: () => Promise<string>;
  field: string;
  file: Buffer;
}[] = [
  {
    name: 'profile picture',
    method: 'POST',
    url: async () => `/api/users/${teacher.id}/profile-picture`,
    field: 'profilePicture',
    file: SAMPLE_IMAGES.png,
  },
  {
    name: 'activity photo',
    method: 'POST',
    url: async () => '/api/file-upload/activities',
    field: 'files',
    file: SAMPLE_IMAGES.png,
  },
  {
    name: 'measurement photo',
    method: 'POST',
    url: async () => '/api/file-upload/measurement',
    field: 'file',
    file: SAMPLE_IMAGES.png,
  },
  {
    name: 'home visit file',
    method: 'POST',
    url: async () => '/api/file-upload/home-visit',
    field: 'file',
    file: SAMPLE_DOCUMENTS.pdf,
  },
  {
    name: 'gift evidence',
    method: 'PATCH',
    url: async () => `/api/gifts/${await pendingGift()}/deliver-with-evidence`,
    field: 'evidenceImage',
    file: SAMPLE_IMAGES.png,
  },
];

const filePart = (name: string, data: Buffer, filename = 'a.png'): MultipartPart => ({
  name,
  filename,
  contentType: 'application/octet-stream',
  data,
});

describe('an upload with two file parts', () => {
  for (const route of ROUTES) {
    it(`is refused on the ${route.name} route, and nothing is stored`, async () => {
      const send = async (parts: MultipartPart[]) => {
        const body = multipart(parts);
        const url = await route.url();
        return {
          url,
          res: await t.app.inject({
            method: route.method,
            url,
            headers: { ...teacher.auth, ...body.headers },
            payload: body.payload,
          }),
        };
      };
      const rowsBefore = await storedRows();
      const objectsBefore = storedObjects();
      for (const parts of [
        // The same field twice.
        [filePart(route.field, route.file, 'one.png'), filePart(route.field, route.file, 'two.png')],
        // The file's field, then another field with a file.
        [filePart(route.field, route.file), filePart('other', route.file)],
        // A text field between the two.
        [filePart(route.field, route.file), { name: 'type', data: 'x' }, filePart(route.field, route.file)],
      ]) {
        const { url, res } = await send(parts);
        expectError(res, 400, 'Send one file per request');
        if (route.name === 'gift evidence') {
          const id = url.split('/')[3];
          const [gift] = await t.app.db.select().from(gifts).where(eq(gifts.id, id));
          expect(gift).toMatchObject({ status: 'PENDING', evidenceFileId: null });
        }
      }
      expect(await storedRows()).toBe(rowsBefore);
      expect(storedObjects()).toEqual(objectsBefore);

      // One file in the field is still taken.
      const { res } = await send([filePart(route.field, route.file)]);
      expect(res.statusCode, res.body).toBeLessThan(300);
      expect(await storedRows()).toBe(rowsBefore + 1);
    });
  }
});

import { randomUUID } from 'node:crypto';
import { addDays, todayIn, type AuditChainCheck, type AuditEvent } from '@csp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, inArray } from 'drizzle-orm';
import { auditEvents, storedFiles, students } from '../../db/schema.ts';
import { createTestApp, seedUser, type SeededUser, type TestContext } from '../../test/setup.ts';
import { closeTestApp } from '../../test/factories.ts';
import { runFileSweep } from '../files/files.jobs.ts';
import { runCategoryJob } from '../students/students.jobs.ts';
import { auditEach, SYSTEM_ACTOR } from './audit.ts';

// The scheduled jobs that change records write their changes into the trail, under the system's name
// (no actor id, no email: the web app shows "System"), in the transaction of the change (issue 45,
// point 6).

let t: TestContext;
let admin: SeededUser;
let teacher: SeededUser;
const DAY = 24 * 60 * 60 * 1000;

const trail = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/audit${query}`, headers: admin.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AuditEvent[];
};

const chain = async () =>
  (
    await t.app.inject({ method: 'GET', url: '/api/audit/chain', headers: admin.auth })
  ).json() as AuditChainCheck;

beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t.app, { role: 'ADMIN' });
  teacher = await seedUser(t.app, { role: 'TEACHER', firstName: 'Uma', lastName: 'Loader' });
});
afterAll(() => closeTestApp(t));

describe('the category job', () => {
  it('records each child it moves: an update of the student to its new category, by the system', async () => {
    const today = todayIn(t.config.orgTimezone);
    const child = (dob: number, category: 'SURVIVAL_PROGRAM' | 'HOME_BASE') =>
      t.app.db
        .insert(students)
        .values({
          studentId: `JOB-${randomUUID()}`,
          firstName: 'Job',
          lastName: 'Kid',
          dateOfBirth: addDays(today, dob),
          category,
        })
        .returning()
        .then(([row]) => row);
    const toHome = await child(-400, 'SURVIVAL_PROGRAM');
    const toCenter = await child(-1200, 'HOME_BASE');
    const stays = await child(-100, 'SURVIVAL_PROGRAM');

    expect(await runCategoryJob(t.app)).toBeGreaterThanOrEqual(2);
    for (const [s, category] of [
      [toHome, 'HOME_BASE'],
      [toCenter, 'CENTER_BASE'],
    ] as const) {
      const events = await trail(`?entity=student&entityId=${s.id}`);
      expect(events).toEqual([
        expect.objectContaining({
          actorId: null,
          actorEmail: null,
          action: 'update',
          entity: 'student',
          entityId: s.id,
          changes: { category },
        }),
      ]);
    }
    expect(await trail(`?entity=student&entityId=${stays.id}`)).toEqual([]);
    // A run with nothing to move writes nothing.
    const before = (await trail('?entity=student&action=update')).length;
    expect(await runCategoryJob(t.app)).toBe(0);
    expect(await trail('?entity=student&action=update')).toHaveLength(before);
    expect((await chain()).ok).toBe(true);
  });

  it('many entries at once: one each, past what one statement may carry', async () => {
    // 11,000 entries of six parameters: more than a statement's 65,535 (a category move after a long
    // stop, a sweep of a big import's leftovers). Written as the jobs write them.
    const ids = Array.from({ length: 11_000 }, () => randomUUID());
    await t.app.db.transaction((tx) =>
      auditEach(
        tx,
        SYSTEM_ACTOR,
        'update',
        'student',
        ids.map((entityId) => ({ entityId, changes: { category: 'HOME_BASE' } })),
      ),
    );
    const [row] = await t.app.db
      .select({ n: count() })
      .from(auditEvents)
      .where(inArray(auditEvents.entityId, ids));
    expect(row.n).toBe(ids.length);
    expect(await chain()).toMatchObject({ ok: true, unchained: 0 });
  });
});

describe('the file sweeper', () => {
  it('records each file it deletes: a delete of the file, by the system, with what it was', async () => {
    const put = async (createdAt: Date) => {
      const storageKey = `audit/${randomUUID()}.png`;
      await t.app.storage.put(storageKey, Buffer.from('png'));
      const [row] = await t.app.db
        .insert(storedFiles)
        .values({
          storageKey,
          originalName: 'class-photo.png',
          mimeType: 'image/png',
          sizeBytes: 3,
          purpose: 'activity-photo',
          ownerId: teacher.id,
          createdAt,
        })
        .returning();
      return row;
    };
    const abandoned = await put(new Date(Date.now() - 2 * DAY));
    const fresh = await put(new Date());

    expect((await runFileSweep(t.app)).unattached).toBe(1);
    const events = await trail(`?entity=file&entityId=${abandoned.id}`);
    expect(events).toEqual([
      {
        id: expect.any(String),
        at: expect.any(String),
        actorId: null,
        actorEmail: null,
        action: 'delete',
        entity: 'file',
        entityId: abandoned.id,
        // The uploader by name; never the storage key (the server's own).
        changes: {
          originalName: 'class-photo.png',
          mimeType: 'image/png',
          sizeBytes: 3,
          purpose: 'activity-photo',
          ownerId: teacher.id,
        },
        names: { [teacher.id]: 'Uma Loader' },
      },
    ]);
    expect(await trail(`?entity=file&entityId=${fresh.id}`)).toEqual([]);
    // The filter names the new kind of record.
    expect((await trail('?entity=file')).every((e) => e.entity === 'file')).toBe(true);
    expect((await chain()).ok).toBe(true);
  });
});

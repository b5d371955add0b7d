import type { AuditEvent } from '@csp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, storedFiles, students, users } from '../../db/schema.ts';
import { createTestApp, expectError, seedUser, type SeededUser, type TestContext } from '../../test/setup.ts';
import { closeTestApp } from '../../test/factories.ts';

let t: TestContext;
let admin: SeededUser;
let teacher: SeededUser;

const trail = async (as: SeededUser, query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/audit${query}`, headers: as.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AuditEvent[];
};
const post = (
  as: SeededUser | null,
  url: string,
  payload: object,
  method: 'POST' | 'PATCH' | 'DELETE' = 'POST',
) => t.app.inject({ method, url, headers: as?.auth ?? {}, payload });

beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t.app, { role: 'ADMIN' });
  teacher = await seedUser(t.app, { role: 'TEACHER' });
});
afterAll(() => closeTestApp(t));

describe('the audit trail', () => {
  it('records sign-ins and failed sign-ins, never the password', async () => {
    expect(
      (await post(null, '/api/auth/login', { email: teacher.email, password: 'secret123' })).statusCode,
    ).toBe(200);
    expect(
      (await post(null, '/api/auth/login', { email: teacher.email, password: 'wrong-one' })).statusCode,
    ).toBe(401);
    expect(
      (await post(null, '/api/auth/login', { email: 'nobody@example.org', password: 'whatever1' }))
        .statusCode,
    ).toBe(401);
    const events = await trail(admin, `?entity=user&entityId=${teacher.id}`);
    expect(events.map((e) => e.action)).toEqual(['sign_in_failed', 'sign_in']);
    expect(events[0]).toMatchObject({ actorId: null, actorEmail: teacher.email });
    expect(events[1]).toMatchObject({ actorId: teacher.id, actorEmail: teacher.email });
    const unknown = (await trail(admin, '?action=sign_in_failed')).find(
      (e) => e.actorEmail === 'nobody@example.org',
    );
    expect(unknown).toMatchObject({ entityId: null });
    const all = JSON.stringify(await trail(admin));
    expect(all).not.toContain('secret123');
    expect(all).not.toContain('wrong-one');
  });

  it('records who created, changed and deleted a record, with the changed fields but no secrets', async () => {
    const created = await post(admin, '/api/users', {
      firstName: 'Audit',
      lastName: 'Me',
      email: 'audit.me@example.org',
      role: 'TEACHER',
      password: 'topsecret1',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    await post(admin, `/api/users/${id}`, { firstName: 'Audited' }, 'PATCH');
    await t.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: admin.auth });
    await post(admin, `/api/users/${id}/restore`, {});
    const history = await trail(admin, `?entity=user&entityId=${id}`);
    expect(history.map((e) => e.action)).toEqual(['restore', 'delete', 'update', 'create']);
    expect(history.every((e) => e.actorId === admin.id)).toBe(true);
    expect(history[3].changes).toEqual({
      firstName: 'Audit',
      lastName: 'Me',
      email: 'audit.me@example.org',
      role: 'TEACHER',
    });
    expect(history[2].changes).toEqual({ firstName: 'Audited' });
    expect(JSON.stringify(history)).not.toContain('topsecret1');
    const paged = await t.app.inject({
      method: 'GET',
      url: `/api/audit?entityId=${id}&page=1&limit=2`,
      headers: admin.auth,
    });
    expect(paged.headers['x-total-count']).toBe('4');
    expect((paged.json() as AuditEvent[]).map((e) => e.action)).toEqual(['restore', 'delete']);
  });

  it('records password changes without the passwords', async () => {
    const who = await seedUser(t.app, { role: 'TEACHER' });
    const res = await post(
      who,
      '/api/auth/change-password',
      { currentPassword: 'secret123', newPassword: 'another1' },
      'PATCH',
    );
    expect(res.statusCode, res.body).toBe(200);
    const [event] = await trail(admin, `?entityId=${who.id}&action=password_change`);
    expect(event).toMatchObject({ actorId: who.id, changes: {} });
  });

  it('records a removed profile picture, and nothing when there was none', async () => {
    const who = await seedUser(t.app, { role: 'TEACHER' });
    const remove = () =>
      t.app.inject({ method: 'DELETE', url: `/api/users/${who.id}/profile-picture`, headers: admin.auth });
    expect((await remove()).statusCode).toBe(200);
    expect(await trail(admin, `?entityId=${who.id}`)).toEqual([]);
    const [file] = await t.app.db
      .insert(storedFiles)
      .values({
        storageKey: 'audit/p.png',
        originalName: 'p.png',
        mimeType: 'image/png',
        sizeBytes: 1,
        purpose: 'profile-picture',
        ownerId: who.id,
      })
      .returning();
    await t.app.db.update(users).set({ profilePictureFileId: file.id }).where(eq(users.id, who.id));
    expect((await remove()).statusCode).toBe(200);
    const [event] = await trail(admin, `?entityId=${who.id}`);
    expect(event).toMatchObject({ action: 'update', actorId: admin.id, changes: { profilePicture: null } });
  });

  it('writes nothing for a change that did not happen', async () => {
    const [student] = await t.app.db
      .insert(students)
      .values({
        studentId: 'AUD-1',
        firstName: 'N',
        lastName: 'P',
        dateOfBirth: '2022-01-01',
        category: 'CENTER_BASE',
      })
      .returning();
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/students/${student.id}`, headers: admin.auth }))
        .statusCode,
    ).toBeLessThan(300);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/students/${student.id}`, headers: admin.auth }))
        .statusCode,
    ).toBe(404);
    const refused = await post(admin, '/api/students', {
      studentId: 'AUD-1',
      firstName: 'Again',
      lastName: 'P',
      dateOfBirth: '2022-01-01',
      category: 'CENTER_BASE',
    });
    expect(refused.statusCode).toBe(409);
    expect((await trail(admin, `?entity=student&entityId=${student.id}`)).map((e) => e.action)).toEqual([
      'delete',
    ]);
    expect((await trail(admin, '?entity=student&action=create')).length).toBe(0);
  });

  it('is for administrators only, and nobody can change it', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/audit', headers: teacher.auth }), 403);
    expectError(await t.app.inject({ method: 'GET', url: '/api/audit' }), 401);
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/audit?entity=planet', headers: admin.auth }),
      400,
    );
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/audit?from=2026-02-30', headers: admin.auth }),
      400,
    );
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE'] as const) {
      expect(
        (await t.app.inject({ method, url: '/api/audit', headers: admin.auth, payload: {} })).statusCode,
      ).toBe(404);
    }
    const refusal = async (change: Promise<unknown>) => {
      const err = (await change.then(
        () => null,
        (e: unknown) => e,
      )) as (Error & { cause?: Error }) | null;
      return `${err?.message} ${err?.cause?.message}`;
    };
    expect(await refusal(t.app.db.update(auditEvents).set({ action: 'nothing' }))).toMatch(/append-only/);
    expect(await refusal(t.app.db.delete(auditEvents).where(eq(auditEvents.entity, 'user')))).toMatch(
      /append-only/,
    );
    expect((await t.app.db.select().from(auditEvents)).length).toBeGreaterThan(0);
  });

  it('names the people and children whose ids a change holds, deleted ones too, and no others', async () => {
    const assigned = await seedUser(t.app, { role: 'TEACHER', firstName: 'Named', lastName: 'Teacher' });
    const created = await post(admin, '/api/students', {
      studentId: 'AUD-NAMES',
      firstName: 'Kavi',
      lastName: 'Named',
      dateOfBirth: '2022-01-01',
      category: 'CENTER_BASE',
      assignedTeacherId: assigned.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const student = created.json() as { id: string };
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${assigned.id}`,
      headers: admin.auth,
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const unknownId = '0b7e4a1c-3d2f-4e5a-9b8c-7d6e5f4a3b2c';
    await t.app.db.insert(auditEvents).values([
      {
        actorId: admin.id,
        action: 'update',
        entity: 'home_visit',
        entityId: null,
        changes: { studentId: student.id, evidenceFileId: unknownId },
      },
    ]);
    const [made] = await trail(admin, `?entity=student&entityId=${student.id}&action=create`);
    expect(made.changes).toMatchObject({ assignedTeacherId: assigned.id, studentId: 'AUD-NAMES' });
    expect(made.names).toEqual({ [assigned.id]: 'Named Teacher' });
    const [visit] = await trail(admin, '?entity=home_visit');
    expect(visit.names).toEqual({ [student.id]: 'Kavi Named' });
    // Events whose changes hold no ids carry no names.
    const [signIn] = await trail(admin, '?action=sign_in');
    expect(signIn).not.toHaveProperty('names');
  });

  it('filters by day', async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect((await trail(admin, `?from=${today}&to=${today}`)).length).toBeGreaterThan(0);
    expect(await trail(admin, '?from=2000-01-01&to=2000-01-02')).toEqual([]);
  });
});

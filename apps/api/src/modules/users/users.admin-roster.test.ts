/**
 * There is always at least one active administrator: demoting, deactivating or deleting one takes the
 * roster lock and re-checks in the same transaction. On PostgreSQL the requests really run at once.
 */
import { USER_MESSAGES } from '@csp/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { createTestApp, seedUser, uniqueEmail, type SeededUser, type TestContext } from '../../test/setup.ts';
import { codeFromMail, registration } from '../auth/auth.test-helpers.ts';
import { NO_FILE_LINKS } from '../files/files.service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const activeAdmins = async () =>
  t.app.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'ADMIN'), eq(users.isActive, true), isNull(users.deletedAt)));

const asActor = (u: SeededUser): Actor => ({
  id: u.id,
  role: 'ADMIN',
  email: u.email,
  firstName: 'Ada',
  lastName: 'Tester',
});

/** Leaves exactly two active admins, a and b (every other admin deactivated). */
async function twoAdmins(): Promise<[SeededUser, SeededUser]> {
  await t.app.db.update(users).set({ isActive: false }).where(eq(users.role, 'ADMIN'));
  return [await seedUser(t.app, { role: 'ADMIN' }), await seedUser(t.app, { role: 'ADMIN' })];
}

type Move = 'deactivate' | 'delete' | 'demote';
const request = (move: Move, actor: SeededUser, target: SeededUser) =>
  t.app.inject({
    method: move === 'delete' ? 'DELETE' : 'PATCH',
    url: `/api/users/${target.id}`,
    headers: actor.auth,
    ...(move === 'delete' ? {} : { payload: move === 'demote' ? { role: 'TEACHER' } : { isActive: false } }),
  });

describe('the last active administrator', () => {
  it('cannot be deactivated, demoted or deleted by an admin whose own rights went away meanwhile (409)', async () => {
    for (const move of ['deactivate', 'demote', 'delete'] as const) {
      const [a, b] = await twoAdmins();
      // a deactivates b; b's request, authorised a moment earlier, arrives after.
      expect((await request('deactivate', a, b)).statusCode).toBe(200);
      const body = move === 'demote' ? { role: 'TEACHER' as const } : { isActive: false };
      await expect(
        move === 'delete'
          ? t.app.services.users.deleteUser(asActor(b), a.id)
          : t.app.services.users.updateUser(asActor(b), NO_FILE_LINKS, a.id, body),
      ).rejects.toMatchObject({ statusCode: 409, message: USER_MESSAGES.lastActiveAdmin });
      expect((await activeAdmins()).map((r) => r.id)).toEqual([a.id]);
    }
  });

  it('the 409 answers the standard error body', async () => {
    const [a, b] = await twoAdmins();
    await t.app.db.update(users).set({ isActive: false }).where(eq(users.id, a.id));
    // b is the last active admin; a third admin, active for this request only, tries to remove b.
    const c = await seedUser(t.app, { role: 'ADMIN' });
    await t.app.db.update(users).set({ isActive: false }).where(eq(users.id, c.id));
    await expect(
      t.app.services.users.updateUser(asActor(c), NO_FILE_LINKS, b.id, { isActive: false }),
    ).rejects.toMatchObject({
      statusCode: 409,
    });
    // Through the API, b itself is refused with 400 (own account), and nothing changed.
    const own = await request('deactivate', b, b);
    expect(own.statusCode).toBe(400);
    expect((await activeAdmins()).map((r) => r.id)).toEqual([b.id]);
  });

  it('20 rounds of two admins removing each other at once always leave one; no stranger bootstraps after', async () => {
    const moves: Move[] = ['deactivate', 'delete', 'demote'];
    for (let round = 0; round < 20; round++) {
      const [a, b] = await twoAdmins();
      const [ra, rb] = await Promise.all([
        request(moves[round % 3], a, b),
        request(moves[(round + 1) % 3], b, a),
      ]);
      const statuses = [ra.statusCode, rb.statusCode].sort();
      // Either one wins and the other is refused (409, or 401 when its own account was already gone
      // before its request was authorised); never both.
      expect(statuses.filter((s) => s < 300)).toHaveLength(1);
      expect(statuses.some((s) => s === 409 || s === 401)).toBe(true);
      for (const r of [ra, rb]) {
        expect(r.statusCode).not.toBe(500);
        if (r.statusCode >= 400)
          expect(Object.keys(r.json()).sort()).toEqual(['error', 'message', 'statusCode']);
      }
      expect(await activeAdmins()).toHaveLength(1);
    }

    // An ADMIN self-registration stays inactive, whatever happened to the roster.
    const email = uniqueEmail('stranger');
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: registration(email, 'ADMIN'),
    });
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: { email, otp: codeFromMail(t, email), tempData: reg.json().data.tempData },
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().user.isActive).toBe(false);
  });

  it('an ADMIN self-registration stays inactive even when every admin was deactivated', async () => {
    await t.app.db.update(users).set({ isActive: false }).where(eq(users.role, 'ADMIN'));
    expect(await activeAdmins()).toHaveLength(0);
    const email = uniqueEmail('takeover');
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: registration(email, 'ADMIN'),
    });
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: { email, otp: codeFromMail(t, email), tempData: reg.json().data.tempData },
    });
    expect(verify.json().user.isActive).toBe(false);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: registration(email, 'ADMIN').password },
    });
    expect(login.statusCode).toBe(403);
  });
});

import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/passwords.ts';
import type { Limiter } from '../../plugins/rate-limit.ts';
import { fakeRepo, fixedClock, refusal, unitConfig, unitHandles } from '../../test/service-fakes.ts';
import type { Config } from '../../config.ts';
import type { UserRecord } from '../users/users.repo.ts';
import { hashCode } from './auth.codes.ts';
import type { OneTimeCode, PendingRegistration } from './auth.repo.ts';
import { createAuthService, MESSAGES, type AuthRepo, type UsersRepo } from './auth.service.ts';

/** Unit tests of the auth service's rules, on in-memory repositories and fakes (decision 0034). */

const PASSWORD = 'Lantern-Okapi-4471';
const EMAIL = 'tara@example.org';
const USER_ID = '00000000-0000-4000-8000-00000000000a';
const ADMINS = ['00000000-0000-4000-8000-0000000000ad', '00000000-0000-4000-8000-0000000000ae'];
const NOW = '2026-03-10T08:00:00Z';
const SECRET = 'a-unit-test-secret-of-at-least-32-characters';
const passwordHash = await hashPassword(PASSWORD);

function userRow(overrides: Partial<UserRecord> = {}): UserRecord {
  const at = new Date('2026-01-05T08:00:00Z');
  return {
    id: USER_ID,
    email: EMAIL,
    passwordHash,
    firstName: 'Tara',
    lastName: 'Field',
    searchName: 'tara field',
    phone: null,
    role: 'TEACHER',
    isActive: true,
    profilePictureFileId: null,
    tokenVersion: 3,
    createdAt: at,
    updatedAt: at,
    deletedAt: null,
    ...overrides,
  };
}

/** `EMAIL`'s pending registration as register stores it, its code valid for ten minutes. */
const pendingRow = (): PendingRegistration => ({
  id: 'pending-1',
  email: EMAIL,
  passwordHash,
  firstName: 'Tara',
  lastName: 'Field',
  phone: null,
  role: 'TEACHER',
  createdAt: new Date(NOW),
  expiresAt: new Date('2026-03-10T08:10:00Z'),
});

/** A limiter of `limit` hits per key that remembers what was counted and forgotten. */
function countingLimiter(limit: number): Limiter & { hits: Map<string, number>; resets: string[] } {
  const hits = new Map<string, number>();
  const resets: string[] = [];
  return {
    hits,
    resets,
    async hit(key) {
      const n = (hits.get(key) ?? 0) + 1;
      hits.set(key, n);
      return n > limit ? { allowed: false, retryAfterSeconds: 600 } : { allowed: true, retryAfterSeconds: 0 };
    },
    async take() {
      return { allowed: true, retryAfterSeconds: 0 };
    },
    async giveBack() {},
    async reset(key) {
      hits.delete(key);
      resets.push(key);
    },
  };
}

function world(
  options: {
    repo?: Partial<AuthRepo>;
    usersRepo?: Partial<UsersRepo>;
    config?: Partial<Config>;
    loginLimit?: number;
  } = {},
) {
  const clock = fixedClock(NOW);
  const { handles, effects, db, log, mailer } = unitHandles(
    clock,
    unitConfig({ jwtSecret: SECRET, ...options.config }),
  );
  const loginFailures = countingLimiter(options.loginLimit ?? 10);
  const codeSends = countingLimiter(10);
  const signed: { id: string; tokenVersion: number }[] = [];
  const service = createAuthService({
    ...handles,
    tokens: {
      sign: (user) => {
        signed.push(user);
        return `token-${signed.length}`;
      },
      claims: () => ({ sid: 'session-1', exp: Date.parse(NOW) / 1000 + 3600 }),
    },
    rateLimits: { loginFailures, codeSends },
    repo: fakeRepo<AuthRepo>(options.repo ?? {}),
    usersRepo: fakeRepo<UsersRepo>(options.usersRepo ?? {}),
  });
  return { service, effects, db, mailer, log, loginFailures, signed, clock };
}

describe('signing in', () => {
  it('counts a wrong password against the email, audits it and answers 401', async () => {
    const { service, effects, loginFailures, signed } = world({
      repo: { findUserByEmail: async () => userRow() },
    });
    expect(await refusal(service.login({ email: EMAIL, password: 'wrong-password' }))).toMatchObject({
      statusCode: 401,
      message: MESSAGES.invalidCredentials,
    });
    expect(loginFailures.hits.get(EMAIL)).toBe(1);
    expect(loginFailures.resets).toEqual([]);
    expect(effects.audited).toEqual([{ action: 'sign_in_failed', entity: 'user', entityId: USER_ID }]);
    expect(signed).toEqual([]);
  });

  it('refuses once the email is over its limit (429), before looking the account up', async () => {
    // No findUserByEmail in the fake: a lookup would fail the test by name.
    const { service } = world({ loginLimit: 0 });
    expect(await refusal(service.login({ email: EMAIL, password: PASSWORD }))).toMatchObject({
      statusCode: 429,
    });
  });

  it('signs a token for the right password, forgets the failures and audits the sign-in', async () => {
    const { service, effects, loginFailures, signed } = world({
      repo: { findUserByEmail: async () => userRow() },
    });
    const answer = await service.login({ email: EMAIL, password: PASSWORD });
    expect(answer.access_token).toBe('token-1');
    expect(answer.user).toMatchObject({ id: USER_ID, email: EMAIL, role: 'TEACHER' });
    expect(signed).toMatchObject([{ id: USER_ID, tokenVersion: 3 }]);
    expect(loginFailures.resets).toEqual([EMAIL]);
    expect(effects.audited).toEqual([{ action: 'sign_in', entity: 'user', entityId: USER_ID }]);
  });

  it("tells a deactivated account's owner it is disabled (403), and signs nothing", async () => {
    const { service, signed } = world({
      repo: {
        findUserByEmail: async () => userRow({ isActive: false }),
        awaitsFirstActivation: async () => false,
      },
    });
    expect(await refusal(service.login({ email: EMAIL, password: PASSWORD }))).toMatchObject({
      statusCode: 403,
      message: MESSAGES.accountDisabled,
    });
    expect(signed).toEqual([]);
  });
});

describe('signing out', () => {
  it("revokes the session until one token lifetime after the clock's time", async () => {
    const revoked: unknown[] = [];
    const { service } = world({
      repo: { revokeSession: async (_db, id, until, now) => void revoked.push({ id, until, now }) },
    });
    const session = {
      id: 'session-1',
      userId: USER_ID,
      tokenVersion: 3,
      expiresAt: new Date('2026-03-10T09:00:00Z'),
      lifetimeSeconds: 3600,
    };
    expect(await service.logout(session)).toEqual({ message: MESSAGES.signedOut });
    expect(revoked).toEqual([
      { id: 'session-1', until: new Date('2026-03-10T09:00:00Z'), now: new Date(NOW) },
    ]);
  });
});

describe('registering', () => {
  const input = {
    email: EMAIL,
    password: PASSWORD,
    firstName: 'Tara',
    lastName: 'Field',
    phone: '',
    role: 'TEACHER' as const,
  };

  it('answers an existing email like a new one, mails its owner and stores nothing', async () => {
    const { service, mailer, db } = world({ repo: { findUserByEmail: async () => userRow() } });
    const answer = await service.register(input);
    expect(answer.message).toBe(MESSAGES.codeSent);
    expect(answer.data.tempData.registrationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(mailer.sent.map((m) => m.subject)).toEqual([expect.stringContaining('Someone tried to register')]);
    expect(db.transactions()).toBe(0);
  });

  it('removes the new pending registration when its code cannot be mailed (503)', async () => {
    const deleted: string[] = [];
    const pending = pendingRow();
    const { service, mailer, log } = world({
      repo: {
        findUserByEmail: async () => undefined,
        findLivePendingRegistration: async () => undefined,
        lockPendingRegistrationsOf: async () => undefined,
        pruneExpired: async () => undefined,
        replacePendingRegistration: async () => pending,
        replaceCode: async () => undefined,
        deletePendingRegistration: async (_db, id) => void deleted.push(id),
      },
    });
    mailer.failWith = new Error('smtp down');
    expect(await refusal(service.register(input))).toMatchObject({
      statusCode: 503,
      message: MESSAGES.mailFailed,
    });
    expect(deleted).toEqual(['pending-1']);
    expect(log.errors).toHaveLength(1);
  });

  it('refuses a teacher while teacher registration is closed (403), before any work', async () => {
    const { service, mailer } = world({ config: { teacherRegistration: 'closed' } });
    expect(await refusal(service.register(input))).toMatchObject({ statusCode: 403 });
    expect(mailer.sent).toEqual([]);
  });
});

describe('verifying a registration', () => {
  it('creates a waiting teacher under TEACHER_REGISTRATION=approval and tells every active admin', async () => {
    const pending = pendingRow();
    const inserted: unknown[] = [];
    // Hashed with the world's secret, as register would have stored it.
    const code: OneTimeCode = {
      id: 'code-1',
      email: EMAIL,
      purpose: 'REGISTER',
      codeHash: hashCode(SECRET, 'REGISTER', EMAIL, '123456'),
      pendingRegistrationId: 'pending-1',
      attempts: 0,
      expiresAt: new Date('2026-03-10T08:10:00Z'),
      consumedAt: null,
      createdAt: new Date(NOW),
    };
    const { service, effects } = world({
      config: { teacherRegistration: 'approval' },
      repo: {
        findPendingRegistration: async () => pending,
        findCode: async () => code,
        consumeCode: async () => true,
        deletePendingRegistration: async () => undefined,
      },
      usersRepo: {
        lockAdminRoster: async () => undefined,
        emailTaken: async () => false,
        insertUser: async (_tx, values) => {
          inserted.push(values);
          return userRow({ isActive: values.isActive ?? true });
        },
        activeAdminIds: async () => ADMINS,
      },
    });
    const answer = await service.verifyRegistration({
      email: EMAIL,
      otp: '123456',
      tempData: { registrationId: 'pending-1' },
    });
    expect(answer.message).toBe(MESSAGES.registeredAwaitingApproval);
    expect(inserted).toMatchObject([{ email: EMAIL, role: 'TEACHER', isActive: false }]);
    expect(effects.notified).toEqual(
      ADMINS.map((userId) => ({
        userId,
        type: 'GENERAL',
        title: 'New teacher awaiting approval',
        message:
          'Tara Field (tara@example.org) registered as a teacher and is waiting for approval. Activate the account to let them sign in.',
      })),
    );
  });

  it('refuses a code that expired on the clock (400), though it would match', async () => {
    const { service, clock } = world({
      repo: {
        findPendingRegistration: async () => pendingRow(),
      },
    });
    clock.set('2026-03-10T08:10:00Z');
    expect(
      await refusal(
        service.verifyRegistration({
          email: EMAIL,
          otp: '123456',
          tempData: { registrationId: 'pending-1' },
        }),
      ),
    ).toMatchObject({ statusCode: 400, message: MESSAGES.invalidCode });
  });
});

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { pendingRegistrations, users } from '../../db/schema.ts';
import { isCommonPassword } from '../../lib/password-policy.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { createTestApp, seedUser, uniqueEmail, type TestContext } from '../../test/setup.ts';
import { client, codeFromMail, expectError, registration } from './auth.test-helpers.ts';

const COMMON = 'This password is too common. Please choose another one.';

/**
 * Every call that sets a password, as a function of the new password: answers the call's response.
 * Each starts from scratch (a fresh email, code or user), so that every case stands alone.
 */
function passwordSetters(t: TestContext, call: ReturnType<typeof client>) {
  return {
    register: async (password: string) =>
      call('POST', '/api/auth/register', registration(uniqueEmail('pw-register'), 'TEACHER', { password })),
    'reset-password': async (password: string) => {
      const user = await seedUser(t.app);
      await call('POST', '/api/auth/forgot-password', { email: user.email });
      const otp = codeFromMail(t, user.email);
      return call('POST', '/api/auth/reset-password', { email: user.email, otp, newPassword: password });
    },
    'change-password': async (password: string) => {
      const user = await seedUser(t.app);
      return call(
        'PATCH',
        '/api/auth/change-password',
        { currentPassword: user.password, newPassword: password },
        user.auth,
      );
    },
    'user create': async (password: string) => {
      const admin = await seedUser(t.app, { role: 'ADMIN' });
      return call(
        'POST',
        '/api/users',
        { firstName: 'New', lastName: 'Person', email: uniqueEmail('pw-create'), role: 'TEACHER', password },
        admin.auth,
      );
    },
  };
}

const OK_STATUS = { register: 200, 'reset-password': 200, 'change-password': 200, 'user create': 201 };

describe('new passwords with the default minimum (6, the spec)', () => {
  let t: TestContext;
  let call: ReturnType<typeof client>;
  let setters: ReturnType<typeof passwordSetters>;
  beforeAll(async () => {
    t = await createTestApp();
    call = client(t);
    setters = passwordSetters(t, call);
  });
  afterAll(() => t.close());

  const endpoints = Object.keys(OK_STATUS) as (keyof typeof OK_STATUS)[];

  describe.each(endpoints)('%s', (endpoint) => {
    it.each([
      ['the most common one', '123456'],
      ['another letter case', 'PassWord1'],
      ['with spaces around it', '  qwerty123 '],
      ['a common one of 8 characters', 'football'],
    ])('refuses %s with a clear message', async (_name, password) => {
      expectError(await setters[endpoint](password), 400, COMMON);
    });

    it('keeps the spec message for fewer than 6 characters', async () => {
      const tooShort =
        endpoint === 'change-password'
          ? 'New password must be at least 6 characters long'
          : 'Password must be at least 6 characters';
      expectError(await setters[endpoint]('kq7#v'), 400, tooShort);
    });

    it('accepts an uncommon password of 6 characters', async () => {
      const res = await setters[endpoint]('kq7#vz');
      expect(res.statusCode, res.body).toBe(OK_STATUS[endpoint]);
    });
  });

  it('register: a refused password sends no code and keeps no pending registration', async () => {
    const email = uniqueEmail('pw-refused');
    const sent = t.mailer.messages.length;
    expectError(
      await call('POST', '/api/auth/register', registration(email, 'TEACHER', { password: 'iloveyou' })),
      400,
      COMMON,
    );
    expect(t.mailer.messages.length).toBe(sent);
    expect(
      await t.app.db.select().from(pendingRegistrations).where(eq(pendingRegistrations.email, email)),
    ).toHaveLength(0);
  });

  it('reset-password: a refused password leaves the code usable and the password as it was', async () => {
    const user = await seedUser(t.app);
    await call('POST', '/api/auth/forgot-password', { email: user.email });
    const otp = codeFromMail(t, user.email);
    expectError(
      await call('POST', '/api/auth/reset-password', { email: user.email, otp, newPassword: 'superman' }),
      400,
      COMMON,
    );
    expect(
      (await call('POST', '/api/auth/login', { email: user.email, password: user.password })).statusCode,
    ).toBe(200);
    const ok = await call('POST', '/api/auth/reset-password', {
      email: user.email,
      otp,
      newPassword: 'tea-leaf-93',
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('user create: a refused password creates nobody', async () => {
    const admin = await seedUser(t.app, { role: 'ADMIN' });
    const email = uniqueEmail('pw-nobody');
    expectError(
      await call(
        'POST',
        '/api/users',
        { firstName: 'No', lastName: 'Body', email, role: 'ADMIN', password: 'trustno1' },
        admin.auth,
      ),
      400,
      COMMON,
    );
    expect(await t.app.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('user create: a teacher is still refused before the password is looked at', async () => {
    const teacher = await seedUser(t.app);
    const res = await call(
      'POST',
      '/api/users',
      {
        firstName: 'No',
        lastName: 'Body',
        email: uniqueEmail('pw-teacher'),
        role: 'TEACHER',
        password: '123456',
      },
      teacher.auth,
    );
    expect(res.statusCode).toBe(403);
  });

  it('sign-in is not affected: an account set up with a common password before still signs in', async () => {
    const user = await seedUser(t.app);
    await t.app.db
      .update(users)
      .set({ passwordHash: await hashPassword('123456') })
      .where(eq(users.id, user.id));
    const res = await call('POST', '/api/auth/login', { email: user.email, password: '123456' });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('new passwords with PASSWORD_MIN_LENGTH=10', () => {
  let t: TestContext;
  let call: ReturnType<typeof client>;
  let setters: ReturnType<typeof passwordSetters>;
  beforeAll(async () => {
    t = await createTestApp({ passwordMinLength: 10 });
    call = client(t);
    setters = passwordSetters(t, call);
  });
  afterAll(() => t.close());

  it('tells the forms the minimum', async () => {
    expect((await call('GET', '/api/auth/policy')).json()).toMatchObject({ passwordMinLength: 10 });
  });

  it.each([
    ['register', 'Password must be at least 10 characters'],
    ['reset-password', 'Password must be at least 10 characters'],
    ['change-password', 'New password must be at least 10 characters long'],
    ['user create', 'Password must be at least 10 characters'],
  ] as const)('%s refuses 9 characters with the same sentence and that number', async (endpoint, message) => {
    expectError(await setters[endpoint]('abcdefghi'), 400, message);
  });

  it.each(Object.keys(OK_STATUS) as (keyof typeof OK_STATUS)[])(
    '%s accepts 10 uncommon characters and still refuses a common one',
    async (endpoint) => {
      const res = await setters[endpoint]('abcdefghij');
      expect(res.statusCode, res.body).toBe(OK_STATUS[endpoint]);
      expectError(await setters[endpoint]('1q2w3e4r5t'), 400, COMMON);
    },
  );

  it('keeps the schema message below the spec minimum', async () => {
    expectError(await setters.register('12345'), 400, 'Password must be at least 6 characters');
  });
});

describe('the common-password list', () => {
  it('ships about the 10,000 most common passwords, compared lower-cased and trimmed', () => {
    for (const p of ['123456', 'password', 'PASSWORD', ' qwerty ', 'iloveyou', 'trustno1']) {
      expect(isCommonPassword(p), p).toBe(true);
    }
    for (const p of ['kq7#vz', 'tea-leaf-93', 'correct-horse', 'secret123']) {
      expect(isCommonPassword(p), p).toBe(false);
    }
  });
});

describe('PASSWORD_MIN_LENGTH setting', () => {
  const base = { DATA_DIR: `/tmp/csp-config-${randomUUID()}`, JWT_SECRET: 'x'.repeat(40) };

  it('defaults to the spec minimum of 6 and stops the server at start below it or above the maximum', () => {
    expect(loadConfig(base).passwordMinLength).toBe(6);
    expect(loadConfig({ ...base, PASSWORD_MIN_LENGTH: '12' }).passwordMinLength).toBe(12);
    for (const wrong of ['5', '0', '129', 'ten', '8.5']) {
      expect(() => loadConfig({ ...base, PASSWORD_MIN_LENGTH: wrong })).toThrow(
        `PASSWORD_MIN_LENGTH must be a whole number from 6 to 128, got "${wrong}"`,
      );
    }
  });
});

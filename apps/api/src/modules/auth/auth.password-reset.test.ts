import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes, users } from '../../db/schema.ts';
import { seedUser, uniqueEmail, type TestContext } from '../../test/setup.ts';
import { authApp, type Call, bearer, codeFromMail, expectError, otherCode } from './auth.test-helpers.ts';

const ANSWER = { message: 'If an account exists for this email, a code has been sent.' };

describe('password reset: POST /api/auth/forgot-password and /api/auth/reset-password', () => {
  let t: TestContext;
  let call: Call;
  beforeAll(async () => ({ t, call } = await authApp()));
  afterAll(() => t.close());

  const forgot = (email: unknown) => call('POST', '/api/auth/forgot-password', { email });
  const reset = (body: Record<string, unknown>) => call('POST', '/api/auth/reset-password', body);
  const login = (email: string, password: string) => call('POST', '/api/auth/login', { email, password });
  const mailsTo = (email: string) => t.mailer.messages.filter((m) => m.to === email).length;

  it('emails a reset code that says what it is for, and the code sets a new password', async () => {
    const teacher = await seedUser(t.app, { firstName: 'Ruwan' });
    const res = await forgot(teacher.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(ANSWER);

    const mail = t.mailer.lastTo(teacher.email)!;
    expect(mail.subject).toMatch(/password reset code/i);
    expect(mail.text).toContain('Hello Ruwan,');
    expect(mail.text).toMatch(/reset your .* password/);
    expect(mail.text).toContain('expires in 10 minutes');
    const code = codeFromMail(t, teacher.email);

    const [stored] = await t.app.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.email, teacher.email), eq(oneTimeCodes.purpose, 'RESET_PASSWORD')));
    expect(stored.codeHash).not.toContain(code);
    expect(stored.expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);

    const done = await reset({ email: teacher.email, otp: code, newPassword: 'a-new-password' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: expect.stringMatching(/Password reset/) });

    // Only the new password works; the token from before the reset is dead.
    expectError(await login(teacher.email, teacher.password), 401, 'Invalid credentials');
    expect((await login(teacher.email, 'a-new-password')).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/profile', undefined, teacher.auth)).statusCode).toBe(401);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, teacher.id));
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    // The code was single use.
    expectError(
      await reset({ email: teacher.email, otp: code, newPassword: 'another-password' }),
      400,
      'Invalid or expired OTP',
    );
    expect((await login(teacher.email, 'a-new-password')).statusCode).toBe(200);
  });

  it('answers identically for unknown, inactive and deleted emails, and sends them nothing', async () => {
    const known = await seedUser(t.app);
    const inactive = await seedUser(t.app, { isActive: false });
    const deleted = await seedUser(t.app);
    await t.app.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.id));
    const unknown = uniqueEmail('nobody');

    const answers = await Promise.all([known, inactive, deleted].map((u) => forgot(u.email)));
    answers.push(await forgot(unknown));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(answers[0].body);
      expect(res.headers['content-type']).toBe(answers[0].headers['content-type']);
    }
    expect(mailsTo(known.email)).toBe(1);
    expect(mailsTo(inactive.email)).toBe(0);
    expect(mailsTo(deleted.email)).toBe(0);
    expect(mailsTo(unknown)).toBe(0);
    // The same work for each: one reset code stored (mailed only to the account that may reset), so
    // how long the answer takes does not tell either.
    for (const email of [known.email, inactive.email, deleted.email, unknown]) {
      const codes = await t.app.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.email, email));
      expect(codes.map((c) => [c.purpose, c.attempts, c.consumedAt])).toEqual([['RESET_PASSWORD', 0, null]]);
    }
  });

  it('a resend replaces the earlier code', async () => {
    const teacher = await seedUser(t.app);
    await forgot(teacher.email);
    const first = codeFromMail(t, teacher.email);
    await forgot(teacher.email);
    const second = codeFromMail(t, teacher.email);
    expect(
      await t.app.db
        .select()
        .from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.email, teacher.email), eq(oneTimeCodes.purpose, 'RESET_PASSWORD'))),
    ).toHaveLength(1);
    if (first !== second) {
      expectError(
        await reset({ email: teacher.email, otp: first, newPassword: 'first-code-pw' }),
        400,
        'Invalid or expired OTP',
      );
    }
    expect((await reset({ email: teacher.email, otp: second, newPassword: 'second-code' })).statusCode).toBe(
      200,
    );
  });

  it('refuses a wrong and an expired code, leaving the password as it was', async () => {
    const teacher = await seedUser(t.app);
    await forgot(teacher.email);
    const code = codeFromMail(t, teacher.email);
    expectError(
      await reset({ email: teacher.email, otp: otherCode(code), newPassword: 'hijacked' }),
      400,
      'Invalid or expired OTP',
    );
    await t.app.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(oneTimeCodes.email, teacher.email));
    expectError(
      await reset({ email: teacher.email, otp: code, newPassword: 'hijacked' }),
      400,
      'Invalid or expired OTP',
    );
    expect((await login(teacher.email, teacher.password)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/profile', undefined, teacher.auth)).statusCode).toBe(200);
  });

  it('kills a code after 5 wrong tries, even for the right digits afterwards', async () => {
    const teacher = await seedUser(t.app);
    await forgot(teacher.email);
    const code = codeFromMail(t, teacher.email);
    for (let i = 1; i <= 5; i++) {
      const res = await reset({ email: teacher.email, otp: otherCode(code, i), newPassword: 'hijacked' });
      expectError(
        res,
        400,
        i < 5 ? 'Invalid or expired OTP' : 'Too many wrong attempts. Request a new code.',
      );
    }
    expectError(
      await reset({ email: teacher.email, otp: code, newPassword: 'hijacked' }),
      400,
      'Too many wrong attempts. Request a new code.',
    );
    expect((await login(teacher.email, teacher.password)).statusCode).toBe(200);

    // A new code works.
    await forgot(teacher.email);
    const fresh = codeFromMail(t, teacher.email);
    expect((await reset({ email: teacher.email, otp: fresh, newPassword: 'recovered' })).statusCode).toBe(
      200,
    );
  });

  it('does not accept a registration code for a reset', async () => {
    const email = uniqueEmail('cross');
    const reg = await call('POST', '/api/auth/register', {
      email,
      password: 'secret123',
      firstName: 'Cross',
      lastName: 'Purpose',
      role: 'TEACHER',
    });
    expect(reg.statusCode).toBe(200);
    const code = codeFromMail(t, email);
    await seedUser(t.app, { email });
    expectError(await reset({ email, otp: code, newPassword: 'hijacked' }), 400, 'Invalid or expired OTP');
  });

  it('refuses a reset for an account deactivated after the code was sent', async () => {
    const teacher = await seedUser(t.app);
    await forgot(teacher.email);
    const code = codeFromMail(t, teacher.email);
    await t.app.db.update(users).set({ isActive: false }).where(eq(users.id, teacher.id));
    expectError(
      await reset({ email: teacher.email, otp: code, newPassword: 'a-new-password' }),
      400,
      'Invalid or expired OTP',
    );
  });

  it('answers 400 for a reset of an email without a code', async () => {
    expectError(
      await reset({ email: uniqueEmail('nobody'), otp: '123456', newPassword: 'a-new-password' }),
      400,
      'Invalid or expired OTP',
    );
  });

  describe('validation messages (spec part 1 §5, forgot password)', () => {
    const forgotCases: [string, unknown, string][] = [
      ['missing email', undefined, 'Email is required'],
      ['empty email', '', 'Email is required'],
      ['invalid email', 'not-an-email', 'Invalid email address'],
      ['a number', 12345, 'Email is required'],
      ['a huge email', `${'x'.repeat(100_000)}@example.org`, 'Email is too long'],
    ];
    it.each(forgotCases)('forgot-password: %s', async (_name, email, message) => {
      expectError(await forgot(email), 400, message);
    });

    const valid = { email: 'someone@example.org', otp: '123456', newPassword: 'a-new-password' };
    const resetCases: [string, Record<string, unknown>, string][] = [
      ['invalid email', { email: 'someone' }, 'Invalid email address'],
      ['missing OTP', { otp: undefined }, 'OTP is required'],
      ['empty OTP', { otp: '' }, 'OTP is required'],
      ['short OTP', { otp: '12345' }, 'OTP must be exactly 6 digits'],
      ['OTP with letters', { otp: 'abcdef' }, 'OTP must be exactly 6 digits'],
      ['missing new password', { newPassword: undefined }, 'New password is required'],
      ['empty new password', { newPassword: '' }, 'New password is required'],
      ['short new password', { newPassword: '12345' }, 'Password must be at least 6 characters'],
      ['unknown field', { confirmPassword: 'a-new-password' }, 'Unknown field: confirmPassword'],
    ];
    it.each(resetCases)('reset-password: %s', async (_name, change, message) => {
      expectError(await reset({ ...valid, ...change }), 400, message);
    });
  });

  it('keeps working for a signed-in session that did not reset', async () => {
    const a = await seedUser(t.app);
    const b = await seedUser(t.app);
    await forgot(a.email);
    await reset({ email: a.email, otp: codeFromMail(t, a.email), newPassword: 'a-new-password' });
    expect((await call('GET', '/api/auth/profile', undefined, bearer(b.token))).statusCode).toBe(200);
  });
});

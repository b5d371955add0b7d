import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, oneTimeCodes, pendingRegistrations, users } from '../../db/schema.ts';
import { seedUser, uniqueEmail, type TestContext } from '../../test/setup.ts';
import {
  authApp,
  type Call,
  codeFromMail,
  expectError,
  otherCode,
  registration,
  type Registration,
} from './auth.test-helpers.ts';

describe('registration: POST /api/auth/register and /api/auth/verify-otp', () => {
  let t: TestContext;
  let call: Call;
  beforeAll(async () => ({ t, call } = await authApp()));
  afterAll(() => t.close());

  const register = (body: Partial<Registration> & Record<string, unknown>) =>
    call('POST', '/api/auth/register', body);
  const verify = (body: Record<string, unknown>) => call('POST', '/api/auth/verify-otp', body);

  async function start(email: string, role: 'ADMIN' | 'TEACHER', extra: Partial<Registration> = {}) {
    const res = await register(registration(email, role, extra));
    expect(res.statusCode, res.body).toBe(200);
    return {
      tempData: res.json().data.tempData as { registrationId: string },
      code: codeFromMail(t, email.trim().toLowerCase()),
    };
  }

  const userByEmail = async (email: string) => {
    const [row] = await t.app.db.select().from(users).where(eq(users.email, email));
    return row;
  };

  // Runs first: the database has no active admin yet.
  it('makes the first verified ADMIN an active admin (bootstrap) and sends a code that says what it is for', async () => {
    const email = uniqueEmail('first-admin');
    const res = await register(registration(email, 'ADMIN'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toEqual(expect.any(String));
    expect(Object.keys(body.data.tempData)).toEqual(['registrationId']);

    const mail = t.mailer.lastTo(email)!;
    expect(mail.subject).toMatch(/registration code/i);
    expect(mail.text).toMatch(/finish creating your .* account/);
    expect(mail.text).toContain('expires in 10 minutes');
    const code = codeFromMail(t, email);

    // Stored hashed: the password with argon2id (OWASP parameters), the code as an HMAC.
    const [pending] = await t.app.db
      .select()
      .from(pendingRegistrations)
      .where(eq(pendingRegistrations.email, email));
    expect(pending.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(pending.expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(pending.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    const [stored] = await t.app.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.email, email));
    expect(stored.purpose).toBe('REGISTER');
    expect(stored.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.codeHash).not.toContain(code);

    const verified = await verify({ email, otp: code, tempData: body.data.tempData });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({
      message: 'Registration successful',
      user: {
        id: expect.any(String),
        email,
        firstName: 'Amal',
        lastName: 'Perera',
        phone: '+94 77 123 4567',
        role: 'ADMIN',
        isActive: true,
        profilePicture: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    // The pending data (with its password hash) and the code are gone.
    expect(
      await t.app.db.select().from(pendingRegistrations).where(eq(pendingRegistrations.email, email)),
    ).toHaveLength(0);

    const login = await call('POST', '/api/auth/login', { email, password: 'correct-horse' });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.role).toBe('ADMIN');
  });

  it('creates later ADMIN self-registrations inactive and notifies every active admin', async () => {
    const otherAdmin = await seedUser(t.app, { role: 'ADMIN' });
    const inactiveAdmin = await seedUser(t.app, { role: 'ADMIN', isActive: false });
    const email = uniqueEmail('second-admin');
    const { tempData, code } = await start(email, 'ADMIN', { firstName: 'Nimal', lastName: 'Silva' });

    const res = await verify({ email, otp: code, tempData });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/awaiting activation/);
    expect(res.json().user).toMatchObject({ email, role: 'ADMIN', isActive: false });
    expect((await userByEmail(email)).isActive).toBe(false);

    const expected = {
      type: 'GENERAL',
      title: 'New administrator awaiting activation',
      message: `Nimal Silva (${email}) registered as an administrator and is waiting for activation.`,
      isRead: false,
    };
    const activeAdmins = await t.app.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'ADMIN'), eq(users.isActive, true)));
    expect(activeAdmins.length).toBeGreaterThanOrEqual(2);
    for (const admin of activeAdmins) {
      const rows = await t.app.db.select().from(notifications).where(eq(notifications.userId, admin.id));
      expect(rows.filter((r) => r.message.includes(email))).toEqual([expect.objectContaining(expected)]);
    }
    expect(activeAdmins.map((a) => a.id)).toContain(otherAdmin.id);
    // Inactive admins and the new account itself are not notified.
    expect(
      await t.app.db.select().from(notifications).where(eq(notifications.userId, inactiveAdmin.id)),
    ).toHaveLength(0);
    expect(
      await t.app.db.select().from(notifications).where(eq(notifications.userId, res.json().user.id)),
    ).toHaveLength(0);

    // The spec's message (its client reads 'Account disabled'); once activated, it signs in.
    const login = await call('POST', '/api/auth/login', { email, password: 'correct-horse' });
    expectError(login, 403, 'Account disabled. Contact an administrator.');
    const id = res.json().user.id as string;
    const [row] = await t.app.db.select().from(users).where(eq(users.id, id));
    const activate = await call(
      'PATCH',
      `/api/users/${id}`,
      { isActive: true, updatedAt: row.updatedAt.toISOString() },
      otherAdmin.auth,
    );
    expect(activate.statusCode, activate.body).toBe(200);
    expect((await call('POST', '/api/auth/login', { email, password: 'correct-horse' })).statusCode).toBe(
      200,
    );
  });

  it('creates TEACHER self-registrations active, without notifications', async () => {
    const before = (await t.app.db.select().from(notifications)).length;
    const email = uniqueEmail('teacher');
    const { tempData, code } = await start(email, 'TEACHER', { phone: undefined });
    const res = await verify({ email, otp: code, tempData });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Registration successful',
      user: { email, role: 'TEACHER', isActive: true, phone: null },
    });
    expect((await t.app.db.select().from(notifications)).length).toBe(before);
    const login = await call('POST', '/api/auth/login', { email, password: 'correct-horse' });
    expect(login.statusCode).toBe(200);
  });

  it('normalises the email (trimmed, lower-case); a taken one never becomes a second account', async () => {
    const email = uniqueEmail('Mixed');
    const { tempData, code } = await start(`  ${email.toUpperCase()} `, 'TEACHER');
    expect(code).toMatch(/^\d{6}$/);
    const res = await verify({ email: email.toUpperCase(), otp: code, tempData });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(email.toLowerCase());

    // The answer looks like a new registration (see auth.hardening.test.ts); no code is mailed, so the
    // verification can only fail.
    const again = await register(registration(email.toLowerCase(), 'TEACHER'));
    expect(again.statusCode).toBe(200);
    expect(t.mailer.lastTo(email.toLowerCase())!.text).not.toMatch(/^\s+\d{6}$/m);
    expectError(
      await verify({ email, otp: code, tempData: again.json().data.tempData }),
      400,
      'Invalid or expired OTP',
    );
    const rows = await t.app.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    expect(rows).toHaveLength(1);
  });

  it('answers 409 when the email was taken between register and verify, and creates nothing', async () => {
    const email = uniqueEmail('race');
    const { tempData, code } = await start(email, 'TEACHER');
    await seedUser(t.app, { email, firstName: 'Someone', lastName: 'Else' });
    const res = await verify({ email, otp: code, tempData });
    expectError(res, 409, 'An account with this email already exists');
    const rows = await t.app.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0].firstName).toBe('Someone');
  });

  it('keeps a pending registration when the same email registers again with another password', async () => {
    const email = uniqueEmail('kept');
    const first = await start(email, 'TEACHER', { firstName: 'First', password: 'first-pass-91' });
    const firstMail = t.mailer.lastTo(email)!;
    const again = await register(
      registration(email, 'TEACHER', { firstName: 'Second', password: 'other-pass-92' }),
    );
    // Answered alike: a message and a registration id, which leads nowhere.
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      message: 'A verification code has been sent to your email.',
      data: { tempData: { registrationId: expect.any(String) } },
    });
    const secondId = again.json().data.tempData.registrationId as string;
    expect(secondId).not.toBe(first.tempData.registrationId);
    // The address gets a note, not a code.
    const note = t.mailer.lastTo(email)!;
    expect(note).not.toBe(firstMail);
    expect(note.subject).toMatch(/already waiting for its code/);
    expect(note.text).not.toMatch(/^\s+\d{6}$/m);
    expect(note.text).toMatch(/expires, within (9|10) minutes/);

    const pending = await t.app.db
      .select()
      .from(pendingRegistrations)
      .where(eq(pendingRegistrations.email, email));
    expect(pending.map((p) => p.id)).toEqual([first.tempData.registrationId]);

    expectError(
      await verify({ email, otp: first.code, tempData: { registrationId: secondId } }),
      400,
      'Invalid or expired OTP',
    );
    const ok = await verify({ email, otp: first.code, tempData: first.tempData });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user.firstName).toBe('First');
    expect((await call('POST', '/api/auth/login', { email, password: 'first-pass-91' })).statusCode).toBe(
      200,
    );
    expectError(
      await call('POST', '/api/auth/login', { email, password: 'other-pass-92' }),
      401,
      'Invalid credentials',
    );
  });

  it('lets a registration be started again once the kept one has expired', async () => {
    const email = uniqueEmail('kept-expired');
    await start(email, 'TEACHER', { firstName: 'First', password: 'first-pass-91' });
    await t.app.db
      .update(pendingRegistrations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pendingRegistrations.email, email));
    const second = await start(email, 'TEACHER', { firstName: 'Second', password: 'other-pass-92' });
    const ok = await verify({ email, otp: second.code, tempData: second.tempData });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user.firstName).toBe('Second');
  });

  it('keeps the pending registration of the first of two simultaneous registrations with other passwords', async () => {
    const email = uniqueEmail('kept-race');
    const answers = await Promise.all(
      ['race-pass-81', 'race-pass-82'].map((password) =>
        register(registration(email, 'TEACHER', { password })),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const pending = await t.app.db
      .select()
      .from(pendingRegistrations)
      .where(eq(pendingRegistrations.email, email));
    expect(pending).toHaveLength(1);
    const codes = await t.app.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.email, email), eq(oneTimeCodes.purpose, 'REGISTER')));
    expect(codes.map((c) => c.pendingRegistrationId)).toEqual([pending[0].id]);
    // One of them was sent the code, the other a note.
    const mails = t.mailer.messages.filter((m) => m.to === email);
    expect(mails.filter((m) => /^\s+\d{6}$/m.test(m.text))).toHaveLength(1);
    expect(mails.filter((m) => /already waiting for its code/.test(m.subject))).toHaveLength(1);
  });

  it('replaces the pending registration and its code when its registrant (the same password) registers again', async () => {
    const email = uniqueEmail('again');
    const first = await start(email, 'TEACHER', { firstName: 'First' });
    const second = await start(email, 'TEACHER', { firstName: 'Second' });
    expect(second.tempData.registrationId).not.toBe(first.tempData.registrationId);
    expect(
      await t.app.db.select().from(pendingRegistrations).where(eq(pendingRegistrations.email, email)),
    ).toHaveLength(1);
    expect(
      await t.app.db
        .select()
        .from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.email, email), eq(oneTimeCodes.purpose, 'REGISTER'))),
    ).toHaveLength(1);

    if (first.code !== second.code) {
      expectError(
        await verify({ email, otp: first.code, tempData: second.tempData }),
        400,
        'Invalid or expired OTP',
      );
    }
    expectError(
      await verify({ email, otp: second.code, tempData: first.tempData }),
      400,
      'Invalid or expired OTP',
    );
    const ok = await verify({ email, otp: second.code, tempData: second.tempData });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.firstName).toBe('Second');
  });

  it('refuses a wrong code, then accepts the right one', async () => {
    const email = uniqueEmail('wrong');
    const { tempData, code } = await start(email, 'TEACHER');
    expectError(await verify({ email, otp: otherCode(code), tempData }), 400, 'Invalid or expired OTP');
    expect(await userByEmail(email)).toBeUndefined();
    expect((await verify({ email, otp: code, tempData })).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const email = uniqueEmail('expired');
    const { tempData, code } = await start(email, 'TEACHER');
    await t.app.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.email, email));
    expectError(await verify({ email, otp: code, tempData }), 400, 'Invalid or expired OTP');
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('refuses an expired pending registration', async () => {
    const email = uniqueEmail('expired-pending');
    const { tempData, code } = await start(email, 'TEACHER');
    await t.app.db
      .update(pendingRegistrations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pendingRegistrations.email, email));
    expectError(await verify({ email, otp: code, tempData }), 400, 'Invalid or expired OTP');
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('refuses a code used once already', async () => {
    const email = uniqueEmail('reuse');
    const { tempData, code } = await start(email, 'TEACHER');
    expect((await verify({ email, otp: code, tempData })).statusCode).toBe(200);
    expectError(await verify({ email, otp: code, tempData }), 400, 'Invalid or expired OTP');
  });

  it('accepts one of two simultaneous verifications with the same code', async () => {
    const email = uniqueEmail('twice');
    const { tempData, code } = await start(email, 'TEACHER');
    const results = await Promise.all([
      verify({ email, otp: code, tempData }),
      verify({ email, otp: code, tempData }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await t.app.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('kills a code after 5 wrong tries: the right code then fails too', async () => {
    const email = uniqueEmail('brute');
    const { tempData, code } = await start(email, 'TEACHER');
    for (let i = 1; i <= 4; i++) {
      expectError(await verify({ email, otp: otherCode(code, i), tempData }), 400, 'Invalid or expired OTP');
    }
    expectError(
      await verify({ email, otp: otherCode(code, 5), tempData }),
      400,
      'Too many wrong attempts. Request a new code.',
    );
    expectError(
      await verify({ email, otp: code, tempData }),
      400,
      'Too many wrong attempts. Request a new code.',
    );
    expect(await userByEmail(email)).toBeUndefined();

    // Registering again issues a fresh code that works.
    const again = await start(email, 'TEACHER');
    expect((await verify({ email, otp: again.code, tempData: again.tempData })).statusCode).toBe(200);
  });

  it('refuses tampered tempData: another registration, another email, an unknown id, extra fields', async () => {
    const mine = uniqueEmail('mine');
    const theirs = uniqueEmail('theirs');
    const a = await start(mine, 'TEACHER');
    const b = await start(theirs, 'ADMIN');

    // My email and code with someone else's registration (who chose ADMIN).
    expectError(
      await verify({ email: mine, otp: a.code, tempData: b.tempData }),
      400,
      'Invalid or expired OTP',
    );
    // My registration and code under another email.
    expectError(
      await verify({ email: theirs, otp: a.code, tempData: a.tempData }),
      400,
      'Invalid or expired OTP',
    );
    // An id that does not exist.
    expectError(
      await verify({
        email: mine,
        otp: a.code,
        tempData: { registrationId: '3b241101-e2bb-4255-8caf-4136c566a962' },
      }),
      400,
      'Invalid or expired OTP',
    );
    // Trying to slip a role in.
    expectError(
      await verify({ email: mine, otp: a.code, tempData: { ...a.tempData, role: 'ADMIN' } }),
      400,
      'Unknown field in tempData: role',
    );
    expectError(
      await verify({ email: mine, otp: a.code, tempData: { registrationId: 'not-an-id' } }),
      400,
      'Registration data is invalid. Please register again.',
    );
    expectError(
      await verify({ email: mine, otp: a.code }),
      400,
      'Registration data is missing. Please register again.',
    );
    expect(await userByEmail(mine)).toBeUndefined();
    expect(await userByEmail(theirs)).toBeUndefined();

    // The genuine pair still works afterwards, with the role chosen at registration.
    const res = await verify({ email: mine, otp: a.code, tempData: a.tempData });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('TEACHER');
  });

  it('removes the pending registration and answers 503 when the email cannot be sent', async () => {
    const email = uniqueEmail('nomail');
    const original = t.mailer.send;
    t.mailer.send = async () => {
      throw new Error('SMTP down');
    };
    try {
      const res = await call(
        'POST',
        '/api/auth/register',
        registration(email, 'TEACHER'),
        {},
        { allow5xx: true },
      );
      expectError(res, 503, /could not send the email/);
    } finally {
      t.mailer.send = original;
    }
    expect(
      await t.app.db.select().from(pendingRegistrations).where(eq(pendingRegistrations.email, email)),
    ).toHaveLength(0);
    expect(await t.app.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.email, email))).toHaveLength(0);
  });

  describe('validation messages (spec part 1 §5, registration)', () => {
    const valid = () => registration(uniqueEmail('valid'), 'TEACHER');
    const cases: [string, Record<string, unknown>, string][] = [
      ['missing first name', { firstName: undefined }, 'First name is required'],
      ['blank first name', { firstName: '   ' }, 'First name is required'],
      ['missing last name', { lastName: undefined }, 'Last name is required'],
      ['empty last name', { lastName: '' }, 'Last name is required'],
      ['missing email', { email: undefined }, 'Email is required'],
      ['email without domain', { email: 'someone@' }, 'Invalid email address'],
      ['email without dot', { email: 'someone@example' }, 'Invalid email address'],
      ['missing role', { role: undefined }, 'Role is required'],
      ['unknown role', { role: 'SUPERUSER' }, 'Role is required'],
      ['missing password', { password: undefined }, 'Password is required'],
      ['empty password', { password: '' }, 'Password is required'],
      ['short password', { password: '12345' }, 'Password must be at least 6 characters'],
      ['a number as first name', { firstName: 42 }, 'First name is required'],
      ['an unknown field', { isActive: true }, 'Unknown field: isActive'],
    ];
    it.each(cases)('%s', async (_name, change, message) => {
      const body = { ...valid(), ...change };
      const sent = t.mailer.messages.length;
      expectError(await register(body), 400, message);
      expect(t.mailer.messages.length).toBe(sent);
    });

    it('accepts a registration without a phone', async () => {
      const { phone: _phone, ...body } = valid();
      expect((await register(body)).statusCode).toBe(200);
    });

    const otpCases: [string, unknown, string][] = [
      ['missing OTP', undefined, 'OTP is required'],
      ['empty OTP', '', 'OTP is required'],
      ['five digits', '12345', 'OTP must be 6 digits'],
      ['seven digits', '1234567', 'OTP must be 6 digits'],
      ['letters', '12a456', 'OTP must be 6 digits'],
    ];
    it.each(otpCases)('verify-otp: %s', async (_name, otp, message) => {
      const res = await verify({
        email: 'someone@example.org',
        otp,
        tempData: { registrationId: '3b241101-e2bb-4255-8caf-4136c566a962' },
      });
      expectError(res, 400, message);
    });

    it('verify-otp: invalid email', async () => {
      expectError(
        await verify({
          email: 'nope',
          otp: '123456',
          tempData: { registrationId: '3b241101-e2bb-4255-8caf-4136c566a962' },
        }),
        400,
        'Invalid email address',
      );
    });
  });
});

describe('registration: first-admin bootstrap under concurrency', () => {
  let t: TestContext;
  let call: Call;
  beforeAll(async () => ({ t, call } = await authApp()));
  afterAll(() => t.close());

  it('makes exactly one of two simultaneous first ADMIN verifications active, once in the life of a programme', async () => {
    const registerTwo = async () => {
      const pending = [];
      for (const email of [uniqueEmail('first-a'), uniqueEmail('first-b')]) {
        const res = await call('POST', '/api/auth/register', registration(email, 'ADMIN'));
        expect(res.statusCode).toBe(200);
        pending.push({ email, otp: codeFromMail(t, email), tempData: res.json().data.tempData });
      }
      const results = await Promise.all(pending.map((body) => call('POST', '/api/auth/verify-otp', body)));
      expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
      return results.map((r) => r.json().user as { id: string; email: string; isActive: boolean });
    };

    const first = await registerTwo();
    expect(first.map((u) => u.isActive).sort()).toEqual([false, true]);
    // The one left inactive is announced to the one that became active.
    const active = first.find((u) => u.isActive)!;
    const waiting = first.find((u) => !u.isActive)!;
    const inbox = await t.app.db.select().from(notifications).where(eq(notifications.userId, active.id));
    expect(inbox.map((n) => n.message)).toEqual([
      `Amal Perera (${waiting.email}) registered as an administrator and is waiting for activation.`,
    ]);

    // Even with no active administrator left, the programme has had one: nobody bootstraps again.
    for (let round = 0; round < 3; round++) {
      await t.app.db.update(users).set({ isActive: false }).where(eq(users.role, 'ADMIN'));
      expect((await registerTwo()).map((u) => u.isActive)).toEqual([false, false]);
    }
  });
});

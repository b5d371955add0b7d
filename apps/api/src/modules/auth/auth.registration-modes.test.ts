import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { notifications, pendingRegistrations, users } from '../../db/schema.ts';
import { createTestApp, seedUser, uniqueEmail, type SeededUser, type TestContext } from '../../test/setup.ts';
import { authApp, type Call, client, codeFromMail, expectError, registration } from './auth.test-helpers.ts';

const WAITING = 'Your account is waiting for approval by an administrator.';
const DISABLED = 'Account disabled. Contact an administrator.';
const CLOSED =
  'Teacher accounts are created by an administrator. Please ask your administrator for an account.';

/** Registers and verifies; answers the verification. */
async function registerAndVerify(
  t: TestContext,
  call: ReturnType<typeof client>,
  email: string,
  role: 'ADMIN' | 'TEACHER',
) {
  const res = await call('POST', '/api/auth/register', registration(email, role, { firstName: 'Kamala' }));
  expect(res.statusCode, res.body).toBe(200);
  return call('POST', '/api/auth/verify-otp', {
    email,
    otp: codeFromMail(t, email),
    tempData: res.json().data.tempData,
  });
}

async function setActive(
  t: TestContext,
  call: ReturnType<typeof client>,
  admin: SeededUser,
  id: string,
  isActive: boolean,
) {
  const [row] = await t.app.db.select().from(users).where(eq(users.id, id));
  const res = await call(
    'PATCH',
    `/api/users/${id}`,
    { isActive, updatedAt: row.updatedAt.toISOString() },
    admin.auth,
  );
  expect(res.statusCode, res.body).toBe(200);
}

const login = (call: ReturnType<typeof client>, email: string, password = 'correct-horse') =>
  call('POST', '/api/auth/login', { email, password });

describe('TEACHER_REGISTRATION=approval', () => {
  let t: TestContext;
  let call: ReturnType<typeof client>;
  let admin: SeededUser;
  let inactiveAdmin: SeededUser;
  beforeAll(async () => {
    t = await createTestApp({ teacherRegistration: 'approval' });
    call = client(t);
    admin = await seedUser(t.app, { role: 'ADMIN' });
    inactiveAdmin = await seedUser(t.app, { role: 'ADMIN', isActive: false });
  });
  afterAll(() => t.close());

  it('says so in the public policy', async () => {
    const res = await call('GET', '/api/auth/policy');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      teacherRegistration: 'approval',
      passwordMinLength: 6,
      setupTokenRequired: false,
    });
  });

  it('creates a verified teacher inactive, tells them, and notifies the active administrators', async () => {
    const email = uniqueEmail('waiting-teacher');
    const res = await registerAndVerify(t, call, email, 'TEACHER');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Registration successful. Your account is waiting for approval by an administrator.',
      user: { email, role: 'TEACHER', isActive: false },
    });
    const id = res.json().user.id as string;

    const inbox = await t.app.db.select().from(notifications).where(eq(notifications.userId, admin.id));
    expect(inbox.filter((n) => n.message.includes(email))).toEqual([
      expect.objectContaining({
        type: 'GENERAL',
        title: 'New teacher awaiting approval',
        message: `Kamala Perera (${email}) registered as a teacher and is waiting for approval. Activate the account to let them sign in.`,
        isRead: false,
      }),
    ]);
    for (const other of [inactiveAdmin.id, id]) {
      expect(await t.app.db.select().from(notifications).where(eq(notifications.userId, other))).toHaveLength(
        0,
      );
    }

    // The right password learns that the account waits; a wrong one learns nothing.
    expectError(await login(call, email), 403, WAITING);
    expectError(await login(call, email, 'wrong-password'), 401, 'Invalid credentials');

    // An administrator activates the account (the users edit): then it signs in.
    await setActive(t, call, admin, id, true);
    const signedIn = await login(call, email);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user).toMatchObject({ email, isActive: true });

    // Deactivated afterwards by an administrator: disabled, not waiting.
    await setActive(t, call, admin, id, false);
    expectError(await login(call, email), 403, DISABLED);
  });

  it('tells a deactivated account apart from one waiting: an account an administrator created inactive is disabled', async () => {
    const email = uniqueEmail('created-inactive');
    const created = await call(
      'POST',
      '/api/users',
      {
        firstName: 'Made',
        lastName: 'Inactive',
        email,
        role: 'TEACHER',
        password: 'made-by-admin-1',
        isActive: false,
      },
      admin.auth,
    );
    expect(created.statusCode, created.body).toBe(201);
    expectError(await login(call, email, 'made-by-admin-1'), 403, DISABLED);

    // A waiting registration that an administrator explicitly leaves inactive is disabled too.
    const waiting = uniqueEmail('left-inactive');
    const res = await registerAndVerify(t, call, waiting, 'TEACHER');
    expectError(await login(call, waiting), 403, WAITING);
    await setActive(t, call, admin, res.json().user.id, false);
    expectError(await login(call, waiting), 403, DISABLED);
  });

  it('keeps the ADMIN rules: a later administrator waits for activation, told at sign-in as the spec says', async () => {
    const email = uniqueEmail('waiting-admin');
    const res = await registerAndVerify(t, call, email, 'ADMIN');
    expect(res.json()).toMatchObject({
      message:
        'Registration successful. Your administrator account is awaiting activation by an existing administrator.',
      user: { role: 'ADMIN', isActive: false },
    });
    expectError(await login(call, email), 403, DISABLED);
  });

  it('leaves the teachers an administrator creates active', async () => {
    const email = uniqueEmail('admin-made');
    const created = await call(
      'POST',
      '/api/users',
      { firstName: 'Made', lastName: 'Active', email, role: 'TEACHER', password: 'made-by-admin-2' },
      admin.auth,
    );
    expect(created.statusCode, created.body).toBe(201);
    expect((await login(call, email, 'made-by-admin-2')).statusCode).toBe(200);
  });
});

describe('TEACHER_REGISTRATION=closed', () => {
  let t: TestContext;
  let call: Call;
  beforeAll(async () => ({ t, call } = await authApp({ teacherRegistration: 'closed' })));
  afterAll(() => t.close());

  it('says so in the public policy', async () => {
    expect((await call('GET', '/api/auth/policy')).json()).toMatchObject({ teacherRegistration: 'closed' });
  });

  it('refuses a teacher registration with 403, sending and keeping nothing', async () => {
    const email = uniqueEmail('closed-teacher');
    const sent = t.mailer.messages.length;
    expectError(await call('POST', '/api/auth/register', registration(email, 'TEACHER')), 403, CLOSED);
    expect(t.mailer.messages.length).toBe(sent);
    expect(
      await t.app.db.select().from(pendingRegistrations).where(eq(pendingRegistrations.email, email)),
    ).toHaveLength(0);
  });

  it('keeps the ADMIN registration: the first administrator, then one who waits', async () => {
    const first = await registerAndVerify(t, call, uniqueEmail('closed-first-admin'), 'ADMIN');
    expect(first.json().user).toMatchObject({ role: 'ADMIN', isActive: true });
    const second = await registerAndVerify(t, call, uniqueEmail('closed-second-admin'), 'ADMIN');
    expect(second.json().user).toMatchObject({ role: 'ADMIN', isActive: false });
  });

  it('refuses the verification of a teacher who registered before registration was closed', async () => {
    const email = uniqueEmail('closed-late');
    t.app.config.teacherRegistration = 'open';
    let res;
    try {
      res = await call('POST', '/api/auth/register', registration(email, 'TEACHER'));
      expect(res.statusCode).toBe(200);
    } finally {
      t.app.config.teacherRegistration = 'closed';
    }
    const body = { email, otp: codeFromMail(t, email), tempData: res.json().data.tempData };
    expectError(await call('POST', '/api/auth/verify-otp', body), 403, CLOSED);
    expect(await t.app.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });
});

describe('TEACHER_REGISTRATION=open (the default, the spec flow)', () => {
  let t: TestContext;
  let call: Call;
  beforeAll(async () => ({ t, call } = await authApp()));
  afterAll(() => t.close());

  it('answers the defaults in the public policy, without a session', async () => {
    const res = await call('GET', '/api/auth/policy');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      teacherRegistration: 'open',
      passwordMinLength: 6,
      setupTokenRequired: false,
    });
  });

  it('creates a teacher active at once; one deactivated later is told the spec message', async () => {
    const admin = await seedUser(t.app, { role: 'ADMIN' });
    const email = uniqueEmail('open-teacher');
    const res = await registerAndVerify(t, call, email, 'TEACHER');
    expect(res.json()).toMatchObject({ message: 'Registration successful', user: { isActive: true } });
    expect((await login(call, email)).statusCode).toBe(200);
    await setActive(t, call, admin, res.json().user.id, false);
    expectError(await login(call, email), 403, DISABLED);
  });
});

describe('TEACHER_REGISTRATION setting', () => {
  const base = { DATA_DIR: `/tmp/csp-config-${randomUUID()}`, JWT_SECRET: 'x'.repeat(40) };

  it('defaults to open, reads any letter case, and stops the server at start on anything else', () => {
    expect(loadConfig(base).teacherRegistration).toBe('open');
    expect(loadConfig({ ...base, TEACHER_REGISTRATION: 'Approval' }).teacherRegistration).toBe('approval');
    expect(loadConfig({ ...base, TEACHER_REGISTRATION: 'closed' }).teacherRegistration).toBe('closed');
    expect(() => loadConfig({ ...base, TEACHER_REGISTRATION: 'invite' })).toThrow(
      'TEACHER_REGISTRATION must be one of open, approval, closed, got "invite"',
    );
  });
});

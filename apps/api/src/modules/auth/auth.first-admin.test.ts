import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, testConfig } from '../../config.ts';
import { pendingRegistrations } from '../../db/schema.ts';
import { createTestApp, uniqueEmail, type TestContext } from '../../test/setup.ts';
import { firstAdminSetupNotice, setupToken, setupTokenMatches } from './auth.setup.ts';
import { authApp, type Call, client, codeFromMail, expectError, registration } from './auth.test-helpers.ts';

const REQUIRED =
  'A setup token is required to register the first administrator. It is printed in the server log when the server starts.';
const WRONG = 'The setup token is not correct. Copy it from the server log and try again.';
const EMAIL_ONLY = 'The first administrator must register with the email address the server was set up for.';

function flow(t: TestContext, call: ReturnType<typeof client>) {
  const register = (email: string, role: 'ADMIN' | 'TEACHER', extra: Record<string, unknown> = {}) =>
    call('POST', '/api/auth/register', { ...registration(email, role), ...extra });
  /** Registers (expecting 200) and verifies; answers the created user. */
  const become = async (email: string, role: 'ADMIN' | 'TEACHER', extra: Record<string, unknown> = {}) => {
    const res = await register(email, role, extra);
    expect(res.statusCode, res.body).toBe(200);
    const verified = await call('POST', '/api/auth/verify-otp', {
      email,
      otp: codeFromMail(t, email.toLowerCase()),
      tempData: res.json().data.tempData,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    return verified.json().user as { role: string; isActive: boolean };
  };
  const refusedWithoutTrace = async (
    email: string,
    extra: Record<string, unknown>,
    status: number,
    message: string,
  ) => {
    const sent = t.mailer.messages.length;
    expectError(await register(email, 'ADMIN', extra), status, message);
    expect(t.mailer.messages.length).toBe(sent);
    expect(
      await t.app.db.select().from(pendingRegistrations).where(eq(pendingRegistrations.email, email)),
    ).toHaveLength(0);
  };
  return { register, become, refusedWithoutTrace };
}

describe('FIRST_ADMIN_SETUP=token', () => {
  let t: TestContext;
  let call: ReturnType<typeof client>;
  let f: ReturnType<typeof flow>;
  beforeAll(async () => {
    t = await createTestApp({ firstAdminSetup: 'token' });
    call = client(t);
    f = flow(t, call);
  });
  afterAll(() => t.close());

  it('asks for the token at register: missing 400, wrong 403, sending and keeping nothing', async () => {
    expect((await call('GET', '/api/auth/policy')).json()).toMatchObject({ setupTokenRequired: true });
    await f.refusedWithoutTrace(uniqueEmail('no-token'), {}, 400, REQUIRED);
    await f.refusedWithoutTrace(uniqueEmail('blank-token'), { setupToken: '   ' }, 400, REQUIRED);
    await f.refusedWithoutTrace(
      uniqueEmail('wrong-token'),
      { setupToken: 'AAAA-BBBB-CCCC-DDDD-EEEE-FFFF' },
      403,
      WRONG,
    );
    // Another secret's token, and the right one cut short.
    const token = setupToken(t.config.jwtSecret);
    await f.refusedWithoutTrace(
      uniqueEmail('other-token'),
      { setupToken: setupToken('y'.repeat(40)) },
      403,
      WRONG,
    );
    await f.refusedWithoutTrace(uniqueEmail('short-token'), { setupToken: token.slice(0, -1) }, 403, WRONG);
    expectError(
      await f.register(uniqueEmail('long-token'), 'ADMIN', { setupToken: 'x'.repeat(129) }),
      400,
      WRONG,
    );
  });

  it('needs no token for a teacher', async () => {
    expect((await f.become(uniqueEmail('token-teacher'), 'TEACHER')).isActive).toBe(true);
  });

  it('makes the registration with the token (any letter case, with or without dashes) the first administrator; afterwards no token is asked for', async () => {
    const token = setupToken(t.config.jwtSecret);
    const first = await f.become(uniqueEmail('token-admin'), 'ADMIN', {
      setupToken: ` ${token.replaceAll('-', '').toLowerCase()} `,
    });
    expect(first).toMatchObject({ role: 'ADMIN', isActive: true });

    expect((await call('GET', '/api/auth/policy')).json()).toMatchObject({ setupTokenRequired: false });
    const later = await f.become(uniqueEmail('later-admin'), 'ADMIN');
    expect(later).toMatchObject({ role: 'ADMIN', isActive: false });
    // The token makes no one an administrator any more.
    expect(await f.become(uniqueEmail('late-token'), 'ADMIN', { setupToken: token })).toMatchObject({
      isActive: false,
    });
  });
});

describe('FIRST_ADMIN_SETUP=token: wrong tokens count against the per-IP limit', () => {
  let t: TestContext;
  let call: Call;
  beforeAll(async () => ({ t, call } = await authApp({ firstAdminSetup: 'token', authIpLimitPerMinute: 3 })));
  afterAll(() => t.close());

  it('answers 429 after the limit, even for the right token', async () => {
    const ip = '10.9.9.9';
    const attempt = (setupToken: string) =>
      call(
        'POST',
        '/api/auth/register',
        { ...registration(uniqueEmail('guess'), 'ADMIN'), setupToken },
        {},
        { remoteAddress: ip },
      );
    for (let i = 0; i < 3; i++) expect((await attempt(`GUESS-${i}`)).statusCode).toBe(403);
    expect((await attempt(setupToken(t.config.jwtSecret))).statusCode).toBe(429);
  });
});

describe('FIRST_ADMIN_EMAIL', () => {
  let t: TestContext;
  let call: ReturnType<typeof client>;
  let f: ReturnType<typeof flow>;
  const chosen = uniqueEmail('chosen-admin');
  beforeAll(async () => {
    t = await createTestApp({ firstAdminEmail: chosen });
    call = client(t);
    f = flow(t, call);
  });
  afterAll(() => t.close());

  it('refuses the first ADMIN registration of another email, and lets that email become it', async () => {
    expect((await call('GET', '/api/auth/policy')).json()).toMatchObject({ setupTokenRequired: false });
    await f.refusedWithoutTrace(uniqueEmail('someone-else'), {}, 403, EMAIL_ONLY);
    expect((await f.become(uniqueEmail('email-teacher'), 'TEACHER')).isActive).toBe(true);
    expect(await f.become(chosen.toUpperCase(), 'ADMIN')).toMatchObject({ role: 'ADMIN', isActive: true });
    // After the bootstrap the setting has no effect: another email registers and waits.
    expect(await f.become(uniqueEmail('after-chosen'), 'ADMIN')).toMatchObject({ isActive: false });
  });

  it('is checked at verification too (a registration made before the setting)', async () => {
    const other = await createTestApp();
    try {
      const otherCall = client(other);
      const email = uniqueEmail('before-setting');
      const res = await otherCall('POST', '/api/auth/register', registration(email, 'ADMIN'));
      expect(res.statusCode).toBe(200);
      other.app.config.firstAdminEmail = uniqueEmail('set-later');
      const verified = await otherCall('POST', '/api/auth/verify-otp', {
        email,
        otp: codeFromMail(other, email),
        tempData: res.json().data.tempData,
      });
      expect(verified.json().user).toMatchObject({ role: 'ADMIN', isActive: false });
    } finally {
      await other.close();
    }
  });
});

describe('FIRST_ADMIN_SETUP=token with FIRST_ADMIN_EMAIL', () => {
  let t: TestContext;
  let f: ReturnType<typeof flow>;
  const chosen = uniqueEmail('both-admin');
  beforeAll(async () => {
    t = await createTestApp({ firstAdminSetup: 'token', firstAdminEmail: chosen });
    f = flow(t, client(t));
  });
  afterAll(() => t.close());

  it('asks for both; the token first, so that without it nothing tells which email is the one', async () => {
    const token = setupToken(t.config.jwtSecret);
    await f.refusedWithoutTrace(uniqueEmail('both-other'), { setupToken: 'wrong' }, 403, WRONG);
    await f.refusedWithoutTrace(chosen, { setupToken: 'wrong' }, 403, WRONG);
    await f.refusedWithoutTrace(uniqueEmail('both-other'), { setupToken: token }, 403, EMAIL_ONLY);
    expect(await f.become(chosen, 'ADMIN', { setupToken: token })).toMatchObject({ isActive: true });
  });
});

describe('FIRST_ADMIN_SETUP=open (the default, the spec flow)', () => {
  let t: TestContext;
  let f: ReturnType<typeof flow>;
  beforeAll(async () => {
    t = await createTestApp();
    f = flow(t, client(t));
  });
  afterAll(() => t.close());

  it('makes the first ADMIN registration the administrator without a token; a token sent anyway is ignored', async () => {
    expect(await f.become(uniqueEmail('open-admin'), 'ADMIN')).toMatchObject({ isActive: true });
    expect(await f.become(uniqueEmail('open-later'), 'ADMIN', { setupToken: 'anything' })).toMatchObject({
      isActive: false,
    });
  });
});

describe('the setup token and what the server prints at start', () => {
  const secret = 's'.repeat(40);

  it('is 24 base32 characters in groups of four, the same for the same secret, another for another', () => {
    const token = setupToken(secret);
    expect(token).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){5}$/);
    expect(setupToken(secret)).toBe(token);
    expect(setupToken('t'.repeat(40))).not.toBe(token);
    expect(setupTokenMatches(secret, token)).toBe(true);
    expect(setupTokenMatches(secret, token.replaceAll('-', ' ').toLowerCase())).toBe(true);
    expect(setupTokenMatches(secret, token.slice(0, 20))).toBe(false);
    expect(setupTokenMatches(secret, '')).toBe(false);
  });

  it('prints the token as a warning while there is no administrator, with FIRST_ADMIN_SETUP=token', () => {
    const config = testConfig({
      jwtSecret: secret,
      firstAdminSetup: 'token',
      publicUrl: 'https://csp.example.org',
    });
    expect(firstAdminSetupNotice(config, false)).toEqual({
      level: 'warn',
      message: `No administrator yet. Register the first administrator at https://csp.example.org/register with the role ADMIN and this setup token: ${setupToken(secret)}`,
    });
    expect(
      firstAdminSetupNotice({ ...config, firstAdminEmail: 'boss@example.org' }, false)?.message,
    ).toContain('first administrator with the email boss@example.org at');
    expect(firstAdminSetupNotice(config, true)).toBeUndefined();
  });

  it('prints a note without a token in open mode, and nothing once there is an administrator', () => {
    const config = testConfig({ jwtSecret: secret, publicUrl: 'https://csp.example.org' });
    const notice = firstAdminSetupNotice(config, false);
    expect(notice?.level).toBe('info');
    expect(notice?.message).toBe(
      'No administrator yet: the first ADMIN registration at https://csp.example.org/register becomes the administrator (FIRST_ADMIN_SETUP=token asks for a setup token).',
    );
    expect(notice?.message).not.toContain(setupToken(secret));
    expect(firstAdminSetupNotice(config, true)).toBeUndefined();
  });
});

describe('FIRST_ADMIN_SETUP and FIRST_ADMIN_EMAIL settings', () => {
  const base = { DATA_DIR: `/tmp/csp-config-${randomUUID()}`, JWT_SECRET: 'x'.repeat(40) };

  it('default to open and none; anything else stops the server at start', () => {
    expect(loadConfig(base)).toMatchObject({ firstAdminSetup: 'open', firstAdminEmail: undefined });
    expect(
      loadConfig({ ...base, FIRST_ADMIN_SETUP: 'TOKEN', FIRST_ADMIN_EMAIL: ' Boss@Example.org ' }),
    ).toMatchObject({ firstAdminSetup: 'token', firstAdminEmail: 'boss@example.org' });
    expect(() => loadConfig({ ...base, FIRST_ADMIN_SETUP: 'secret' })).toThrow(
      'FIRST_ADMIN_SETUP must be one of open, token, got "secret"',
    );
    expect(() => loadConfig({ ...base, FIRST_ADMIN_EMAIL: 'boss@' })).toThrow(
      'FIRST_ADMIN_EMAIL must be an email address, got "boss@"',
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser, uniqueEmail, type TestContext } from '../../test/setup.ts';
import { authApp, type Call, codeFromMail, expectError, registration } from './auth.test-helpers.ts';

function expectRetryAfter(res: { headers: Record<string, unknown> }, maxSeconds: number) {
  const value = Number(res.headers['retry-after']);
  expect(Number.isInteger(value)).toBe(true);
  expect(value).toBeGreaterThanOrEqual(1);
  expect(value).toBeLessThanOrEqual(maxSeconds);
}

describe('rate limit per client IP on the public auth calls', () => {
  let t: TestContext;
  let call: Call;
  beforeAll(async () => ({ t, call } = await authApp({ authIpLimitPerMinute: 3 })));
  afterAll(() => t.close());

  it('answers 429 with Retry-After once an IP is over the limit; other IPs and signed-in calls go on', async () => {
    const user = await seedUser(t.app);
    const ip = '10.0.0.1';
    const bodies = [
      ['/api/auth/login', { email: user.email, password: 'wrong-password' }],
      ['/api/auth/forgot-password', { email: user.email }],
      ['/api/auth/reset-password', { email: user.email, otp: '123456', newPassword: 'whatever' }],
    ] as const;
    for (const [url, body] of bodies) {
      const res = await call('POST', url, body, {}, { remoteAddress: ip });
      expect(res.statusCode).not.toBe(429);
    }
    // Every public call counts against the same budget, whatever it answered.
    for (const url of ['/api/auth/login', '/api/auth/register', '/api/auth/verify-otp']) {
      const res = await call('POST', url, {}, {}, { remoteAddress: ip });
      expectError(
        res,
        429,
        /^Too many requests from your network\. Please wait (\d+ seconds?|1 minute) and try again\.$/,
      );
      expectRetryAfter(res, 60);
    }
    // Even the right password waits.
    const blocked = await call(
      'POST',
      '/api/auth/login',
      { email: user.email, password: user.password },
      {},
      { remoteAddress: ip },
    );
    expect(blocked.statusCode).toBe(429);

    const elsewhere = await call(
      'POST',
      '/api/auth/login',
      { email: user.email, password: user.password },
      {},
      { remoteAddress: '10.0.0.2' },
    );
    expect(elsewhere.statusCode).toBe(200);

    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/profile',
        headers: user.auth,
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('rate limits per email: failed sign-ins and code emails', () => {
  let t: TestContext;
  let call: Call;
  beforeAll(async () => ({ t, call } = await authApp({ loginFailuresPer15Min: 3, codeSendsPerHour: 2 })));
  afterAll(() => t.close());

  const login = (email: string, password: string) => call('POST', '/api/auth/login', { email, password });

  it('blocks an email after too many failed sign-ins, even with the right password', async () => {
    const user = await seedUser(t.app);
    for (let i = 0; i < 3; i++)
      expectError(await login(user.email, 'wrong-password'), 401, 'Invalid credentials');
    const res = await login(user.email, user.password);
    expectError(
      res,
      429,
      /^Too many failed sign-in attempts for this email\. Please try again in 1[45] minutes\.$/,
    );
    expectRetryAfter(res, 15 * 60);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(14 * 60);

    // Another email is not affected.
    const other = await seedUser(t.app);
    expect((await login(other.email, other.password)).statusCode).toBe(200);
  });

  it('counts unknown emails too, and forgets the failures after a successful sign-in', async () => {
    const unknown = uniqueEmail('ghost');
    for (let i = 0; i < 3; i++) expect((await login(unknown, 'wrong-password')).statusCode).toBe(401);
    expect((await login(unknown, 'wrong-password')).statusCode).toBe(429);

    const user = await seedUser(t.app);
    await login(user.email, 'wrong-password');
    await login(user.email, 'wrong-password');
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    await login(user.email, 'wrong-password');
    await login(user.email, 'wrong-password');
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('counts wrong current passwords on change-password against the same limit', async () => {
    const user = await seedUser(t.app);
    const change = (currentPassword: string) =>
      call('PATCH', '/api/auth/change-password', { currentPassword, newPassword: 'brand-new-pw' }, user.auth);
    for (let i = 0; i < 3; i++) {
      expectError(await change('wrong-password'), 400, 'Current password is incorrect');
    }
    const res = await change(user.password);
    expectError(res, 429, /^Too many wrong password attempts\. Please try again in \d+ minutes\.$/);
    expectRetryAfter(res, 15 * 60);
    expect((await login(user.email, user.password)).statusCode).toBe(429);
  });

  it('limits code emails per address across register and forgot-password', async () => {
    const email = uniqueEmail('codes');
    expect((await call('POST', '/api/auth/register', registration(email, 'TEACHER'))).statusCode).toBe(200);
    const second = await call('POST', '/api/auth/register', registration(email, 'TEACHER'));
    expect(second.statusCode).toBe(200);
    const third = await call('POST', '/api/auth/register', registration(email, 'TEACHER'));
    expectError(
      third,
      429,
      /^Too many codes have been sent to this email\. Please try again in \d+ minutes\.$/,
    );
    expectRetryAfter(third, 3600);
    expect(t.mailer.messages.filter((m) => m.to === email)).toHaveLength(2);

    // The refused request changed nothing: the second code still completes the registration.
    const verified = await call('POST', '/api/auth/verify-otp', {
      email,
      otp: codeFromMail(t, email),
      tempData: second.json().data.tempData,
    });
    expect(verified.statusCode).toBe(200);

    const forgot = await call('POST', '/api/auth/forgot-password', { email });
    expect(forgot.statusCode).toBe(429);
  });

  it('answers forgot-password the same for a known and an unknown email, also at the limit', async () => {
    const user = await seedUser(t.app);
    const unknown = uniqueEmail('nobody');
    const known: number[] = [];
    const ghost: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push((await call('POST', '/api/auth/forgot-password', { email: user.email })).statusCode);
      ghost.push((await call('POST', '/api/auth/forgot-password', { email: unknown })).statusCode);
    }
    expect(known).toEqual([200, 200, 429]);
    expect(ghost).toEqual(known);
    expect(t.mailer.messages.filter((m) => m.to === user.email)).toHaveLength(2);
    expect(t.mailer.messages.filter((m) => m.to === unknown)).toHaveLength(0);
  });
});

/** Helpers shared by the auth test files (not a test file itself). */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createTestApp, type TestContext } from '../../test/setup.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Things no response may ever contain. */
const SECRET_PATTERNS = [
  /\$argon2/i,
  /"(password|passwordHash|password_hash|codeHash|code_hash|otp|tokenVersion|token_version)"\s*:/i,
];

export function assertNoSecrets(res: LightMyRequestResponse, extra: string[] = []) {
  for (const pattern of SECRET_PATTERNS) expect(res.body).not.toMatch(pattern);
  for (const value of extra) expect(res.body).not.toContain(value);
}

/**
 * app.inject with JSON; every answer is checked for leaked secrets and for never being a 5xx (except
 * where a test asks for one).
 */
export function client(t: TestContext) {
  return async function call(
    method: Method,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
    opts: { remoteAddress?: string; allow5xx?: boolean } = {},
  ): Promise<LightMyRequestResponse> {
    const res = await t.app.inject({
      method,
      url,
      ...(body === undefined ? {} : { payload: body as object }),
      headers,
      remoteAddress: opts.remoteAddress,
    });
    assertNoSecrets(res, sentCodes(t));
    if (!opts.allow5xx) expect(res.statusCode, res.body).toBeLessThan(500);
    return res;
  };
}

export type Call = ReturnType<typeof client>;

/** A test app of a describe block's own (with `overrides` of the test configuration) and its caller. */
export async function authApp(
  overrides?: Parameters<typeof createTestApp>[0],
): Promise<{ t: TestContext; call: Call }> {
  const t = await createTestApp(overrides);
  return { t, call: client(t) };
}

/** Every code mailed so far (they must never come back in a response). */
function sentCodes(t: TestContext): string[] {
  return t.mailer.messages.map((m) => /^\s+(\d{6})$/m.exec(m.text)?.[1]).filter((c): c is string => !!c);
}

/** The code in the newest email to this address. */
export function codeFromMail(t: TestContext, email: string): string {
  const mail = t.mailer.lastTo(email);
  expect(mail, `an email to ${email}`).toBeDefined();
  const match = /^\s+(\d{6})$/m.exec(mail!.text);
  expect(match, 'a 6-digit code in the email').not.toBeNull();
  return match![1];
}

/** A 6-digit code different from `code`. */
export const otherCode = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, '0');

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function expectError(res: LightMyRequestResponse, statusCode: number, message: string | RegExp) {
  expect(res.statusCode, res.body).toBe(statusCode);
  const body = res.json();
  expect(body.statusCode).toBe(statusCode);
  expect(typeof body.error).toBe('string');
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
}

export interface Registration {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone?: string;
  role: 'ADMIN' | 'TEACHER';
}

export function registration(email: string, role: 'ADMIN' | 'TEACHER', extra: Partial<Registration> = {}) {
  return {
    email,
    password: 'correct-horse',
    firstName: role === 'ADMIN' ? 'Amal' : 'Tharu',
    lastName: 'Perera',
    phone: '+94 77 123 4567',
    role,
    ...extra,
  } satisfies Registration;
}

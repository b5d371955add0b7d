import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedUser, type TestContext } from '../test/setup.ts';
import { keyFor } from './keys.ts';

/** An HS256 JWT signed with `key`, made by hand so that the test does not trust the app's own signer. */
function hs256(claims: object, key: string | Buffer): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

/** The server secret itself signs nothing: each use has its own derived key (lib/keys.ts). */
describe('one key per purpose, through the API', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const profile = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: { authorization: `Bearer ${token}` } });

  it('accepts a session token signed with the session key, and refuses one signed with the raw secret or another purpose’s key', async () => {
    const user = await seedUser(t.app);
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: user.id, ver: 0, sid: randomUUID(), iat: now, exp: now + 3600 };
    const secret = t.config.jwtSecret;

    expect((await profile(hs256(claims, keyFor(secret, 'session-token')))).statusCode).toBe(200);
    for (const key of [secret, keyFor(secret, 'file-link'), keyFor(secret, 'one-time-code')]) {
      expect((await profile(hs256(claims, key))).statusCode).toBe(401);
    }
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles, users } from '../../db/schema.ts';
import { seedUser, uniqueEmail, type TestContext } from '../../test/setup.ts';
import { authApp, type Call, bearer, expectError } from './auth.test-helpers.ts';

describe('auth: login, profile and password change', () => {
  let t: TestContext;
  let call: Call;
  beforeAll(async () => ({ t, call } = await authApp()));
  afterAll(() => t.close());

  const login = (body: unknown) => call('POST', '/api/auth/login', body);
  const userRow = async (id: string) => {
    const [row] = await t.app.db.select().from(users).where(eq(users.id, id));
    return row;
  };

  describe('POST /api/auth/login', () => {
    it('answers { access_token, user } and the token opens the profile', async () => {
      const teacher = await seedUser(t.app, { firstName: 'Tara', lastName: 'Fernando' });
      const res = await login({ email: teacher.email, password: teacher.password });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['access_token', 'user']);
      expect(body.user).toEqual({
        id: teacher.id,
        email: teacher.email,
        firstName: 'Tara',
        lastName: 'Fernando',
        phone: null,
        role: 'TEACHER',
        isActive: true,
        profilePicture: null,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });
      const profile = await call('GET', '/api/auth/profile', undefined, bearer(body.access_token));
      expect(profile.statusCode).toBe(200);
      expect(profile.json().id).toBe(teacher.id);
    });

    it('ignores the case and surrounding spaces of the email', async () => {
      const admin = await seedUser(t.app, { role: 'ADMIN' });
      const res = await login({ email: `  ${admin.email.toUpperCase()} `, password: admin.password });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.role).toBe('ADMIN');
    });

    it("answers 401 'Invalid credentials' alike for a wrong password and an unknown email", async () => {
      const teacher = await seedUser(t.app);
      const wrong = await login({ email: teacher.email, password: 'wrong-password' });
      const unknown = await login({ email: uniqueEmail('nobody'), password: 'wrong-password' });
      expectError(wrong, 401, 'Invalid credentials');
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toEqual(wrong.json());
    });

    it("refuses an inactive account with 'Account disabled' (only after the right password)", async () => {
      const inactive = await seedUser(t.app, { isActive: false });
      const res = await login({ email: inactive.email, password: inactive.password });
      expectError(res, 403, /Account disabled/);
      expect(res.json().message).toBe('Account disabled. Contact an administrator.');
      expectError(
        await login({ email: inactive.email, password: 'wrong-password' }),
        401,
        'Invalid credentials',
      );
    });

    it('refuses a soft-deleted account as invalid credentials', async () => {
      const gone = await seedUser(t.app);
      await t.app.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
      expectError(await login({ email: gone.email, password: gone.password }), 401, 'Invalid credentials');
    });

    const cases: [string, unknown, string][] = [
      ['missing email', { password: 'secret123' }, 'Email is required'],
      ['empty email', { email: '', password: 'secret123' }, 'Email is required'],
      ['blank email', { email: '   ', password: 'secret123' }, 'Email is required'],
      [
        'email without at sign',
        { email: 'someone', password: 'secret123' },
        'Please enter a valid email address',
      ],
      [
        'email with a space',
        { email: 'some one@x.org', password: 'secret123' },
        'Please enter a valid email address',
      ],
      ['missing password', { email: 'a@b.org' }, 'Password is required'],
      ['empty password', { email: 'a@b.org', password: '' }, 'Password is required'],
      ['short password', { email: 'a@b.org', password: '12345' }, 'Password must be at least 6 characters'],
      ['number as password', { email: 'a@b.org', password: 123456 }, 'Password is required'],
      ['unknown field', { email: 'a@b.org', password: 'secret123', role: 'ADMIN' }, 'Unknown field: role'],
      ['huge email', { email: `${'a'.repeat(10_000)}@b.org`, password: 'secret123' }, 'Email is too long'],
      [
        'huge password',
        { email: 'a@b.org', password: 'p'.repeat(10_000) },
        'Password must be at most 128 characters',
      ],
      ['an array body', [{ email: 'a@b.org' }], 'The request body must be a JSON object'],
    ];
    it.each(cases)('400 for %s', async (_name, body, message) => {
      expectError(await login(body), 400, message);
    });

    it('400 for malformed JSON and for a missing body, never 500', async () => {
      const malformed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": "a@b.org", "password": ',
      });
      expectError(malformed, 400, 'The request body is not valid JSON');
      const empty = await t.app.inject({ method: 'POST', url: '/api/auth/login' });
      expect(empty.statusCode).toBe(400);
    });
  });

  describe('GET and PATCH /api/auth/profile', () => {
    it('needs a valid token', async () => {
      expect((await call('GET', '/api/auth/profile')).statusCode).toBe(401);
      expect((await call('GET', '/api/auth/profile', undefined, bearer('not.a.token'))).statusCode).toBe(401);
      expect(
        (await call('PATCH', '/api/auth/profile', { firstName: 'X' }, bearer('not.a.token'))).statusCode,
      ).toBe(401);
    });

    it('answers the signed-in user', async () => {
      const admin = await seedUser(t.app, { role: 'ADMIN', firstName: 'Ada', lastName: 'Lovelace' });
      const res = await call('GET', '/api/auth/profile', undefined, admin.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: admin.id,
        email: admin.email,
        firstName: 'Ada',
        lastName: 'Lovelace',
        role: 'ADMIN',
        isActive: true,
        profilePicture: null,
      });
    });

    it('updates names (trimmed) and phone, and clears the phone with an empty value', async () => {
      const teacher = await seedUser(t.app);
      const res = await call(
        'PATCH',
        '/api/auth/profile',
        { firstName: '  Kamala ', lastName: 'Jayasuriya', phone: '077 123 4567' },
        teacher.auth,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        firstName: 'Kamala',
        lastName: 'Jayasuriya',
        phone: '077 123 4567',
      });
      const row = await userRow(teacher.id);
      expect([row.firstName, row.lastName, row.phone]).toEqual(['Kamala', 'Jayasuriya', '077 123 4567']);

      const cleared = await call('PATCH', '/api/auth/profile', { phone: '' }, teacher.auth);
      expect(cleared.json()).toMatchObject({ firstName: 'Kamala', phone: null });
      expect((await userRow(teacher.id)).phone).toBeNull();
    });

    it('refuses role, email and other fields in the body and changes nothing', async () => {
      const teacher = await seedUser(t.app, { firstName: 'Same' });
      const before = await userRow(teacher.id);
      const attempts: [Record<string, unknown>, string][] = [
        [{ firstName: 'Changed', role: 'ADMIN' }, 'Unknown field: role'],
        [{ firstName: 'Changed', email: 'new@example.org' }, 'Unknown field: email'],
        [{ isActive: false }, 'Unknown field: isActive'],
        [{ tokenVersion: 9, createdAt: '2020-01-01' }, 'Unknown fields: tokenVersion, createdAt'],
      ];
      for (const [body, message] of attempts) {
        expectError(await call('PATCH', '/api/auth/profile', body, teacher.auth), 400, message);
      }
      const after = await userRow(teacher.id);
      expect(after).toEqual(before);
    });

    const invalid: [string, Record<string, unknown>, string][] = [
      ['empty first name', { firstName: '' }, 'First name is required'],
      ['blank last name', { lastName: '   ' }, 'Last name is required'],
      ['null first name', { firstName: null }, 'First name is required'],
      ['huge first name', { firstName: 'x'.repeat(5000) }, 'First name must be at most 100 characters'],
      ['letters in phone', { phone: 'call me' }, 'Phone may contain only digits, spaces and + ( ) -'],
      [
        'a picture URL',
        { profilePicture: 'https://evil.example/x.png' },
        'profilePicture can only be cleared here; upload a picture instead',
      ],
    ];
    it.each(invalid)('400 for %s', async (_name, body, message) => {
      const teacher = await seedUser(t.app);
      const before = await userRow(teacher.id);
      expectError(await call('PATCH', '/api/auth/profile', body, teacher.auth), 400, message);
      expect(await userRow(teacher.id)).toEqual(before);
    });

    it('shows the picture as a signed link, and profilePicture: null removes it with its stored file', async () => {
      const teacher = await seedUser(t.app);
      const [file] = await t.app.db
        .insert(storedFiles)
        .values({
          storageKey: `test/${teacher.id}.png`,
          originalName: 'me.png',
          mimeType: 'image/png',
          sizeBytes: 3,
          purpose: 'profile-picture',
          ownerId: teacher.id,
        })
        .returning();
      await t.app.db.update(users).set({ profilePictureFileId: file.id }).where(eq(users.id, teacher.id));

      const shown = await call('GET', '/api/auth/profile', undefined, teacher.auth);
      expect(shown.json().profilePicture).toMatch(
        new RegExp(
          `^/api/files/${file.id}\\?u=${teacher.id}&s=[0-9a-f-]{36}&v=0&expires=\\d+&sig=[A-Za-z0-9_-]{43}$`,
        ),
      );

      const res = await call('PATCH', '/api/auth/profile', { profilePicture: null }, teacher.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json().profilePicture).toBeNull();
      expect((await userRow(teacher.id)).profilePictureFileId).toBeNull();
      expect(await t.app.db.select().from(storedFiles).where(eq(storedFiles.id, file.id))).toHaveLength(0);
    });

    it('answers the unchanged user for an empty body', async () => {
      const teacher = await seedUser(t.app, { firstName: 'Kept' });
      const res = await call('PATCH', '/api/auth/profile', {}, teacher.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json().firstName).toBe('Kept');
    });
  });

  describe('PATCH /api/auth/change-password', () => {
    const change = (auth: Record<string, string>, body: unknown) =>
      call('PATCH', '/api/auth/change-password', body, auth);

    it('changes the password, kills older tokens and hands the caller a new one', async () => {
      const teacher = await seedUser(t.app);
      const otherSession = (await login({ email: teacher.email, password: teacher.password })).json()
        .access_token as string;

      const res = await change(teacher.auth, {
        currentPassword: teacher.password,
        newPassword: 'brand-new-pw',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: 'Password changed successfully',
        access_token: expect.any(String),
      });
      const fresh = res.json().access_token as string;

      // Every earlier token is dead: the seeded one and another session's.
      expectError(await call('GET', '/api/auth/profile', undefined, teacher.auth), 401, /sign in again/);
      expect((await call('GET', '/api/auth/profile', undefined, bearer(otherSession))).statusCode).toBe(401);
      // The caller's session continues with the new token.
      expect((await call('GET', '/api/auth/profile', undefined, bearer(fresh))).statusCode).toBe(200);

      expectError(
        await login({ email: teacher.email, password: teacher.password }),
        401,
        'Invalid credentials',
      );
      expect((await login({ email: teacher.email, password: 'brand-new-pw' })).statusCode).toBe(200);
      expect((await userRow(teacher.id)).passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    });

    it("answers 400 'Current password is incorrect' and changes nothing", async () => {
      const teacher = await seedUser(t.app);
      const before = await userRow(teacher.id);
      expectError(
        await change(teacher.auth, { currentPassword: 'not-my-password', newPassword: 'brand-new-pw' }),
        400,
        'Current password is incorrect',
      );
      expect(await userRow(teacher.id)).toEqual(before);
      expect((await call('GET', '/api/auth/profile', undefined, teacher.auth)).statusCode).toBe(200);
    });

    const cases: [string, Record<string, unknown>, string][] = [
      ['missing current password', { newPassword: 'brand-new-pw' }, 'Current password is required'],
      [
        'empty current password',
        { currentPassword: '', newPassword: 'brand-new-pw' },
        'Current password is required',
      ],
      ['missing new password', { currentPassword: 'secret123' }, 'New password is required'],
      ['empty new password', { currentPassword: 'secret123', newPassword: '' }, 'New password is required'],
      [
        'short new password',
        { currentPassword: 'secret123', newPassword: '12345' },
        'New password must be at least 6 characters long',
      ],
      [
        'unknown field',
        { currentPassword: 'secret123', newPassword: 'brand-new-pw', confirmPassword: 'x' },
        'Unknown field: confirmPassword',
      ],
    ];
    it.each(cases)('400 for %s', async (_name, body, message) => {
      const teacher = await seedUser(t.app);
      expectError(await change(teacher.auth, body), 400, message);
      expect((await call('GET', '/api/auth/profile', undefined, teacher.auth)).statusCode).toBe(200);
    });

    it('needs a valid token', async () => {
      expect(
        (
          await call('PATCH', '/api/auth/change-password', {
            currentPassword: 'secret123',
            newPassword: 'abcdef',
          })
        ).statusCode,
      ).toBe(401);
    });
  });

  it('documents every auth call in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const paths = Object.keys(doc.paths);
    for (const p of [
      '/api/auth/login',
      '/api/auth/register',
      '/api/auth/verify-otp',
      '/api/auth/forgot-password',
      '/api/auth/reset-password',
      '/api/auth/profile',
      '/api/auth/change-password',
    ]) {
      expect(paths).toContain(p);
    }
    expect(Object.keys(doc.paths['/api/auth/profile'])).toEqual(expect.arrayContaining(['get', 'patch']));
  });
});

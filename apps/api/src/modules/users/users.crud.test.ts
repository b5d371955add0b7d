import { addDays, todayIn } from '@csp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { students, users } from '../../db/schema.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { createTestApp, seedUser, uniqueEmail, type SeededUser, type TestContext } from '../../test/setup.ts';

let t: TestContext;
let admin: SeededUser;
let teacher: SeededUser;
let seq = 0;

const today = todayIn('Asia/Colombo');
const yearsAgo = (n: number) => addDays(`${Number(today.slice(0, 4)) - n}${today.slice(4)}`, -10);
/** A word no other row contains, so list assertions ignore users made by other tests. */
const marker = () => `Zq${Date.now().toString(36)}x${++seq}`;
const UNKNOWN_ID = '6f1c2a8e-1d2b-4c3d-8e9f-0a1b2c3d4e5f';

beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t.app, { role: 'ADMIN' });
  teacher = await seedUser(t.app, { role: 'TEACHER' });
});
afterAll(() => t.close());

type Who = SeededUser | null;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: Who, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: who ? who.auth : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const list = (query: string, who: Who = admin) => call('GET', `/api/users${query}`, who);
const get = (id: string, who: Who = admin) => call('GET', `/api/users/${id}`, who);
const create = (body: Record<string, unknown>, who: Who = admin) => call('POST', '/api/users', who, body);
const patch = (id: string, body: Record<string, unknown>, who: Who = admin) =>
  call('PATCH', `/api/users/${id}`, who, body);
const remove = (id: string, who: Who = admin) => call('DELETE', `/api/users/${id}`, who);

const newUser = (over: Record<string, unknown> = {}) => ({
  firstName: 'Nimal',
  lastName: 'Silva',
  email: uniqueEmail('new'),
  phone: '+94 77 123 4567',
  role: 'TEACHER',
  password: 'secret123',
  ...over,
});

/** Inserts n students assigned to the teacher, straight into the database. */
async function giveStudents(
  teacherId: string,
  n: number,
  over: Partial<typeof students.$inferInsert> = {},
): Promise<string[]> {
  if (n === 0) return [];
  const rows = await t.app.db
    .insert(students)
    .values(
      Array.from({ length: n }, (_, i) => ({
        studentId: `U-${marker()}-${i}`,
        firstName: `Kid${String(i).padStart(2, '0')}`,
        lastName: 'Perera',
        dateOfBirth: yearsAgo(4),
        category: 'CENTER_BASE' as const,
        assignedTeacherId: teacherId,
        ...over,
      })),
    )
    .returning({ id: students.id });
  return rows.map((r) => r.id);
}

const profileStatus = async (who: SeededUser) => (await call('GET', '/api/auth/profile', who)).statusCode;

describe('permissions', () => {
  const endpoints = () =>
    [
      ['GET', '/api/users', undefined],
      ['POST', '/api/users', newUser()],
      ['GET', `/api/users/${admin.id}`, undefined],
      ['PATCH', `/api/users/${admin.id}`, { firstName: 'Hacked' }],
      ['DELETE', `/api/users/${admin.id}`, undefined],
    ] as const;

  it('refuses a teacher with 403 on every endpoint, changing nothing', async () => {
    for (const [method, url, body] of endpoints()) {
      const res = await call(method, url, teacher, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe('Only administrators can do this');
    }
    const [row] = await t.app.db.select().from(users).where(eq(users.id, admin.id));
    expect(row.firstName).toBe('Ada');
    expect(row.deletedAt).toBeNull();
  });

  it('refuses a caller without a token (or with a bad one) with 401', async () => {
    for (const [method, url, body] of endpoints()) {
      expect((await call(method, url, null, body)).statusCode, `${method} ${url}`).toBe(401);
      const bad = await t.app.inject({
        method,
        url,
        headers: { authorization: 'Bearer not.a.token' },
        ...(body ? { payload: body } : {}),
      });
      expect(bad.statusCode).toBe(401);
    }
  });
});

describe('POST /api/users', () => {
  it('creates an active user with a hashed password who can sign in', async () => {
    const body = newUser({ email: `  ${uniqueEmail('Mixed').toUpperCase()} ` });
    const res = await create(body);
    expect(res.statusCode).toBe(201);
    const user = res.json();
    const email = (body.email as string).trim().toLowerCase();
    expect(user).toMatchObject({
      email,
      firstName: 'Nimal',
      lastName: 'Silva',
      phone: '+94 77 123 4567',
      role: 'TEACHER',
      isActive: true,
      profilePicture: null,
      assignedStudentsCount: 0,
      assignedStudents: [],
    });
    expect(user).not.toHaveProperty('password');
    expect(user).not.toHaveProperty('passwordHash');
    expect(new Date(user.createdAt).toString()).not.toBe('Invalid Date');

    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row.passwordHash).not.toContain('secret123');
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row.passwordHash, 'secret123')).toBe(true);

    const login = await call('POST', '/api/auth/login', null, { email, password: 'secret123' });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.id).toBe(user.id);
  });

  it('creates an admin without a phone, and an inactive user when isActive is false', async () => {
    const { phone: _phone, ...noPhone } = newUser({ role: 'ADMIN' });
    const a = await create(noPhone);
    expect(a.statusCode).toBe(201);
    expect(a.json()).toMatchObject({ role: 'ADMIN', phone: null, isActive: true });

    const inactive = await create(newUser({ isActive: false, phone: '' }));
    expect(inactive.statusCode).toBe(201);
    expect(inactive.json()).toMatchObject({ isActive: false, phone: null });
  });

  it('refuses a duplicate email with 409, also when the holder is deleted or differs in case', async () => {
    const first = await create(newUser());
    const email: string = first.json().email;
    const again = await create(newUser({ email: email.toUpperCase(), firstName: 'Other' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'An account with this email already exists',
    });

    expect((await remove(first.json().id)).statusCode).toBe(200);
    const afterDelete = await create(newUser({ email }));
    expect(afterDelete.statusCode).toBe(409);
    expect(afterDelete.json().message).toBe('An account with this email already exists');
  });

  it.each([
    [{ firstName: undefined }, 'First name is required'],
    [{ firstName: '   ' }, 'First name is required'],
    [{ lastName: '' }, 'Last name is required'],
    [{ lastName: undefined }, 'Last name is required'],
    [{ email: undefined }, 'Email is required'],
    [{ email: 'not-an-email' }, 'Invalid email address'],
    [{ email: 'a@b' }, 'Invalid email address'],
    [{ role: undefined }, 'Role is required'],
    [{ role: 'SUPERUSER' }, 'Role is required'],
    [{ password: undefined }, 'Password is required'],
    [{ password: '' }, 'Password is required'],
    [{ password: '12345' }, 'Password must be at least 6 characters'],
    [{ password: 'x'.repeat(129) }, 'Password must be at most 128 characters'],
    [{ firstName: 'x'.repeat(5000) }, 'First name must be at most 100 characters'],
    [{ email: `${'x'.repeat(300)}@example.org` }, 'Email is too long'],
    [{ phone: '1'.repeat(31) }, 'Phone must be at most 30 characters'],
    [{ phone: 'call me' }, 'Phone may contain only digits, spaces and + ( ) -'],
    [{ firstName: 42 }, 'First name is required'],
    [{ isActive: 'yes' }, 'isActive must be true or false'],
    [{ isAdmin: true }, 'Unknown field: isAdmin'],
    [{ tokenVersion: 5 }, 'Unknown field: tokenVersion'],
  ])('answers 400 with the field’s message (case %#)', async (over, message) => {
    const email = uniqueEmail('invalid');
    const res = await create(newUser({ email, ...over }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    const rows = await t.app.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(0);
  });

  it('answers 400 for malformed JSON, a non-object body and no body', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { ...admin.auth, 'content-type': 'application/json' },
      payload: '{"firstName": "Nimal",',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('The request body is not valid JSON');
    const arr = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { ...admin.auth, 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(arr.statusCode).toBe(400);
    expect((await call('POST', '/api/users', admin)).statusCode).toBe(400);
  });
});

describe('GET /api/users', () => {
  it('lists users with assignedStudentsCount, ordered by first and last name, without deleted ones', async () => {
    const m = marker();
    const bravo = await seedUser(t.app, { firstName: `${m}Bravo`, lastName: 'B' });
    const alphaZ = await seedUser(t.app, { firstName: `${m}Alpha`, lastName: 'Zed' });
    const alphaA = await seedUser(t.app, { firstName: `${m}Alpha`, lastName: 'Abe', role: 'ADMIN' });
    const gone = await seedUser(t.app, { firstName: `${m}Gone` });
    await giveStudents(bravo.id, 3);
    await giveStudents(bravo.id, 2, { deletedAt: new Date() }); // deleted students do not count
    await t.app.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));

    const res = await list(`?search=${m}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBeUndefined();
    const body = res.json();
    expect(body.map((u: { id: string }) => u.id)).toEqual([alphaA.id, alphaZ.id, bravo.id]);
    expect(body.map((u: { assignedStudentsCount: number }) => u.assignedStudentsCount)).toEqual([0, 0, 3]);
    for (const u of body) {
      expect(Object.keys(u).sort()).toEqual(
        [
          'id',
          'email',
          'firstName',
          'lastName',
          'phone',
          'role',
          'isActive',
          'profilePicture',
          'createdAt',
          'updatedAt',
          'assignedStudentsCount',
        ].sort(),
      );
    }

    // Without a search every live user appears, deleted ones never.
    const all = (await list('')).json() as { id: string }[];
    expect(all.map((u) => u.id)).toEqual(expect.arrayContaining([admin.id, teacher.id, bravo.id]));
    expect(all.some((u) => u.id === gone.id)).toBe(false);
  });

  it('searches first name, last name, full name and email, case-insensitively', async () => {
    const m = marker();
    const a = await seedUser(t.app, { firstName: `Kasun${m}`, lastName: 'Jayawardena' });
    const b = await seedUser(t.app, {
      firstName: 'Dilani',
      lastName: `Fernando${m}`,
      email: `dilani.${m.toLowerCase()}@school.example.org`,
    });
    const ids = async (q: string) =>
      ((await list(`?search=${encodeURIComponent(q)}`)).json() as { id: string }[]).map((u) => u.id);

    expect(await ids(m.toUpperCase())).toEqual([b.id, a.id]);
    expect(await ids(`sun${m.slice(0, 4).toLowerCase()}`)).toEqual([a.id]);
    expect(await ids(`Dilani Fernando${m}`)).toEqual([b.id]);
    expect(await ids(`ani ferNANDO${m}`)).toEqual([b.id]);
    expect(await ids(`${m.toLowerCase()}@school.exam`)).toEqual([b.id]);
    expect(await ids(`Jayawardena ${m}`)).toEqual([]);
  });

  it('finds a renamed user by the new name only, and a name outside ASCII in any case', async () => {
    const m = marker();
    const user = await seedUser(t.app, { firstName: `Old${m}`, lastName: 'Name' });
    const ids = async (q: string) =>
      ((await list(`?search=${encodeURIComponent(q)}`)).json() as { id: string }[]).map((u) => u.id);
    expect(await ids(`old${m} name`)).toEqual([user.id]);

    expect((await patch(user.id, { firstName: `Élodie${m}`, lastName: 'Ñúñez' })).statusCode).toBe(200);
    expect(await ids(`old${m}`)).toEqual([]);
    expect(await ids(`ÉLODIE${m} ñÚñ`)).toEqual([user.id]);
    expect(await ids(`élodie${m}`)).toEqual([user.id]);
  });

  it('pages a search with its total on every page and past the end, student counts included', async () => {
    const m = marker();
    const made: SeededUser[] = [];
    for (const name of ['Ec', 'Ea', 'Ed', 'Eb', 'Ee'])
      made.push(await seedUser(t.app, { firstName: `${m}${name}` }));
    await giveStudents(made[1].id, 2);
    const all = (await list(`?search=${m}`)).json() as { id: string; assignedStudentsCount: number }[];
    expect(all).toHaveLength(5);
    const paged: typeof all = [];
    for (let page = 1; page <= 3; page++) {
      const res = await list(`?search=${m}&page=${page}&limit=2`);
      expect(res.headers['x-total-count']).toBe('5');
      paged.push(...res.json());
    }
    expect(paged).toEqual(all);
    expect(paged[0]).toMatchObject({ id: made[1].id, assignedStudentsCount: 2 });
    const past = await list(`?search=${m}&page=7&limit=2`);
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('5');
    const none = await list(`?search=${m}&role=ADMIN&page=1&limit=2`);
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });

  it('treats % and _ in the search as text', async () => {
    const m = marker();
    const pct = await seedUser(t.app, { firstName: `${m}50%off`, lastName: 'X' });
    await seedUser(t.app, { firstName: `${m}50xoff`, lastName: 'X' });
    await seedUser(t.app, { firstName: `${m}ab`, lastName: 'X' });
    const ids = async (q: string) =>
      ((await list(`?search=${encodeURIComponent(q)}`)).json() as { id: string }[]).map((u) => u.id);
    expect(await ids(`${m}50%`)).toEqual([pct.id]);
    expect(await ids(`${m}_b`)).toEqual([]);
    expect(await ids(`${m}50\\`)).toEqual([]);
  });

  it('filters by role', async () => {
    const m = marker();
    const ad = await seedUser(t.app, { role: 'ADMIN', firstName: m });
    const te = await seedUser(t.app, { role: 'TEACHER', firstName: m });
    const admins = (await list(`?role=ADMIN&search=${m}`)).json();
    expect(admins.map((u: { id: string }) => u.id)).toEqual([ad.id]);
    const teachers = (await list(`?role=TEACHER&search=${m}`)).json();
    expect(teachers.map((u: { id: string }) => u.id)).toEqual([te.id]);

    const everyAdmin = (await list('?role=ADMIN')).json() as { role: string }[];
    expect(everyAdmin.length).toBeGreaterThan(0);
    expect(everyAdmin.every((u) => u.role === 'ADMIN')).toBe(true);
  });

  it('available=true keeps only active teachers below 25 students', async () => {
    const m = marker();
    const full = await seedUser(t.app, { firstName: m, lastName: 'Full' });
    const almost = await seedUser(t.app, { firstName: m, lastName: 'Almost' });
    const inactive = await seedUser(t.app, { firstName: m, lastName: 'Inactive', isActive: false });
    const freed = await seedUser(t.app, { firstName: m, lastName: 'Freed' });
    await seedUser(t.app, { firstName: m, lastName: 'Admin', role: 'ADMIN' });
    await giveStudents(full.id, 25);
    await giveStudents(almost.id, 24);
    const freedIds = await giveStudents(freed.id, 25);
    await t.app.db.update(students).set({ deletedAt: new Date() }).where(eq(students.id, freedIds[0]));

    const res = await list(`?role=TEACHER&available=true&search=${m}`);
    expect(res.statusCode).toBe(200);
    const got = res.json() as { id: string; lastName: string; assignedStudentsCount: number }[];
    expect(got.map((u) => [u.lastName, u.assignedStudentsCount])).toEqual([
      ['Almost', 24],
      ['Freed', 24],
    ]);
    expect(got.some((u) => u.id === inactive.id || u.id === full.id)).toBe(false);

    // available=true alone also means teachers only; available=false is no filter.
    const alone = (await list(`?available=true&search=${m}`)).json() as { lastName: string }[];
    expect(alone.map((u) => u.lastName)).toEqual(['Almost', 'Freed']);
    const off = (await list(`?available=false&search=${m}`)).json() as { lastName: string }[];
    expect(off).toHaveLength(5);
  });

  it('answers pages with X-Total-Count when page or limit is given', async () => {
    const m = marker();
    for (const name of ['A', 'B', 'C', 'D', 'E']) await seedUser(t.app, { firstName: m, lastName: name });
    const p2 = await list(`?search=${m}&page=2&limit=2`);
    expect(p2.statusCode).toBe(200);
    expect(p2.headers['x-total-count']).toBe('5');
    expect(p2.json().map((u: { lastName: string }) => u.lastName)).toEqual(['C', 'D']);
    const p3 = await list(`?search=${m}&page=3&limit=2`);
    expect(p3.json().map((u: { lastName: string }) => u.lastName)).toEqual(['E']);
    const onlyLimit = await list(`?search=${m}&limit=3`);
    expect(onlyLimit.headers['x-total-count']).toBe('5');
    expect(onlyLimit.json()).toHaveLength(3);
  });

  it.each([
    ['?role=OWNER', 'role must be ADMIN or TEACHER'],
    ['?available=yes', 'available must be true or false'],
    ['?page=0', 'page must be a whole number between 1 and 100000'],
    ['?limit=500', 'limit must be a whole number between 1 and 100'],
    ['?limit=abc', 'limit must be a whole number between 1 and 100'],
    [`?search=${'x'.repeat(101)}`, 'search must be at most 100 characters'],
    ['?teacherId=1', 'Unknown field: teacherId'],
  ])('answers 400 for a bad query %s', async (query, message) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe('GET /api/users/:id', () => {
  it('shows a teacher with their non-deleted students, age from the date of birth', async () => {
    const tch = await seedUser(t.app, { firstName: 'Sunil' });
    const [older] = await giveStudents(tch.id, 1, {
      firstName: 'Amara',
      lastName: 'Bandara',
      dateOfBirth: yearsAgo(5),
    });
    const [baby] = await giveStudents(tch.id, 1, {
      firstName: 'Bimsara',
      lastName: 'Bandara',
      dateOfBirth: addDays(today, -40),
      category: 'SURVIVAL_PROGRAM',
    });
    await giveStudents(tch.id, 1, { firstName: 'Deleted', deletedAt: new Date() });
    await giveStudents(teacher.id, 1, { firstName: 'Someone else' });

    const res = await get(tch.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: tch.id, role: 'TEACHER', firstName: 'Sunil', assignedStudentsCount: 2 });
    expect(body.assignedStudents).toEqual([
      { id: older, firstName: 'Amara', lastName: 'Bandara', age: 5, category: 'CENTER_BASE' },
      { id: baby, firstName: 'Bimsara', lastName: 'Bandara', age: 0, category: 'SURVIVAL_PROGRAM' },
    ]);
    expect(body).not.toHaveProperty('passwordHash');
  });

  it('shows an admin with no students', async () => {
    const res = await get(admin.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: admin.id,
      role: 'ADMIN',
      assignedStudentsCount: 0,
      assignedStudents: [],
    });
  });

  it('answers 404 for an unknown or deleted user and 400 for a malformed id', async () => {
    const unknown = await get(UNKNOWN_ID);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('User not found');
    const gone = await seedUser(t.app);
    await t.app.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    expect((await get(gone.id)).statusCode).toBe(404);
    const bad = await get('nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('id must be a valid identifier');
  });
});

describe('PATCH /api/users/:id', () => {
  it('updates the given fields only and answers the user', async () => {
    const u = (await create(newUser())).json();
    const email = uniqueEmail('changed');
    const res = await patch(u.id, { firstName: ' Kamal ', email: email.toUpperCase(), phone: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: u.id,
      firstName: 'Kamal',
      lastName: 'Silva',
      email,
      phone: null,
      role: 'TEACHER',
      isActive: true,
      assignedStudentsCount: 0,
    });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, u.id));
    expect(row).toMatchObject({ firstName: 'Kamal', email, phone: null, tokenVersion: 0 });

    // The whole edit form (all fields, same role) and an empty body are fine too.
    const full = await patch(u.id, {
      firstName: 'Kamal',
      lastName: 'Perera',
      email,
      phone: '011 234 5678',
      role: 'TEACHER',
      isActive: true,
    });
    expect(full.statusCode).toBe(200);
    expect(full.json()).toMatchObject({ lastName: 'Perera', phone: '011 234 5678' });
    expect((await patch(u.id, {})).statusCode).toBe(200);
  });

  it('keeps emails unique (409), ignoring the user’s own address', async () => {
    const a = (await create(newUser())).json();
    const b = (await create(newUser())).json();
    const clash = await patch(b.id, { email: a.email });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('An account with this email already exists');
    expect((await patch(a.id, { email: a.email })).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, b.id));
    expect(row.email).toBe(b.email);
  });

  it('deactivating ends the user’s sessions; reactivating does not revive the old token', async () => {
    const u = await seedUser(t.app);
    expect(await profileStatus(u)).toBe(200);
    const res = await patch(u.id, { isActive: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().isActive).toBe(false);
    expect(await profileStatus(u)).toBe(401);
    const login = await call('POST', '/api/auth/login', null, { email: u.email, password: u.password });
    expect(login.statusCode).not.toBe(200);

    expect((await patch(u.id, { isActive: true })).json().isActive).toBe(true);
    expect(await profileStatus(u)).toBe(401);
    const again = await call('POST', '/api/auth/login', null, { email: u.email, password: u.password });
    expect(again.statusCode).toBe(200);
  });

  it('changing the role ends the user’s sessions', async () => {
    const u = await seedUser(t.app, { role: 'ADMIN' });
    const res = await patch(u.id, { role: 'TEACHER' });
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe('TEACHER');
    expect(await profileStatus(u)).toBe(401);
  });

  it('editing names or email keeps the user’s sessions', async () => {
    const u = await seedUser(t.app);
    await patch(u.id, { firstName: 'Renamed', email: uniqueEmail('renamed') });
    expect(await profileStatus(u)).toBe(200);
  });

  it('refuses to deactivate oneself or change one’s own role (400), but allows other own edits', async () => {
    const me = await seedUser(t.app, { role: 'ADMIN' });
    const off = await patch(me.id, { isActive: false }, me);
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe('You cannot deactivate your own account');
    const role = await patch(me.id, { role: 'TEACHER' }, me);
    expect(role.statusCode).toBe(400);
    expect(role.json().message).toBe('You cannot change your own role');
    const [row] = await t.app.db.select().from(users).where(eq(users.id, me.id));
    expect(row).toMatchObject({ isActive: true, role: 'ADMIN', tokenVersion: 0 });

    const ok = await patch(me.id, { firstName: 'Me', role: 'ADMIN', isActive: true }, me);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().firstName).toBe('Me');
    expect(await profileStatus(me)).toBe(200);
  });

  it('refuses to make a teacher who holds students an admin (409)', async () => {
    const tch = await seedUser(t.app);
    const [sid] = await giveStudents(tch.id, 1);
    const res = await patch(tch.id, { role: 'ADMIN' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Reassign this teacher's students before changing their role");
    expect(await profileStatus(tch)).toBe(200);

    await t.app.db.update(students).set({ assignedTeacherId: null }).where(eq(students.id, sid));
    const after = await patch(tch.id, { role: 'ADMIN' });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ role: 'ADMIN', assignedStudents: [] });
  });

  it.each([
    [{ firstName: '' }, 'First name is required'],
    [{ lastName: '  ' }, 'Last name is required'],
    [{ email: '' }, 'Email is required'],
    [{ email: 'bad@' }, 'Invalid email address'],
    [{ role: 'ROOT' }, 'Role is required'],
    [{ role: null }, 'Role is required'],
    [{ isActive: 'false' }, 'isActive must be true or false'],
    [{ isActive: null }, 'isActive must be true or false'],
    [{ lastName: 'y'.repeat(101) }, 'Last name must be at most 100 characters'],
    [{ password: 'newpass123' }, 'Unknown field: password'],
    [{ deletedAt: null }, 'Unknown field: deletedAt'],
  ])('answers 400 with the field’s message (case %#)', async (body, message) => {
    const res = await patch(teacher.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('answers 400 for malformed JSON and 404 for an unknown or deleted user', async () => {
    const broken = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${teacher.id}`,
      headers: { ...admin.auth, 'content-type': 'application/json' },
      payload: '{"firstName":',
    });
    expect(broken.statusCode).toBe(400);
    const unknown = await patch(UNKNOWN_ID, { firstName: 'X' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('User not found');
    const gone = await seedUser(t.app);
    await t.app.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    expect((await patch(gone.id, { firstName: 'X' })).statusCode).toBe(404);
  });
});

describe('DELETE /api/users/:id', () => {
  it('soft-deletes: gone from the list and GET, sessions ended, row kept for a restore', async () => {
    const m = marker();
    const u = await seedUser(t.app, { firstName: m });
    const res = await remove(u.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'User deleted successfully' });

    expect((await list(`?search=${m}`)).json()).toEqual([]);
    expect((await get(u.id)).statusCode).toBe(404);
    expect(await profileStatus(u)).toBe(401);
    const login = await call('POST', '/api/auth/login', null, { email: u.email, password: u.password });
    expect(login.statusCode).not.toBe(200);

    const [row] = await t.app.db.select().from(users).where(eq(users.id, u.id));
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(row.tokenVersion).toBe(1);
    expect(row.firstName).toBe(m);

    const twice = await remove(u.id);
    expect(twice.statusCode).toBe(404);
    expect(twice.json().message).toBe('User not found');
  });

  it('keeps a deleted teacher’s students assigned to them (for a restore), counting nowhere', async () => {
    const tch = await seedUser(t.app);
    const ids = await giveStudents(tch.id, 25);
    expect((await remove(tch.id)).statusCode).toBe(200);
    const rows = await t.app.db.select().from(students).where(eq(students.assignedTeacherId, tch.id));
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(rows.every((r) => r.deletedAt === null)).toBe(true);
    const available = (await list('?available=true')).json() as { id: string }[];
    expect(available.some((u) => u.id === tch.id)).toBe(false);
  });

  it('refuses to delete one’s own account (400)', async () => {
    const me = await seedUser(t.app, { role: 'ADMIN' });
    const res = await remove(me.id, me);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You cannot delete your own account');
    expect((await get(me.id)).statusCode).toBe(200);
    expect(await profileStatus(me)).toBe(200);
  });

  it('lets an admin delete another admin; 404 for an unknown id, 400 for a malformed one', async () => {
    const other = await seedUser(t.app, { role: 'ADMIN' });
    expect((await remove(other.id)).statusCode).toBe(200);
    expect((await remove(UNKNOWN_ID)).statusCode).toBe(404);
    expect((await remove('123')).statusCode).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('documents every users endpoint', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    // The collection route is registered as '/' under the prefix, so the document names it '/api/users/'.
    expect(Object.keys(doc.paths['/api/users/'] ?? doc.paths['/api/users']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/users/{id}']).sort()).toEqual(['delete', 'get', 'patch']);
  });
});

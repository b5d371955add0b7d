/**
 * Control characters (NUL at least: PostgreSQL refuses the byte) and broken UTF-16 in any text field of
 * students, users, the profile and registration answer 400 naming the field, never 500. Multi-line
 * fields keep their line breaks and tabs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedUser, uniqueEmail, type SeededUser, type TestContext } from './setup.ts';

let t: TestContext;
let admin: SeededUser;
let teacher: SeededUser;
let studentId: string;
let seq = 0;

const BAD = ['\u0000', '\u0007', '\u001b', '\u007f', '\ud800'];

const newStudent = () => ({
  studentId: `TXT-${Date.now()}-${++seq}`,
  firstName: 'Nila',
  lastName: 'Perera',
  dateOfBirth: '2021-03-04',
  category: 'CENTER_BASE',
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t.app, { role: 'ADMIN' });
  teacher = await seedUser(t.app, { role: 'TEACHER' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/students',
    headers: admin.auth,
    payload: newStudent(),
  });
  expect(res.statusCode).toBe(201);
  studentId = res.json().id;
});
afterAll(() => t.close());

function expect400Naming(res: { statusCode: number; json: () => Record<string, unknown> }, label: RegExp) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
  const body = res.json();
  expect(Object.keys(body).sort()).toEqual(['error', 'message', 'statusCode']);
  expect(body.message).toMatch(label);
}

/** field → the words the message must name it by. */
const STUDENT_FIELDS: Record<string, RegExp> = {
  studentId: /^Student ID contains characters that are not allowed$/,
  firstName: /^First name contains characters that are not allowed$/,
  lastName: /^Last name contains characters that are not allowed$/,
  parentName: /^Parent name contains characters that are not allowed$/,
  parentPhone: /^Parent phone contains characters that are not allowed$/,
  parentEmail: /^Please enter a valid email address$/,
  address: /^Address contains characters that are not allowed$/,
  medicalInfo: /^Medical information contains characters that are not allowed$/,
  homeLocationName: /^Home location name contains characters that are not allowed$/,
  dateOfBirth: /^Date of birth must be a date/,
  expectedDueDate: /^Expected due date must be a date/,
};

describe('students', () => {
  for (const [field, label] of Object.entries(STUDENT_FIELDS)) {
    it(`refuses control characters in ${field} (create and update)`, async () => {
      for (const c of BAD) {
        const value = `Ab${c}cd`;
        const created = await t.app.inject({
          method: 'POST',
          url: '/api/students',
          headers: admin.auth,
          payload: { ...newStudent(), [field]: value },
        });
        expect400Naming(created, label);
        const updated = await t.app.inject({
          method: 'PATCH',
          url: `/api/students/${studentId}`,
          headers: admin.auth,
          payload: { [field]: value },
        });
        expect400Naming(updated, label);
      }
    });
  }

  it('keeps line breaks and tabs in the multi-line fields (address, medical information)', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/students/${studentId}`,
      headers: admin.auth,
      payload: { address: '12 Lake Road\nJaffna', medicalInfo: 'Asthma:\tinhaler\r\nAllergies: none' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().address).toBe('12 Lake Road\nJaffna');
    expect(res.json().medicalInfo).toBe('Asthma:\tinhaler\r\nAllergies: none');
  });

  it('refuses a line break in a single-line field', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/students/${studentId}`,
      headers: admin.auth,
      payload: { firstName: 'Ni\nla' },
    });
    expect400Naming(res, /^First name contains characters that are not allowed$/);
  });

  it('refuses them in the search query', async () => {
    // (A lone surrogate cannot be put into a URL at all.)
    for (const c of BAD.filter((b) => b !== '\ud800')) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/students?search=${encodeURIComponent(`a${c}b`)}`,
        headers: teacher.auth,
      });
      expect400Naming(res, /^search contains characters that are not allowed$/);
    }
  });
});

const USER_FIELDS: Record<string, RegExp> = {
  firstName: /^First name contains characters that are not allowed$/,
  lastName: /^Last name contains characters that are not allowed$/,
  email: /^Invalid email address$/,
  phone: /^Phone may contain only digits, spaces and \+ \( \) -$/,
};

describe('users', () => {
  for (const [field, label] of Object.entries(USER_FIELDS)) {
    it(`refuses control characters in ${field} (create and update)`, async () => {
      for (const c of BAD) {
        const value = field === 'email' ? `a${c}b@example.org` : field === 'phone' ? `077${c}1` : `Ab${c}cd`;
        const created = await t.app.inject({
          method: 'POST',
          url: '/api/users',
          headers: admin.auth,
          payload: {
            firstName: 'Tara',
            lastName: 'Silva',
            email: uniqueEmail('txt'),
            role: 'TEACHER',
            password: 'secret123',
            [field]: value,
          },
        });
        expect400Naming(created, label);
        const updated = await t.app.inject({
          method: 'PATCH',
          url: `/api/users/${teacher.id}`,
          headers: admin.auth,
          payload: { [field]: value },
        });
        expect400Naming(updated, label);
      }
    });
  }

  it('refuses them in the search query', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users?search=%00', headers: admin.auth });
    expect400Naming(res, /^search contains characters that are not allowed$/);
  });
});

describe('own profile, registration and sign-in', () => {
  for (const field of ['firstName', 'lastName', 'phone'] as const) {
    it(`PATCH /api/auth/profile refuses control characters in ${field}`, async () => {
      for (const c of BAD) {
        const res = await t.app.inject({
          method: 'PATCH',
          url: '/api/auth/profile',
          headers: teacher.auth,
          payload: { [field]: field === 'phone' ? `077${c}1` : `Ab${c}cd` },
        });
        expect400Naming(res, USER_FIELDS[field]);
      }
    });
  }

  it('registration and sign-in refuse a NUL in names and emails', async () => {
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: uniqueEmail('reg'),
        password: 'secret123',
        firstName: 'A\u0000',
        lastName: 'B',
        role: 'TEACHER',
      },
    });
    expect400Naming(register, /^First name contains characters that are not allowed$/);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a\u0000@b', password: 'secret123' },
    });
    expect400Naming(login, /^Please enter a valid email address$/);
  });

  it('the unchanged values still work (nothing else is refused)', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: teacher.auth,
      payload: { firstName: 'Tárà – ශ්‍රී 😀', phone: '+94 (77) 123-4567' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().firstName).toBe('Tárà – ශ්‍රී 😀');
  });
});

describe('activities and measurements', () => {
  let childId: string;
  beforeAll(async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/students',
      headers: admin.auth,
      payload: { ...newStudent(), assignedTeacherId: teacher.id },
    });
    childId = res.json().id;
  });

  it('refuse control characters in an activity title and description, keep line breaks in the description', async () => {
    const base = { studentId: childId, date: '2026-01-10', duration: 60, title: 'Story time' };
    for (const c of BAD) {
      const title = await t.app.inject({
        method: 'POST',
        url: '/api/activities',
        headers: teacher.auth,
        payload: { ...base, title: `Story${c}time` },
      });
      expect400Naming(title, /^Title contains characters that are not allowed$/);
      const description = await t.app.inject({
        method: 'POST',
        url: '/api/activities',
        headers: teacher.auth,
        payload: { ...base, description: `Songs${c}` },
      });
      expect400Naming(description, /^Description contains characters that are not allowed$/);
    }
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/activities',
      headers: teacher.auth,
      payload: { ...base, description: 'Songs\nand\tgames' },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().description).toBe('Songs\nand\tgames');
    const search = await t.app.inject({
      method: 'GET',
      url: '/api/activities?search=%07',
      headers: teacher.auth,
    });
    expect400Naming(search, /^search contains characters that are not allowed$/);
  });

  it('refuse control characters in measurement notes', async () => {
    for (const c of BAD) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/measurements',
        headers: teacher.auth,
        payload: { studentId: childId, date: '2026-01-10', height: 100, weight: 15, notes: `ok${c}` },
      });
      expect400Naming(res, /^Notes contains characters that are not allowed$/);
    }
  });
});

import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { firstAdmin, uniqueEmail, type Account } from './helpers.ts';

/** Data for journeys, created through the API as the first administrator. */

let seq = 0;
/** A short token unique to this run and worker, safe inside names ('Qx7k3a'). */
export function uniqueTag(): string {
  return `${Date.now().toString(36).slice(-5)}${process.pid.toString(36).slice(-2)}${(++seq).toString(36)}`;
}

/** A random capitalised word of letters only (names are searched as text), e.g. 'Zkqzvbdmw'. */
export function uniqueWord(): string {
  const letters = Array.from(randomBytes(8), (b) => String.fromCharCode(97 + (b % 26))).join('');
  return `Z${letters}`;
}

export async function tokenOf(request: APIRequestContext, account: { email: string; password: string }) {
  const res = await request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

export const adminToken = (request: APIRequestContext) => tokenOf(request, firstAdmin());

export interface Created {
  id: string;
}

/** POST /api/users: an active user (a teacher unless `role` says otherwise) with a known password. */
export async function createUser(
  request: APIRequestContext,
  token: string,
  fields: Partial<Account> & { firstName: string; lastName: string },
): Promise<Account & Created> {
  const account: Account = {
    email: uniqueEmail(fields.firstName.toLowerCase()),
    password: 'teach-pass-1',
    role: 'TEACHER',
    ...fields,
  };
  const res = await request.post('/api/users', {
    headers: { Authorization: `Bearer ${token}` },
    data: account,
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as Created;
  return { ...account, id };
}

/** POST /api/users: an active teacher with a known password. */
export const createTeacher = (
  request: APIRequestContext,
  token: string,
  names: { firstName: string; lastName: string },
) => createUser(request, token, { ...names, role: 'TEACHER' });

/**
 * POST /api/students: by default a four-year-old CENTER_BASE student, assigned to the teacher; a home
 * (coordinates, name) and an address when given.
 */
export async function createStudent(
  request: APIRequestContext,
  token: string,
  fields: {
    firstName: string;
    lastName: string;
    assignedTeacherId: string;
    dateOfBirth?: string;
    category?: string;
    studentId?: string;
    address?: string;
    /** Where the student lives (home visits measure their distance from it). */
    homeLatitude?: number;
    homeLongitude?: number;
    homeLocationName?: string;
  },
): Promise<Created & { firstName: string; lastName: string }> {
  const res = await request.post('/api/students', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      studentId: fields.studentId ?? `E2E-${randomBytes(6).toString('hex')}`,
      category: fields.category ?? 'CENTER_BASE',
      dateOfBirth: fields.dateOfBirth ?? `${new Date().getFullYear() - 4}-01-15`,
      firstName: fields.firstName,
      lastName: fields.lastName,
      assignedTeacherId: fields.assignedTeacherId,
      ...(fields.address === undefined ? {} : { address: fields.address }),
      ...(fields.homeLatitude === undefined ? {} : { homeLatitude: fields.homeLatitude }),
      ...(fields.homeLongitude === undefined ? {} : { homeLongitude: fields.homeLongitude }),
      ...(fields.homeLocationName === undefined ? {} : { homeLocationName: fields.homeLocationName }),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as Created;
  return { id, firstName: fields.firstName, lastName: fields.lastName };
}

import { rm } from 'node:fs/promises';
import { todayIn } from '@csp/contracts';
import type { FastifyInstance } from 'fastify';
import { students } from '../db/schema.ts';
import { createTestApp, seedUser, type SeededUser, type TestContext } from './setup.ts';

/** Rows the API tests insert directly (the users are seedUser in setup.ts). */

/**
 * A counter of one test file's own, from 1: unique ids and names within the file's run. (The API test
 * files share their worker's modules, so a counter kept in this module would run on across files.)
 */
export const sequence = () => {
  let n = 0;
  return () => ++n;
};

/** A student's home in the tests (Nallur, Jaffna). */
export const HOME = { latitude: 9.6615, longitude: 80.0255 };

/** Today's date `n` years back in the office's time zone (29 February becomes the 28th). */
export const yearsAgo = (n: number) => {
  const today = todayIn('Asia/Colombo');
  return `${Number(today.slice(0, 4)) - n}${today.slice(4)}`.replace('-02-29', '-02-28');
};

export type StudentRow = typeof students.$inferSelect;
type StudentInsert = typeof students.$inferInsert;

type Numbered = string | ((n: number) => string);
const numbered = (value: Numbered, n: number) => (typeof value === 'function' ? value(n) : value);

/** A student's columns; studentId and the names may be built from the student's number n. */
export interface StudentSeed extends Omit<Partial<StudentInsert>, 'studentId' | 'firstName' | 'lastName'> {
  /** The studentId is `${prefix}-${Date.now()}-${n}` unless studentId is given (default 'ST'). */
  prefix?: string;
  studentId?: Numbered;
  firstName?: Numbered;
  lastName?: Numbered;
}

/**
 * A test file's seedStudent: its defaults once, then `seedStudent(teacherId, over)` inserts a student
 * assigned to the teacher (null: unassigned) and returns the row. Unless the seed says otherwise: Nila
 * Perera, born 2022-05-01, centre based, no home. `app` is read at each call (the test app is made in
 * beforeAll); `next` numbers the students (pass the file's own sequence when other ids share it).
 */
export function studentSeeder(app: () => FastifyInstance, defaults: StudentSeed = {}, next = sequence()) {
  return async (teacherId: string | null, over: StudentSeed = {}): Promise<StudentRow> => {
    const {
      prefix = 'ST',
      studentId,
      firstName = 'Nila',
      lastName = 'Perera',
      ...columns
    } = {
      ...defaults,
      ...over,
    };
    const n = next();
    const [row] = await app()
      .db.insert(students)
      .values({
        studentId: numbered(studentId ?? `${prefix}-${Date.now()}-${n}`, n),
        firstName: numbered(firstName, n),
        lastName: numbered(lastName, n),
        dateOfBirth: '2022-05-01',
        category: 'CENTER_BASE',
        assignedTeacherId: teacherId,
        ...columns,
      })
      .returning();
    return row;
  };
}

/**
 * Calls the API as a seeded user, or as nobody (`null`), with an optional JSON body; `prefix` stands
 * before every url (`callerAs(() => t.app, '/api/attendance')`).
 */
export const callerAs =
  (app: () => FastifyInstance, prefix = '') =>
  (as: SeededUser | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    app().inject({
      method,
      url: `${prefix}${url}`,
      headers: as?.auth ?? {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

/** The staff most API test files sign in as. */
export interface StaffApp {
  t: TestContext;
  admin: SeededUser;
  teacher: SeededUser;
  otherTeacher: SeededUser;
}

interface StaffOptions {
  /** The administrator's fields (default Ada Admin). */
  admin?: { firstName?: string; lastName?: string };
  /** A second administrator (Ada Tester), seeded right after the first. */
  secondAdmin?: boolean;
}

/**
 * A test app and its staff, seeded in this order: the administrator, the second one if asked for, the
 * teacher Tara Field and the other teacher Omar Other.
 */
export async function createStaffApp(
  opts: StaffOptions & { secondAdmin: true },
): Promise<StaffApp & { admin2: SeededUser }>;
export async function createStaffApp(opts?: StaffOptions): Promise<StaffApp>;
export async function createStaffApp(opts: StaffOptions = {}): Promise<StaffApp & { admin2?: SeededUser }> {
  const t = await createTestApp();
  const admin = await seedUser(t.app, { role: 'ADMIN', firstName: 'Ada', lastName: 'Admin', ...opts.admin });
  const admin2 = opts.secondAdmin ? await seedUser(t.app, { role: 'ADMIN' }) : undefined;
  const teacher = await seedUser(t.app, { role: 'TEACHER', firstName: 'Tara', lastName: 'Field' });
  const otherTeacher = await seedUser(t.app, { role: 'TEACHER', firstName: 'Omar', lastName: 'Other' });
  return { t, admin, ...(admin2 && { admin2 }), teacher, otherTeacher };
}

/** Closes a test app, then removes its data folder (uploads, backups). */
export async function closeTestApp(t: TestContext) {
  await t.close();
  await rm(t.config.dataDir, { recursive: true, force: true });
}

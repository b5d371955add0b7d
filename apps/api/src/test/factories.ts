import { todayIn } from '@csp/contracts';
import type { FastifyInstance } from 'fastify';
import { students } from '../db/schema.ts';

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

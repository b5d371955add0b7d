/**
 * The little programme the role × route matrix runs against (route-matrix.test.ts, and the application
 * run as a role of its own, modules/audit/app-role.test.ts): not a test file itself.
 */
import { randomUUID } from 'node:crypto';
import { addDays, todayIn } from '@csp/contracts';
import type { FastifyInstance } from 'fastify';
import {
  activities,
  attendance,
  gifts,
  homeVisits,
  leaves,
  measurements,
  notifications,
  storedFiles,
  students,
  users,
} from '../db/schema.ts';
import type { Cell, World } from './route-matrix.ts';
import { seedUser, type SeededUser } from './setup.ts';

export interface MatrixActors {
  world: World;
  admin: SeededUser;
  teacherA: SeededUser;
  teacherB: SeededUser;
}

/** Every route of the app's OpenAPI document, as `METHOD /path`. */
export async function openApiRoutes(app: FastifyInstance): Promise<string[]> {
  const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map((m) => `${m.toUpperCase()} ${path}`),
  );
}

/** The answer is one the cell allows. */
export const matches = (cell: Cell, status: number) =>
  typeof cell === 'number' ? cell === status : cell.includes(status);

let seq = 0;

/**
 * A fresh little programme: teachers A and B, an admin, and one of each of A's records (live and
 * deleted). `name` marks its student ids, file keys and emails (`MX`, `matrix`).
 */
export async function seedMatrixWorld(
  app: FastifyInstance,
  name: { code: string; tag: string },
): Promise<MatrixActors> {
  const db = app.db;
  const today = todayIn('Asia/Colombo');
  const [admin, teacherA, teacherB] = await Promise.all([
    seedUser(app, { role: 'ADMIN' }),
    seedUser(app, { role: 'TEACHER', firstName: 'Ann' }),
    seedUser(app, { role: 'TEACHER', firstName: 'Bob' }),
  ]);
  const code = `${name.code}-${Date.now()}-${++seq}`;
  const child = (suffix: string, firstName: string, dob: number, category: 'HOME_BASE' | 'CENTER_BASE') =>
    db
      .insert(students)
      .values({
        studentId: `${code}${suffix}`,
        firstName,
        lastName: 'Perera',
        dateOfBirth: addDays(today, dob),
        category,
        assignedTeacherId: teacherA.id,
        deletedAt: suffix ? new Date() : null,
      })
      .returning();
  const [[student], [deletedStudent]] = await Promise.all([
    child('', 'Nila', -700, 'HOME_BASE'),
    child('-D', 'Gone', -1500, 'CENTER_BASE'),
  ]);
  const of = { studentId: student.id, teacherId: teacherA.id };
  const [[a], [da], [m], [dm], [v], [dv]] = await Promise.all(
    [null, new Date()].flatMap((deletedAt) => [
      db
        .insert(activities)
        .values({ title: 'Painting', date: today, ...of, deletedAt })
        .returning(),
      db
        .insert(measurements)
        .values({
          studentId: student.id,
          measuredById: teacherA.id,
          height: 90,
          weight: 13,
          date: today,
          deletedAt,
        })
        .returning(),
      db
        .insert(homeVisits)
        .values({ ...of, visitDate: today, deletedAt })
        .returning(),
    ]),
  ).then(([a1, m1, v1, a2, m2, v2]) => [a1, a2, m1, m2, v1, v2]);
  const [gift] = await db.insert(gifts).values({ name: 'Books', studentId: student.id }).returning();
  const [leave] = await db
    .insert(leaves)
    .values({
      teacherId: teacherA.id,
      startDate: addDays(today, 40),
      endDate: addDays(today, 40),
      reason: 'Event',
    })
    .returning();
  const [record] = await db
    .insert(attendance)
    .values({ teacherId: teacherA.id, date: addDays(today, -1), checkIn: new Date(Date.now() - 86_400_000) })
    .returning();
  const [note] = await db
    .insert(notifications)
    .values({ userId: teacherA.id, type: 'GENERAL', title: 'Hello', message: 'Hello' })
    .returning();
  const [file] = await db
    .insert(storedFiles)
    .values({
      storageKey: `${name.tag}/${randomUUID()}.png`,
      originalName: 'a.png',
      mimeType: 'image/png',
      sizeBytes: 1,
      purpose: name.tag,
      ownerId: teacherA.id,
    })
    .returning();
  const [deletedUser] = await db
    .insert(users)
    .values({
      email: `gone.${randomUUID()}@${name.tag}.test`,
      passwordHash: 'x',
      firstName: 'Gone',
      lastName: 'User',
      role: 'TEACHER',
      deletedAt: new Date(),
    })
    .returning();
  const world: World = {
    teacherA: { id: teacherA.id, email: teacherA.email },
    teacherB: { id: teacherB.id, email: teacherB.email },
    studentCode: code,
    ids: {
      student: student.id,
      activity: a.id,
      measurement: m.id,
      visit: v.id,
      gift: gift.id,
      leave: leave.id,
      attendance: record.id,
      notification: note.id,
      file: file.id,
      deletedUser: deletedUser.id,
      deletedStudent: deletedStudent.id,
      deletedActivity: da.id,
      deletedMeasurement: dm.id,
      deletedVisit: dv.id,
    },
  };
  return { world, admin, teacherA, teacherB };
}

import { randomUUID } from 'node:crypto';
import { addDays, todayIn } from '@csp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { defaultParams, ROUTE_MATRIX, type Cell, type World } from './route-matrix.ts';
import { createTestApp, seedUser, type SeededUser, type TestContext } from './setup.ts';
import { closeTestApp } from './factories.ts';

let t: TestContext;
let routes: string[] = [];
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({ authIpLimitPerMinute: 1_000_000, codeSendsPerHour: 1_000_000 });
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map((m) => `${m.toUpperCase()} ${path}`),
  );
});
afterAll(() => closeTestApp(t));

interface Actors {
  world: World;
  admin: SeededUser;
  teacherA: SeededUser;
  teacherB: SeededUser;
}

/** A fresh little programme: teachers A and B, an admin, and one of each of A's records. */
async function freshWorld(): Promise<Actors> {
  const db = t.app.db;
  const today = todayIn('Asia/Colombo');
  const [admin, teacherA, teacherB] = await Promise.all([
    seedUser(t.app, { role: 'ADMIN' }),
    seedUser(t.app, { role: 'TEACHER', firstName: 'Ann' }),
    seedUser(t.app, { role: 'TEACHER', firstName: 'Bob' }),
  ]);
  const code = `MX-${Date.now()}-${++seq}`;
  const [student] = await db
    .insert(students)
    .values({
      studentId: code,
      firstName: 'Nila',
      lastName: 'Perera',
      dateOfBirth: addDays(today, -700),
      category: 'HOME_BASE',
      assignedTeacherId: teacherA.id,
    })
    .returning();
  const [deletedStudent] = await db
    .insert(students)
    .values({
      studentId: `${code}-D`,
      firstName: 'Gone',
      lastName: 'Perera',
      dateOfBirth: addDays(today, -1500),
      category: 'CENTER_BASE',
      assignedTeacherId: teacherA.id,
      deletedAt: new Date(),
    })
    .returning();
  const activity = (deletedAt: Date | null) =>
    db
      .insert(activities)
      .values({ title: 'Painting', date: today, studentId: student.id, teacherId: teacherA.id, deletedAt })
      .returning();
  const measurement = (deletedAt: Date | null) =>
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
      .returning();
  const visit = (deletedAt: Date | null) =>
    db
      .insert(homeVisits)
      .values({ studentId: student.id, teacherId: teacherA.id, visitDate: today, deletedAt })
      .returning();
  const [[a], [da], [m], [dm], [v], [dv]] = await Promise.all([
    activity(null),
    activity(new Date()),
    measurement(null),
    measurement(new Date()),
    visit(null),
    visit(new Date()),
  ]);
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
      storageKey: `matrix/${randomUUID()}.png`,
      originalName: 'a.png',
      mimeType: 'image/png',
      sizeBytes: 1,
      purpose: 'matrix',
      ownerId: teacherA.id,
    })
    .returning();
  const [deletedUser] = await db
    .insert(users)
    .values({
      email: `gone.${randomUUID()}@matrix.test`,
      passwordHash: 'x',
      firstName: 'Gone',
      lastName: 'User',
      role: 'TEACHER',
      deletedAt: new Date(),
    })
    .returning();
  return {
    admin,
    teacherA,
    teacherB,
    world: {
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
    },
  };
}

const ROLES = ['anonymous', 'teacherB', 'teacherA', 'admin'] as const;
const matches = (cell: Cell, status: number) =>
  typeof cell === 'number' ? cell === status : cell.includes(status);

describe('the role × route matrix', () => {
  it('has a row for every route of the OpenAPI document, and no row without a route', () => {
    const missing = routes.filter((r) => !(r in ROUTE_MATRIX));
    const stale = Object.keys(ROUTE_MATRIX).filter((r) => !routes.includes(r));
    expect(missing, 'routes without a row in apps/api/src/test/route-matrix.ts').toEqual([]);
    expect(stale, 'rows without a route').toEqual([]);
  });

  it('answers every role exactly as the matrix says', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const row = ROUTE_MATRIX[route];
      if (!row) continue;
      const [method, path] = route.split(' ');
      for (const role of ROLES) {
        const actors = await freshWorld();
        const w = actors.world;
        const params = { ...defaultParams(path, w), ...row.params?.(w) };
        const url =
          path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name])) +
          (row.query ? `?${new URLSearchParams(row.query(w)).toString()}` : '');
        const body = row.body?.(w);
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers: role === 'anonymous' ? {} : actors[role].auth,
          ...(body === undefined ? {} : { payload: body as object }),
        });
        // 204 answers count as the 200 of the matrix (both are "done").
        const status = res.statusCode === 204 ? 200 : res.statusCode;
        if (!matches(row[role], status)) {
          wrong.push(
            `${route} as ${role}: expected ${JSON.stringify(row[role])}, got ${res.statusCode} ${res.body.slice(0, 160)}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 600_000);
});

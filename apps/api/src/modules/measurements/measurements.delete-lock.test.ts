/**
 * Deleting a measurement settles who may before it locks the student (whose row every rescoring
 * transaction takes first): a teacher who may not delete it is answered at once, without taking or
 * waiting for that lock.
 */
import { addDays, todayIn } from '@csp/contracts';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { students } from '../../db/schema.ts';
import { createRecordedApp, type RecordedApp } from '../../test/recorded-database.ts';
import { expectError, onPostgres, seedUser, type SeededUser } from '../../test/setup.ts';

let r: RecordedApp;
let teacher: SeededUser;
let otherTeacher: SeededUser;
let admin: SeededUser;
let studentId: string;
let seq = 0;
const measuredOn = addDays(todayIn('Asia/Colombo'), -3);

beforeAll(async () => {
  r = await createRecordedApp();
  teacher = await seedUser(r.app);
  otherTeacher = await seedUser(r.app);
  admin = await seedUser(r.app, { role: 'ADMIN' });
  const [row] = await r.app.db
    .insert(students)
    .values({
      studentId: `DEL-${++seq}`,
      firstName: 'Nila',
      lastName: 'Perera',
      dateOfBirth: '2024-01-10',
      category: 'SURVIVAL_PROGRAM',
      assignedTeacherId: teacher.id,
    })
    .returning();
  studentId = row.id;
});
afterAll(() => r.close());
beforeEach(() => {
  r.statements.length = 0;
});

async function measure(as: SeededUser): Promise<string> {
  const res = await r.app.inject({
    method: 'POST',
    url: '/api/measurements',
    headers: as.auth,
    payload: { studentId, height: 75, weight: 9.6, date: measuredOn, position: 'LYING' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

const remove = (as: SeededUser, id: string) =>
  r.app.inject({ method: 'DELETE', url: `/api/measurements/${id}`, headers: as.auth });

/** The statements of the request that lock rows. */
const locking = () => r.statements.filter((s) => /\bfor (no key )?update\b/i.test(s.sql));

describe('deleting a measurement', () => {
  it('refuses a teacher who may not delete it before any lock is taken', async () => {
    const byAdmin = await measure(admin);
    r.statements.length = 0;
    expectError(await remove(teacher, byAdmin), 403, 'Teachers can only delete measurements they recorded');
    expect(r.statements.some((s) => s.params.includes(byAdmin))).toBe(true);
    expect(locking()).toEqual([]);

    r.statements.length = 0;
    expectError(await remove(otherTeacher, byAdmin), 404, 'Measurement not found.');
    expect(locking()).toEqual([]);
  });

  it('locks the student first for one who may, and deletes', async () => {
    const own = await measure(teacher);
    r.statements.length = 0;
    expect((await remove(teacher, own)).statusCode).toBe(200);
    const locks = locking();
    expect(locks[0]?.sql).toMatch(/from "students"/);
    expect((await remove(admin, await measure(teacher))).statusCode).toBe(200);
  });

  it.runIf(onPostgres)(
    'answers a teacher who may not at once while another transaction holds the student’s row',
    async () => {
      const byAdmin = await measure(admin);
      const holder = new pg.Client({ connectionString: r.databaseUrl });
      await holder.connect();
      const waited = (ms: number) =>
        new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), ms));
      try {
        // As a rescoring transaction holds it (growth.repo.ts lockStudentRow).
        await holder.query('begin');
        await holder.query('select id from students where id = $1 for no key update', [studentId]);
        const forbidden = remove(teacher, byAdmin);
        const notTheirs = remove(otherTeacher, byAdmin);
        expect(await Promise.race([Promise.all([forbidden, notTheirs]), waited(2000)])).not.toBe('waited');
        expectError(await forbidden, 403, 'Teachers can only delete measurements they recorded');
        expectError(await notTheirs, 404, 'Measurement not found.');
        // The administrator, who may, waits for the lock, then deletes.
        const allowed = remove(admin, byAdmin);
        expect(await Promise.race([allowed, waited(500)])).toBe('waited');
        await holder.query('rollback');
        expect((await allowed).statusCode).toBe(200);
      } finally {
        await holder.query('rollback').catch(() => undefined);
        await holder.end();
      }
    },
  );
});

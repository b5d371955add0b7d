/**
 * A teacher's get and edit of a student carry the teacher in their SQL (as studentInScope does
 * elsewhere): another teacher's student is never read, nor locked, and the answer stays 404 'Student not
 * found'.
 */
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { students } from '../../db/schema.ts';
import { createRecordedApp, type RecordedApp } from '../../test/recorded-database.ts';
import { expectError, onPostgres, seedUser, type SeededUser } from '../../test/setup.ts';
import { studentSeeder } from '../../test/factories.ts';

let r: RecordedApp;
let teacher: SeededUser;
let otherTeacher: SeededUser;
let admin: SeededUser;
let theirs: string;
let mine: string;

const seedStudent = studentSeeder(() => r.app, { studentId: (n) => `SCOPE-${n}`, dateOfBirth: '2020-05-01' });

beforeAll(async () => {
  r = await createRecordedApp();
  teacher = await seedUser(r.app);
  otherTeacher = await seedUser(r.app);
  admin = await seedUser(r.app, { role: 'ADMIN' });
  theirs = (await seedStudent(otherTeacher.id, { firstName: 'Zed' })).id;
  mine = (await seedStudent(teacher.id, { firstName: 'Mina' })).id;
});
afterAll(() => r.close());
beforeEach(() => {
  r.statements.length = 0;
});

/** The rows that the request's reads (sent again now) answered that hold `id`. */
async function rowsHolding(id: string) {
  const found = [];
  for (const statement of r.statements) {
    if (!/^\s*select/i.test(statement.sql)) continue;
    for (const row of await r.rerun(statement)) {
      if (row.includes(id)) found.push({ sql: statement.sql, row });
    }
  }
  return found;
}

const get = (as: SeededUser, id: string) =>
  r.app.inject({ method: 'GET', url: `/api/students/${id}`, headers: as.auth });
const edit = (as: SeededUser, id: string, firstName: string) =>
  r.app.inject({ method: 'PATCH', url: `/api/students/${id}`, headers: as.auth, payload: { firstName } });

describe('a teacher’s get and edit of another teacher’s student', () => {
  it('get: 404, and no statement of the request reads the student', async () => {
    expectError(await get(teacher, theirs), 404, 'Student not found');
    expect(r.statements.some((s) => s.params.includes(theirs))).toBe(true);
    expect(await rowsHolding(theirs)).toEqual([]);
  });

  it('edit: 404, the student unchanged, and no statement of the request reads (or locks) them', async () => {
    expectError(await edit(teacher, theirs, 'Hacked'), 404, 'Student not found');
    expect(await rowsHolding(theirs)).toEqual([]);
    const [row] = await r.app.db.select().from(students).where(eq(students.id, theirs));
    expect(row.firstName).toBe('Zed');
  });

  it('their own student, and an admin any: read and edited as before', async () => {
    expect((await get(teacher, mine)).json().firstName).toBe('Mina');
    expect((await edit(teacher, mine, 'Mina')).statusCode).toBe(200);
    expect((await get(admin, theirs)).json().firstName).toBe('Zed');
    expect((await edit(admin, theirs, 'Zed')).statusCode).toBe(200);
  });

  it.runIf(onPostgres)(
    'edit: answers at once while another transaction holds the student’s row (no wait for its lock)',
    async () => {
      const holder = new pg.Client({ connectionString: r.databaseUrl });
      await holder.connect();
      try {
        await holder.query('begin');
        await holder.query('select id from students where id = $1 for update', [theirs]);
        const answer = edit(teacher, theirs, 'Hacked');
        const first = await Promise.race([
          answer,
          new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 2000)),
        ]);
        await holder.query('rollback');
        expect(first).not.toBe('waited');
        expectError(await answer, 404, 'Student not found');
        // The admin's edit does wait for the lock, as it must: the row is theirs to change.
        await holder.query('begin');
        await holder.query('select id from students where id = $1 for update', [theirs]);
        const byAdmin = edit(admin, theirs, 'Zed');
        const adminFirst = await Promise.race([
          byAdmin,
          new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 500)),
        ]);
        expect(adminFirst).toBe('waited');
        await holder.query('rollback');
        expect((await byAdmin).statusCode).toBe(200);
      } finally {
        await holder.query('rollback').catch(() => undefined);
        await holder.end();
      }
    },
  );
});

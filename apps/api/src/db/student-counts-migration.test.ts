import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './client.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

/** The project's migrations up to and including `lastTag`: a database as that version left it. */
async function migrationsUpTo(lastTag: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'csp-migrations-'));
  dirs.push(dir);
  await cp(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  expect(last, lastTag).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  await writeFile(journalFile, JSON.stringify(journal));
  return dir;
}

describe('migration 0031: each student’s kept row', () => {
  it('writes every student’s row from the data already there: name, teacher, liveness, activities and gifts', async () => {
    const pg = new PGlite({ extensions: { pg_trgm } });
    try {
      await migrate(drizzle(pg), { migrationsFolder: await migrationsUpTo('0030_student_counts') });
      // A programme as the previous version left it: a teacher, a live child with records (some deleted),
      // a deleted child with records, and a child with none.
      await pg.exec(`
        insert into users (id, email, password_hash, first_name, last_name, role)
          values ('00000000-0000-4000-8000-000000000001', 't@example.org', 'x', 'Tara', 'Teach', 'TEACHER');
        insert into students (id, student_id, first_name, last_name, date_of_birth, category, assigned_teacher_id, deleted_at)
          values ('00000000-0000-4000-8000-0000000000a1', 'S-1', 'Asha', 'Kept', '2021-01-01', 'CENTER_BASE', '00000000-0000-4000-8000-000000000001', null),
                 ('00000000-0000-4000-8000-0000000000a2', 'S-2', 'Bala', 'Gone', '2021-01-01', 'CENTER_BASE', null, now()),
                 ('00000000-0000-4000-8000-0000000000a3', 'S-3', 'Chen', 'None', '2021-01-01', 'HOME_BASE', null, null);
        insert into activities (title, date, student_id, teacher_id, deleted_at)
          select 'A', current_date, s, '00000000-0000-4000-8000-000000000001', case when i = 1 then now() end
          from unnest(array['00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000a2']::uuid[]) s,
            generate_series(1, 3) i;
        insert into gifts (student_id, deleted_at)
          select s, case when i = 2 then now() end
          from unnest(array['00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000a2']::uuid[]) s,
            generate_series(1, 4) i;
      `);
      await migrate(drizzle(pg), { migrationsFolder });
      const { rows } = await pg.query<Record<string, unknown>>(
        `select student_id, search_name, assigned_teacher_id, live, activities, gifts
         from student_counts order by student_id`,
      );
      expect(rows).toEqual([
        {
          student_id: '00000000-0000-4000-8000-0000000000a1',
          search_name: 'asha kept',
          assigned_teacher_id: '00000000-0000-4000-8000-000000000001',
          live: true,
          activities: 2,
          gifts: 3,
        },
        {
          student_id: '00000000-0000-4000-8000-0000000000a2',
          search_name: 'bala gone',
          assigned_teacher_id: null,
          live: false,
          activities: 2,
          gifts: 3,
        },
        {
          student_id: '00000000-0000-4000-8000-0000000000a3',
          search_name: 'chen none',
          assigned_teacher_id: null,
          live: true,
          activities: 0,
          gifts: 0,
        },
      ]);
      // Pages left room for the counts' updates.
      const { rows: options } = await pg.query<{ reloptions: string[] }>(
        `select reloptions from pg_class where relname = 'student_counts'`,
      );
      expect(options[0].reloptions).toEqual(['fillfactor=70']);
    } finally {
      await pg.close();
    }
  });
});

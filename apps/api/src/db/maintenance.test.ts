import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onPostgres, seedUser, type TestContext } from '../test/setup.ts';
import { refreshStatistics } from './maintenance.ts';
import { ADVISORY_LOCKS } from './sql-helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const plannerRows = async () => {
  const r = (await t.app.db.execute(
    sql`select reltuples from pg_class where relname = 'students' and relkind = 'r'`,
  )) as unknown as { rows: { reltuples: number }[] };
  return Number(r.rows[0].reltuples);
};

describe('the statistics job', () => {
  it('gives the planner the tables as they are now', async () => {
    const teacher = await seedUser(t.app, { role: 'TEACHER' });
    await t.app.db
      .execute(sql`insert into students (student_id, first_name, last_name, date_of_birth, category,
        assigned_teacher_id)
      select 'ST-' || i, 'Kid' || i, 'Stats', current_date - 1500, 'CENTER_BASE', ${teacher.id}
      from generate_series(1, 300) i`);
    // (PostgreSQL's autovacuum may get there first; PGlite has none.)
    if (!onPostgres) expect(await plannerRows()).not.toBe(300);
    expect(await refreshStatistics(t.app.db)).toBe(true);
    expect(await plannerRows()).toBe(300);
  });

  it.runIf(onPostgres)(
    'runs once at a time: a run that finds another holding the lock does nothing',
    async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = t.app.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.statistics})`);
        locked();
        await held;
      });
      await isLocked;
      expect(await refreshStatistics(t.app.db)).toBe(false);
      release();
      await holder;
      expect(await refreshStatistics(t.app.db)).toBe(true);
    },
  );
});

describe.runIf(onPostgres)('the PostgreSQL sessions', () => {
  it('run without JIT compilation (decision 0014), in a transaction too', async () => {
    const jitOf = async (db: Pick<typeof t.app.db, 'execute'>) =>
      ((await db.execute(sql`show jit`)) as unknown as { rows: { jit: string }[] }).rows[0].jit;
    expect(await jitOf(t.app.db)).toBe('off');
    expect(await t.app.db.transaction((tx) => jitOf(tx))).toBe('off');
  });
});

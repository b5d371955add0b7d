import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onPostgres, seedUser, type SeededUser, type TestContext } from '../test/setup.ts';

let t: TestContext;
let admin: SeededUser;
let teacher: SeededUser;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t.app, { role: 'ADMIN' });
  teacher = await seedUser(t.app, { role: 'TEACHER' });
});
afterAll(() => t.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.app.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The kept counts, every name. */
async function kept(): Promise<Record<string, number>> {
  const r = await rows<{ name: string; n: string | number }>(
    sql`select name, n from live_counts where n <> 0`,
  );
  return Object.fromEntries(r.map((x) => [x.name, Number(x.n)]));
}

/** The same figures counted the slow way: live records of live students, per kind and status. */
async function exact(): Promise<Record<string, number>> {
  const r = await rows<{ name: string; n: string | number }>(sql`
    select name, count(*) as n from (
      select 'activities' as name from activities r join students s on s.id = r.student_id
        where r.deleted_at is null and s.deleted_at is null
      union all select 'measurements' from measurements r join students s on s.id = r.student_id
        where r.deleted_at is null and s.deleted_at is null
      union all select unnest(array['home_visits', 'home_visits:' || r.status]) from home_visits r
        join students s on s.id = r.student_id where r.deleted_at is null and s.deleted_at is null
      union all select unnest(array['gifts', 'gifts:' || r.status]) from gifts r
        join students s on s.id = r.student_id where r.deleted_at is null and s.deleted_at is null
    ) x group by name`);
  return Object.fromEntries(r.map((x) => [x.name, Number(x.n)]));
}

async function newStudent(): Promise<string> {
  const [row] = await rows<{ id: string }>(sql`
    insert into students (student_id, first_name, last_name, date_of_birth, category, assigned_teacher_id)
    values (${`LC-${++n}`}, ${`Kid${n}`}, 'Counted', current_date - 1500, 'CENTER_BASE', ${teacher.id})
    returning id`);
  return row.id;
}

/** One record of each kind for each student, several in one statement. */
async function addRecords(studentIds: string[], status: 'PENDING' | 'APPROVED' = 'PENDING') {
  const ids = sql`unnest(${`{${studentIds.join(',')}}`}::uuid[])`;
  await t.app.db.execute(sql`insert into activities (title, date, student_id, teacher_id)
    select 'Counted', current_date, id, ${teacher.id} from ${ids} as id`);
  await t.app.db.execute(sql`insert into measurements (student_id, date, height, weight)
    select id, current_date, 100, 15 from ${ids} as id`);
  await t.app.db.execute(sql`insert into home_visits (student_id, teacher_id, visit_date, status)
    select id, ${teacher.id}, current_date, ${status}::review_status from ${ids} as id`);
  await t.app.db.execute(sql`insert into gifts (student_id, status)
    select id, (case when ${status} = 'PENDING' then 'PENDING' else 'DELIVERED' end)::gift_status from ${ids} as id`);
}

const TABLES = ['activities', 'measurements', 'home_visits', 'gifts'] as const;

describe('live_counts: kept by triggers, always equal to counting', () => {
  it('follows inserts, status changes, soft deletes, restores, moves and permanent deletes', async () => {
    const [a, b, c] = [await newStudent(), await newStudent(), await newStudent()];
    await addRecords([a, b, c]);
    await addRecords([a], 'APPROVED');
    expect(await kept()).toEqual(await exact());
    expect((await kept()).activities).toBe(4);
    expect(await kept()).toMatchObject({
      'home_visits:PENDING': 3,
      'home_visits:APPROVED': 1,
      'gifts:DELIVERED': 1,
    });

    // Review decisions and gift deliveries move records between statuses.
    await t.app.db.execute(sql`update home_visits set status = 'REJECTED' where student_id = ${b}`);
    await t.app.db.execute(sql`update gifts set status = 'CANCELLED' where student_id = ${c}`);
    expect(await kept()).toEqual(await exact());
    // Edits that change none of the counted facts (scores, titles) leave the counts alone.
    await t.app.db.execute(sql`update measurements set waz = 0.5, is_latest = true`);
    await t.app.db.execute(sql`update activities set title = 'Renamed'`);
    expect(await kept()).toEqual(await exact());
    // A record soft deleted, restored, moved to another (then deleted) student.
    await t.app.db.execute(sql`update activities set deleted_at = now() where student_id = ${a}`);
    expect((await kept()).activities).toBe(2);
    await t.app.db.execute(sql`update activities set deleted_at = null where student_id = ${a}`);
    expect((await kept()).activities).toBe(4);
    // A student soft deleted takes its records from every count; restored, gives them back.
    await t.app.db.execute(sql`update students set deleted_at = now() where id = ${a}`);
    expect(await kept()).toEqual(await exact());
    expect((await kept()).activities).toBe(2);
    await t.app.db.execute(sql`update gifts set student_id = ${a} where student_id = ${b}`);
    expect(await kept()).toEqual(await exact());
    await t.app.db.execute(sql`update students set deleted_at = null where id = ${a}`);
    expect(await kept()).toEqual(await exact());
    // Permanent deletes: of a soft-deleted record (no change), of a live record, of a soft-deleted
    // student with its records (cascade), of a live student outright.
    await t.app.db.execute(sql`update measurements set deleted_at = now() where student_id = ${b}`);
    await t.app.db.execute(sql`delete from measurements where student_id = ${b}`);
    await t.app.db.execute(sql`delete from home_visits where student_id = ${c}`);
    expect(await kept()).toEqual(await exact());
    await t.app.db.execute(sql`update students set deleted_at = now() where id = ${b}`);
    await t.app.db.execute(sql`delete from students where id = ${b}`);
    expect(await kept()).toEqual(await exact());
    await t.app.db.execute(sql`delete from students where id = ${c}`);
    expect(await kept()).toEqual(await exact());
  });

  it('stays equal to counting through any sequence of changes (property)', async () => {
    const pool = [await newStudent(), await newStudent(), await newStudent(), await newStudent()];
    await addRecords(pool);
    const pick = fc.integer({ min: 0, max: pool.length - 1 });
    const op = fc.oneof(
      pick.map(
        (i) =>
          sql`update students set deleted_at = case when deleted_at is null then now() end where id = ${pool[i]}`,
      ),
      fc.tuple(fc.constantFrom(...TABLES), pick).map(
        ([table, i]) =>
          sql`update ${sql.identifier(table)} set deleted_at = case when deleted_at is null then now() end
            where id = (select id from ${sql.identifier(table)} where student_id = ${pool[i]} order by id limit 1)`,
      ),
      fc
        .tuple(fc.constantFrom('home_visits', 'gifts'), pick, fc.nat(2))
        .map(([table, i, s]) =>
          table === 'gifts'
            ? sql`update gifts set status = (array['PENDING','DELIVERED','CANCELLED'])[${s + 1}]::gift_status where student_id = ${pool[i]}`
            : sql`update home_visits set status = (array['PENDING','APPROVED','REJECTED'])[${s + 1}]::review_status where student_id = ${pool[i]}`,
        ),
      fc
        .tuple(fc.constantFrom(...TABLES), pick, pick)
        .map(
          ([table, i, j]) =>
            sql`update ${sql.identifier(table)} set student_id = ${pool[j]} where student_id = ${pool[i]}`,
        ),
      fc.tuple(pick, fc.constant(null)).map(
        ([i]) => sql`insert into activities (title, date, student_id, teacher_id)
        values ('More', current_date, ${pool[i]}, ${teacher.id})`,
      ),
      fc
        .tuple(fc.constantFrom(...TABLES), pick)
        .map(
          ([table, i]) =>
            sql`delete from ${sql.identifier(table)} where id = (select id from ${sql.identifier(table)} where student_id = ${pool[i]} order by id desc limit 1)`,
        ),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        for (const statement of ops) await t.app.db.execute(statement);
        expect(await kept()).toEqual(await exact());
      }),
      { numRuns: 25 },
    );
  });

  it('answers the administrator lists and dashboard with the same totals as counting', async () => {
    const [a, b] = [await newStudent(), await newStudent()];
    await addRecords([a, b]);
    await t.app.db.execute(sql`update students set deleted_at = now() where id = ${b}`);
    const truth = await exact();
    const total = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: admin.auth });
      expect(res.statusCode, res.body).toBe(200);
      return Number(res.headers['x-total-count']);
    };
    expect(await total('/api/activities?page=1&limit=8')).toBe(truth.activities);
    expect(await total('/api/measurements?page=1&limit=12')).toBe(truth.measurements);
    expect(await total('/api/home-visits?page=1&limit=12')).toBe(truth.home_visits);
    expect(await total('/api/home-visits/pending/review?page=1&limit=10')).toBe(truth['home_visits:PENDING']);
    expect(await total('/api/gifts?page=1&limit=12')).toBe(truth.gifts);
    expect(await total('/api/gifts?status=PENDING&page=1&limit=12')).toBe(truth['gifts:PENDING']);
    // A filter the kept counts do not cover still counts exactly.
    expect(await total(`/api/activities?teacherId=${teacher.id}&page=1&limit=8`)).toBe(truth.activities);
    const stats = await t.app.inject({ method: 'GET', url: '/api/dashboard/stats', headers: admin.auth });
    expect(stats.json()).toMatchObject({
      totalActivities: truth.activities,
      pendingGifts: truth['gifts:PENDING'],
    });
  });

  it.runIf(onPostgres)(
    'stays exact when records are added while their student is deleted and restored',
    async () => {
      const kid = await newStudent();
      await addRecords([kid]);
      const connectionsAtOnce = 20;
      await Promise.all(
        Array.from({ length: connectionsAtOnce }, (_, i) =>
          i % 5 === 0
            ? t.app.db.execute(
                sql`update students set deleted_at = case when deleted_at is null then now() end where id = ${kid}`,
              )
            : t.app.db.transaction(async (tx) => {
                await tx.execute(sql`insert into activities (title, date, student_id, teacher_id)
                values ('Race', current_date, ${kid}, ${teacher.id})`);
                await tx.execute(sql`insert into gifts (student_id) values (${kid})`);
              }),
        ),
      );
      expect(await kept()).toEqual(await exact());
    },
  );
});

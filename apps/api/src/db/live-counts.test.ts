import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME_VISIT_LIMITS, todayIn } from '@csp/contracts';
import { arrayParam } from './sql-helpers.ts';
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
    sql`select name, n from live_counts where n <> 0
      union all
      select 'attendance_month:' || to_char(c.month, 'YYYY-MM') || ':' || c.teacher_id || ':' || x.k, x.v
      from attendance_month_counts c, lateral (values ('APPROVED', c.approved), ('PENDING', c.pending),
        ('REJECTED', c.rejected), ('isodow1', c.isodow_1), ('isodow2', c.isodow_2), ('isodow3', c.isodow_3),
        ('isodow4', c.isodow_4), ('isodow5', c.isodow_5), ('isodow6', c.isodow_6), ('isodow7', c.isodow_7)
      ) x(k, v) where x.v <> 0
      union all
      select 'student_activities:' || student_id, activities from student_counts where activities <> 0
      union all
      select 'student_gifts:' || student_id, gifts from student_counts where gifts <> 0
      union all
      select 'student_row:' || student_id || ':' || search_name || ':' || coalesce(assigned_teacher_id::text, '-')
        || ':' || live::text, 1 from student_counts`,
  );
  return Object.fromEntries(r.map((x) => [x.name, Number(x.n)]));
}

/**
 * The same figures counted the slow way: live records of live students (attendance and leave
 * applications: of live teachers), each student's live activities whatever the student's state
 * (migration 0030),
 * per kind and status, visits beyond or within the location-warning distance, live students per
 * last-measured day (migration 0016), each teacher's attendance records (whatever the teacher's
 * state) per month, status and weekday (migration 0018), and the children at risk per set of
 * classifications of their latest measurement (0027).
 */
async function exact(): Promise<Record<string, number>> {
  const r = await rows<{ name: string; n: string | number }>(sql`
    select name, count(*) as n from (
      select 'activities' as name from activities r join students s on s.id = r.student_id
        where r.deleted_at is null and s.deleted_at is null
      union all select 'measurements' from measurements r join students s on s.id = r.student_id
        where r.deleted_at is null and s.deleted_at is null
      union all select 'measurements:at_risk:' || array_to_string(r.growth_classifications, ',')
        from measurements r join students s on s.id = r.student_id
        where r.deleted_at is null and s.deleted_at is null and r.is_latest and r.at_risk
      union all select unnest(array['home_visits', 'home_visits:' || r.status,
          'home_visits:' || r.status || ':' || r.teacher_id]) from home_visits r
        join students s on s.id = r.student_id where r.deleted_at is null and s.deleted_at is null
      union all select case when r.distance_from_home > ${HOME_VISIT_LIMITS.locationWarningMeters}
          then 'home_visits:warnings' else 'home_visits:normal' end from home_visits r
        join students s on s.id = r.student_id
        where r.deleted_at is null and s.deleted_at is null and r.distance_from_home is not null
      union all select unnest(array['gifts', 'gifts:' || r.status]) from gifts r
        join students s on s.id = r.student_id where r.deleted_at is null and s.deleted_at is null
      union all select unnest(array['attendance', 'attendance:' || r.status]
          || case when r.check_out is null then array['attendance:open'] else array[]::text[] end)
        from attendance r join users u on u.id = r.teacher_id where u.deleted_at is null
      union all select unnest(array['leaves', 'leaves:' || r.status,
          'leaves:month:' || to_char(r.start_date, 'YYYY-MM') || ':' || r.status]) from leaves r
        join users u on u.id = r.teacher_id where u.deleted_at is null
      union all select 'leaves:days:' || to_char(r.start_date, 'YYYY-MM') from leaves r
        join users u on u.id = r.teacher_id
        cross join generate_series(1, greatest(1, r.end_date - r.start_date))
        where u.deleted_at is null and r.status = 'APPROVED'
      union all select 'students:last:' || coalesce(to_char(s.last_measured_on, 'YYYY-MM-DD'), 'never')
        from students s where s.deleted_at is null
      union all select 'attendance_month:' || to_char(a.date, 'YYYY-MM') || ':' || a.teacher_id || ':' || k
        from attendance a, unnest(array[a.status::text, 'isodow' || extract(isodow from a.date)]) k
      union all select 'student_activities:' || r.student_id from activities r where r.deleted_at is null
      union all select 'student_gifts:' || r.student_id from gifts r where r.deleted_at is null
      union all select 'student_row:' || s.id || ':' || s.search_name || ':'
          || coalesce(s.assigned_teacher_id::text, '-') || ':' || (s.deleted_at is null)::text from students s
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
  // Distances on each side of the warning distance, on it, and none (no location captured).
  await t.app.db
    .execute(sql`insert into home_visits (student_id, teacher_id, visit_date, status, distance_from_home)
    select id, ${teacher.id}, current_date, ${status}::review_status,
      (array[10, 50, 50.5, null])[1 + (row_number() over ()) % 4] from ${ids} as id`);
  await t.app.db.execute(sql`insert into gifts (student_id, status)
    select id, (case when ${status} = 'PENDING' then 'PENDING' else 'DELIVERED' end)::gift_status from ${ids} as id`);
}

const TABLES = ['activities', 'measurements', 'home_visits', 'gifts'] as const;

let day = 0;
/**
 * A check-in of each teacher on a day of its own (one record per teacher and day), and a leave
 * application of that day in the same state.
 */
async function checkIn(teacherIds: string[], status: 'PENDING' | 'APPROVED' | 'REJECTED' = 'PENDING') {
  day += 1;
  const ids = sql`unnest(${`{${teacherIds.join(',')}}`}::uuid[])`;
  await t.app.db.execute(sql`insert into attendance (teacher_id, date, check_in, status)
    select id, current_date - ${day}::int, now(), ${status}::review_status from ${ids} as id`);
  await t.app.db.execute(sql`insert into leaves (teacher_id, start_date, end_date, reason, status)
    select id, current_date - ${day}::int, current_date - ${day}::int, 'Counted', ${status}::review_status
    from ${ids} as id`);
}

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
      [`home_visits:PENDING:${teacher.id}`]: 3,
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
    // An activity moved to another child moves the children's own counts (migration 0030), and back.
    const [moved] = await rows<{ id: string }>(
      sql`select id from activities where student_id = ${a} limit 1`,
    );
    await t.app.db.execute(sql`update activities set student_id = ${c} where id = ${moved.id}`);
    expect(await kept()).toEqual(await exact());
    expect(await kept()).toMatchObject({ [`student_activities:${a}`]: 1, [`student_activities:${c}`]: 2 });
    await t.app.db.execute(sql`update activities set student_id = ${a} where id = ${moved.id}`);
    expect(await kept()).toMatchObject({ [`student_activities:${a}`]: 2, [`student_activities:${c}`]: 1 });
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
    await t.app.db.execute(sql`delete from activities where student_id = ${c}`);
    expect(await kept()).toEqual(await exact());
    expect((await kept())[`student_activities:${c}`]).toBeUndefined();
    await t.app.db.execute(sql`update students set deleted_at = now() where id = ${b}`);
    await t.app.db.execute(sql`delete from students where id = ${b}`);
    expect(await kept()).toEqual(await exact());
    await t.app.db.execute(sql`delete from students where id = ${c}`);
    expect(await kept()).toEqual(await exact());
  });

  it('follows attendance and leaves: check-ins, applications, reviews, a teacher deleted, restored and removed outright', async () => {
    const [x, y] = [await seedUser(t.app), await seedUser(t.app)];
    await checkIn([x.id, y.id]);
    await checkIn([x.id], 'APPROVED');
    expect(await kept()).toEqual(await exact());
    // Per month an application starts in: the approved days are a sum (5 days from 30 January), and an
    // application whose dates change moves between months.
    await t.app.db.execute(sql`insert into leaves (teacher_id, start_date, end_date, reason, status)
      values (${x.id}, '2025-01-30', '2025-02-04', 'Long', 'APPROVED'),
        (${y.id}, '2025-01-02', '2025-01-02', 'Short', 'APPROVED')`);
    expect(await kept()).toMatchObject({ 'leaves:days:2025-01': 6, 'leaves:month:2025-01:APPROVED': 2 });
    expect(await kept()).toEqual(await exact());
    await t.app.db.execute(sql`update leaves set start_date = '2025-02-02' where reason = 'Long'`);
    expect(await kept()).toMatchObject({ 'leaves:days:2025-01': 1, 'leaves:days:2025-02': 2 });
    expect(await kept()).toEqual(await exact());
    await t.app.db.execute(sql`update attendance set status = 'REJECTED' where teacher_id = ${y.id}`);
    await t.app.db.execute(sql`update leaves set status = 'APPROVED' where teacher_id = ${y.id}`);
    // Edits that change no counted fact (a check-out, a note) leave the counts alone.
    await t.app.db.execute(sql`update attendance set check_out = now(), admin_notes = 'Seen'`);
    await t.app.db.execute(sql`update leaves set review_notes = 'Seen'`);
    expect(await kept()).toEqual(await exact());
    await t.app.db.execute(sql`delete from leaves where teacher_id = ${y.id} and status = 'PENDING'`);
    expect(await kept()).toEqual(await exact());
    // A teacher deleted softly takes their records from the counts; restored, gives them back. A
    // sign-in (another column of users) changes nothing.
    await t.app.db.execute(sql`update users set deleted_at = now() where id = ${x.id}`);
    expect(await kept()).toEqual(await exact());
    await t.app.db.execute(
      sql`update users set token_version = token_version + 1 where id in (${x.id}, ${y.id})`,
    );
    expect(await kept()).toEqual(await exact());
    await t.app.db.execute(sql`update users set deleted_at = null where id = ${x.id}`);
    expect(await kept()).toEqual(await exact());
    // Removed outright, live (their records cascade) and after a soft delete. Their children are left
    // without a teacher (the foreign key): the children's kept rows follow.
    const kid = await newStudent();
    await t.app.db.execute(sql`update students set assigned_teacher_id = ${x.id} where id = ${kid}`);
    expect(Object.keys(await kept())).toContain(`student_row:${kid}:kid${n} counted:${x.id}:true`);
    await t.app.db.execute(sql`delete from users where id = ${x.id}`);
    expect(Object.keys(await kept())).toContain(`student_row:${kid}:kid${n} counted:-:true`);
    expect(await kept()).toEqual(await exact());
    await t.app.db.execute(sql`update users set deleted_at = now() where id = ${y.id}`);
    await t.app.db.execute(sql`delete from users where id = ${y.id}`);
    expect(await kept()).toEqual(await exact());
  });

  it('moves a visit between the location counts when its distance changes', async () => {
    const kid = await newStudent();
    await addRecords([kid]);
    const limit = HOME_VISIT_LIMITS.locationWarningMeters;
    for (const distance of [limit, limit + 0.01, null, 0, limit * 10]) {
      await t.app.db.execute(
        sql`update home_visits set distance_from_home = ${distance} where student_id = ${kid}`,
      );
      expect(await kept()).toEqual(await exact());
    }
  });

  it('moves a child between the at-risk counts as its latest measurement is scored again', async () => {
    const kid = await newStudent();
    await addRecords([kid]);
    const at = (name: string) => kept().then((k) => k[`measurements:at_risk:${name}`]);
    const score = async (latest: boolean, risk: boolean, classes: string[]) => {
      await t.app.db.execute(sql`update measurements set is_latest = ${latest}, at_risk = ${risk},
        growth_classifications = ${arrayParam(classes, 'text')} where student_id = ${kid}`);
      expect(await kept()).toEqual(await exact());
    };
    await score(true, true, ['WASTING']);
    expect(await at('WASTING')).toBe(1);
    // Only the classifications change.
    await score(true, true, ['SEVERE_WASTING', 'STUNTING']);
    expect(await at('WASTING')).toBeUndefined();
    expect(await at('SEVERE_WASTING,STUNTING')).toBe(1);
    await score(false, true, ['SEVERE_WASTING', 'STUNTING']);
    await score(true, false, []);
    await score(true, true, ['STUNTING']);
    for (const deletedAt of [sql`now()`, sql`null`]) {
      await t.app.db.execute(sql`update students set deleted_at = ${deletedAt} where id = ${kid}`);
      expect(await kept()).toEqual(await exact());
      await t.app.db.execute(
        sql`update measurements set deleted_at = ${deletedAt} where student_id = ${kid}`,
      );
      expect(await kept()).toEqual(await exact());
    }
    expect(await at('STUNTING')).toBe(1);
  });

  it('stays equal to counting through any sequence of changes (property)', async () => {
    const pool = [await newStudent(), await newStudent(), await newStudent(), await newStudent()];
    await addRecords(pool);
    const crew = [(await seedUser(t.app)).id, (await seedUser(t.app)).id, (await seedUser(t.app)).id];
    await checkIn(crew);
    await checkIn(crew.slice(1), 'APPROVED');
    const pick = fc.integer({ min: 0, max: pool.length - 1 });
    const pickTeacher = fc.integer({ min: 0, max: crew.length - 1 });
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
      // A visit's recording teacher changed: its per-teacher count moves.
      fc
        .tuple(pick, pickTeacher)
        .map(
          ([i, k]) =>
            sql`update home_visits set teacher_id = ${crew[k]} where id = (select id from home_visits where student_id = ${pool[i]} order by id limit 1)`,
        ),
      fc.tuple(pick, fc.constant(null)).map(
        ([i]) => sql`insert into activities (title, date, student_id, teacher_id)
        values ('More', current_date, ${pool[i]}, ${teacher.id})`,
      ),
      pick.map((i) => sql`insert into gifts (student_id, status) values (${pool[i]}, 'PENDING')`),
      // A child renamed, or given to another teacher or to none: their kept search row follows.
      fc
        .tuple(pick, fc.constantFrom('Ada', 'Bo', 'Cy'))
        .map(([i, name]) => sql`update students set first_name = ${name} where id = ${pool[i]}`),
      fc
        .tuple(pick, fc.option(pickTeacher, { nil: undefined }))
        .map(
          ([i, k]) =>
            sql`update students set assigned_teacher_id = ${k === undefined ? null : crew[k]} where id = ${pool[i]}`,
        ),
      // Measurements on other days, and a date changed: the students' last-measured days move.
      fc.tuple(pick, fc.nat(90)).map(
        ([i, d]) => sql`insert into measurements (student_id, date, height, weight)
        values (${pool[i]}, current_date - ${d}::int, 100, 15)`,
      ),
      fc
        .tuple(pick, fc.nat(90))
        .map(
          ([i, d]) =>
            sql`update measurements set date = current_date - ${d}::int where id = (select id from measurements where student_id = ${pool[i]} order by id limit 1)`,
        ),
      // A measurement scored (as the growth job does): latest or not, at risk or not, its classifications.
      fc
        .tuple(
          pick,
          fc.boolean(),
          fc.boolean(),
          fc.subarray(['SEVERE_WASTING', 'WASTING', 'STUNTING', 'FALLING_WEIGHT', 'OVERWEIGHT']),
          fc.boolean(),
        )
        .map(
          ([i, latest, risk, classes, newest]) =>
            sql`update measurements set is_latest = ${latest}, at_risk = ${risk},
              growth_classifications = ${arrayParam(classes, 'text')}
              where id = (select id from measurements where student_id = ${pool[i]}
                order by id ${newest ? sql`desc` : sql`asc`} limit 1)`,
        ),
      fc.constant(null).map(
        () => sql`insert into students (student_id, first_name, last_name, date_of_birth, category)
        values (${`LC-${++n}`}, 'Late', 'Counted', current_date - 900, 'CENTER_BASE') on conflict do nothing`,
      ),
      pickTeacher.map(
        (i) =>
          sql`update users set deleted_at = case when deleted_at is null then now() end where id = ${crew[i]}`,
      ),
      fc
        .tuple(pickTeacher, fc.nat(2))
        .map(
          ([i, s]) =>
            sql`update attendance set status = (array['PENDING','APPROVED','REJECTED'])[${s + 1}]::review_status where teacher_id = ${crew[i]}`,
        ),
      fc
        .tuple(pickTeacher, fc.nat(400))
        .map(
          ([i, d]) =>
            sql`insert into attendance (teacher_id, date, check_in) values (${crew[i]}, current_date - ${1000 + d}::int, now()) on conflict do nothing`,
        ),
      pickTeacher.map(
        (i) =>
          sql`delete from attendance where id = (select id from attendance where teacher_id = ${crew[i]} order by id limit 1)`,
      ),
      // A check-out, or one taken back (the open records count apart).
      pickTeacher.map(
        (i) =>
          sql`update attendance set check_out = case when check_out is null then now() end where id = (select id from attendance where teacher_id = ${crew[i]} order by id limit 1)`,
      ),
      fc.tuple(pickTeacher, fc.nat(2), fc.boolean()).map(([i, s, all]) =>
        all
          ? sql`update leaves set status = (array['PENDING','APPROVED','REJECTED'])[${s + 1}]::review_status where teacher_id = ${crew[i]}`
          : sql`insert into leaves (teacher_id, start_date, end_date, reason, status)
                values (${crew[i]}, current_date, current_date + 1, 'Property', (array['PENDING','APPROVED','REJECTED'])[${s + 1}]::review_status)`,
      ),
      fc
        .tuple(pickTeacher, pickTeacher)
        .map(
          ([i, j]) =>
            sql`update leaves set teacher_id = ${crew[j]} where id = (select id from leaves where teacher_id = ${crew[i]} order by id limit 1)`,
        ),
      pickTeacher.map(
        (i) =>
          sql`delete from leaves where id = (select id from leaves where teacher_id = ${crew[i]} order by id desc limit 1)`,
      ),
      // An application's dates changed: into another month, longer or shorter (its approved days).
      fc.tuple(pickTeacher, fc.integer({ min: -40, max: 40 }), fc.nat(9)).map(
        ([i, shift, length]) =>
          sql`update leaves set start_date = start_date + ${shift}::int, end_date = start_date + ${shift + length}::int
            where id = (select id from leaves where teacher_id = ${crew[i]} order by id limit 1)`,
      ),
      // A record moved to another day (the app never does; the month counts follow it all the same).
      fc.tuple(pickTeacher, fc.integer({ min: -40, max: 40 })).map(
        ([i, d]) =>
          sql`update attendance a set date = a.date + ${d}::int
              where a.id = (select id from attendance where teacher_id = ${crew[i]} order by id desc limit 1)
                and not exists (select 1 from attendance b where b.teacher_id = a.teacher_id and b.date = a.date + ${d}::int)`,
      ),
      fc
        .tuple(pick, fc.constantFrom(null, 0, 50, 50.01, 900))
        .map(
          ([i, d]) =>
            sql`update home_visits set distance_from_home = ${d} where id = (select id from home_visits where student_id = ${pool[i]} order by id limit 1)`,
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

  it('upserts its rows in name order, so two writers never lock them in opposite orders (migration 0021)', async () => {
    const kinds = ['activities', 'measurements', 'home_visits', 'gifts', 'attendance', 'leaves'];
    for (const kind of kinds) {
      const [added] = await rows<{ q: string }>(sql`select live_counts_add_sql(${kind}, ${kind}, 1) as q`);
      const [moved] = await rows<{ q: string }>(sql`select live_counts_of_parents_sql(${kind}, 1) as q`);
      for (const { q } of [added, moved]) {
        expect(q, kind).toMatch(/GROUP BY k\.name ORDER BY k\.name\s+ON CONFLICT/);
      }
      // The statement is valid SQL (planned with the table's own rows as its source).
      await t.app.db.execute(sql.raw(`explain ${added.q}`));
    }
  });

  it('answers the administrator lists and dashboard with the same totals as counting', async () => {
    const [a, b] = [await newStudent(), await newStudent()];
    await addRecords([a, b]);
    await t.app.db.execute(sql`update students set deleted_at = now() where id = ${b}`);
    const [x, y] = [await seedUser(t.app), await seedUser(t.app)];
    await checkIn([x.id, y.id]);
    await checkIn([x.id], 'APPROVED');
    // Open records of the organisation's today and later are not incomplete (yet); one of a past day
    // checked out is not either.
    const orgToday = todayIn(t.config.orgTimezone);
    await t.app.db.execute(sql`insert into attendance (teacher_id, date, check_in)
      values (${x.id}, ${orgToday}::date, now()), (${x.id}, ${orgToday}::date + 1, now())`);
    await t.app.db.execute(sql`update attendance set check_out = now()
      where id = (select id from attendance where teacher_id = ${x.id} and date < ${orgToday}::date limit 1)`);
    await t.app.db.execute(sql`update users set deleted_at = now() where id = ${y.id}`);
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
    for (const near of ['warnings', 'normal'] as const) {
      expect(await total(`/api/home-visits?location=${near}&page=1&limit=12`)).toBe(
        truth[`home_visits:${near}`],
      );
    }
    expect(await total('/api/home-visits?location=all&page=1&limit=12')).toBe(truth.home_visits);
    expect(await total('/api/attendance/admin/all?page=1&limit=10')).toBe(truth.attendance);
    expect(await total('/api/attendance/admin/all?status=PENDING&page=1&limit=10')).toBe(
      truth['attendance:PENDING'],
    );
    expect(await total('/api/leaves/all?page=1&limit=10')).toBe(truth.leaves);
    for (const status of ['PENDING', 'APPROVED', 'REJECTED'] as const) {
      expect(await total(`/api/leaves/all?status=${status}&page=1&limit=10`)).toBe(
        truth[`leaves:${status}`] ?? 0,
      );
    }
    const leaveTiles = await t.app.inject({ method: 'GET', url: '/api/leaves/summary', headers: admin.auth });
    expect(leaveTiles.json()).toEqual({
      total: truth.leaves,
      pending: truth['leaves:PENDING'] ?? 0,
      approved: truth['leaves:APPROVED'] ?? 0,
      rejected: truth['leaves:REJECTED'] ?? 0,
    });
    expect(truth['leaves:APPROVED']).toBeGreaterThan(0);
    const [open] = await rows<{ n: number }>(sql`select count(*)::int as n from attendance r
      join users u on u.id = r.teacher_id where u.deleted_at is null and r.check_out is null
        and r.date < ${orgToday}::date`);
    const board = await t.app.inject({
      method: 'GET',
      url: '/api/attendance/admin/dashboard',
      headers: admin.auth,
    });
    expect(board.json().stats).toEqual({
      total: truth.attendance,
      pending: truth['attendance:PENDING'] ?? 0,
      approved: truth['attendance:APPROVED'] ?? 0,
      rejected: truth['attendance:REJECTED'] ?? 0,
      incomplete: open.n,
    });
    expect(open.n).toBeGreaterThan(0);
    // A filter the kept counts do not cover still counts exactly.
    expect(await total(`/api/activities?teacherId=${teacher.id}&page=1&limit=8`)).toBe(truth.activities);
    const [live] = await rows<{ n: number }>(
      sql`select count(*)::int as n from students where deleted_at is null`,
    );
    expect(live.n).toBeGreaterThan(0);
    // Every live student: the sum of the per-day counts (migration 0016).
    expect(await total('/api/students?page=1&limit=20')).toBe(live.n);
    const stats = await t.app.inject({ method: 'GET', url: '/api/dashboard/stats', headers: admin.auth });
    expect(stats.json()).toMatchObject({
      totalStudents: live.n,
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
            ? // Deleted or restored, renamed and given to another teacher or to none (its kept search row).
              t.app.db.execute(
                sql`update students set deleted_at = case when deleted_at is null then now() end,
                  first_name = ${`Race${i}`}, assigned_teacher_id = ${i % 2 ? null : teacher.id} where id = ${kid}`,
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

  it.runIf(onPostgres)(
    'keeps each child’s activities and gifts exact when writers change two children’s in opposite orders',
    async () => {
      const [x, y] = [await newStudent(), await newStudent()];
      const record = async (tx: Pick<typeof t.app.db, 'execute'>, kid: string) => {
        await tx.execute(sql`insert into activities (title, date, student_id, teacher_id)
          values ('Race', current_date, ${kid}, ${teacher.id})`);
        await tx.execute(sql`insert into gifts (student_id) values (${kid})`);
      };
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          t.app.db.transaction(async (tx) => {
            const [first, second] = i % 2 ? [x, y] : [y, x];
            await record(tx, first);
            await tx.execute(sql`update activities set deleted_at = now() where id = (
              select id from activities where student_id = ${second} and deleted_at is null order by id limit 1)`);
            await tx.execute(sql`update gifts set deleted_at = now() where id = (
              select id from gifts where student_id = ${second} and deleted_at is null order by id limit 1)`);
            await record(tx, second);
          }),
        ),
      );
      expect(await kept()).toEqual(await exact());
    },
  );

  it.runIf(onPostgres)(
    'stays exact when teachers check in and are reviewed while they are deleted and restored',
    async () => {
      const who = await seedUser(t.app);
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 5 === 0
            ? t.app.db.execute(
                sql`update users set deleted_at = case when deleted_at is null then now() end where id = ${who.id}`,
              )
            : t.app.db.transaction(async (tx) => {
                await tx.execute(sql`insert into attendance (teacher_id, date, check_in)
                  values (${who.id}, current_date - ${2000 + i}::int, now())`);
                await tx.execute(sql`update attendance set status = 'APPROVED'
                  where teacher_id = ${who.id} and date = current_date - ${2000 + i - 1}::int`);
                await tx.execute(sql`insert into leaves (teacher_id, start_date, end_date, reason)
                  values (${who.id}, current_date + ${i}::int, current_date + ${i}::int, 'Race')`);
                await tx.execute(sql`update leaves set status = 'APPROVED'
                  where teacher_id = ${who.id} and start_date = current_date + ${i - 1}::int`);
              }),
        ),
      );
      expect(await kept()).toEqual(await exact());
    },
  );
});

/**
 * `npm run bench`: seeds a large programme into a fresh database, serves the API on a local port, and
 * prints latency percentiles (p50/p95/p99) and requests per second for the busiest reads. Runs on a fresh
 * embedded PGlite, and also on PostgreSQL when DATABASE_URL is given (a fresh database named bench_… is
 * created on that server and dropped afterwards). It prints figures; it never fails on a time.
 *
 * Options (environment):
 *   BENCH_STUDENTS      students (default 5,000)
 *   BENCH_TEACHERS      teachers (default students / 25, at least 1: every teacher holds up to 25)
 *   BENCH_MEASUREMENTS  measurements (default 6 per student)
 *   BENCH_ACTIVITIES    activities (default 4 per student)
 *   BENCH_HOME_VISITS   home visits (default 2 per student)
 *   BENCH_GIFTS         gifts (default 2 per student)
 *   BENCH_LEAVES        leave applications (default 15 per teacher)
 *   BENCH_ATTENDANCE    attendance records (default 40 per teacher: the last 40 days)
 *   BENCH_DATABASES     which databases to measure: `pglite`, `postgres` or both, comma-separated
 *                       (default: pglite, plus postgres when DATABASE_URL is set)
 *   BENCH_REQUESTS      requests per endpoint (default 300)
 *   BENCH_CONCURRENCY   requests in flight (default 8)
 *   BENCH_ONLY          only the endpoints whose label contains this text (`a|b`: either)
 *   BENCH_SKIP          leave out the endpoints whose label contains this text (`a|b`: either)
 *   BENCH_KEEP_DATABASE `1`: keep the PostgreSQL database (its name is printed), e.g. to EXPLAIN queries
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { todayIn } from '@csp/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { testConfig } from '../apps/api/src/config.ts';
import { openDatabase, type Database } from '../apps/api/src/db/client.ts';
import { hashPassword } from '../apps/api/src/lib/passwords.ts';
import { runGrowthJob } from '../apps/api/src/modules/measurements/growth.jobs.ts';

const count = (name: string, fallback: number) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw.replace(/[_,]/g, ''));
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, not "${raw}"`);
  return n;
};

const STUDENTS = Math.max(1, count('BENCH_STUDENTS', 5_000));
const TEACHERS = Math.max(1, count('BENCH_TEACHERS', Math.ceil(STUDENTS / 25)));
const MEASUREMENTS = count('BENCH_MEASUREMENTS', STUDENTS * 6);
const ACTIVITIES = count('BENCH_ACTIVITIES', STUDENTS * 4);
const HOME_VISITS = count('BENCH_HOME_VISITS', STUDENTS * 2);
const GIFTS = count('BENCH_GIFTS', STUDENTS * 2);
const LEAVES = count('BENCH_LEAVES', TEACHERS * 15);
const ATTENDANCE = count('BENCH_ATTENDANCE', TEACHERS * 40);
const REQUESTS = Math.max(1, count('BENCH_REQUESTS', 300));
const CONCURRENCY = Math.max(1, count('BENCH_CONCURRENCY', 8));
const DATABASES = (process.env.BENCH_DATABASES || (process.env.DATABASE_URL ? 'pglite,postgres' : 'pglite'))
  .split(',')
  .map((d) => d.trim())
  .filter(Boolean);
/** What the web app asks for: the top-bar search shows 8 results per kind (SEARCH_RESULTS_PER_KIND). */
const SEARCH_PAGE = 'page=1&limit=8';

const fmt = (n: number) => n.toLocaleString('en-GB');

async function exec(database: Database, query: ReturnType<typeof sql>) {
  return (await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
}

/**
 * Seeds with one INSERT … SELECT over generate_series per table (no rows travel from Node), so 50,000
 * students and 300,000 measurements take seconds. Teacher k is `teacher<k>@bench.test`; student i is
 * `B-<i>`, assigned to teacher i mod TEACHERS; measurement, activity and visit i belong to student
 * i mod STUDENTS.
 */
async function seed(database: Database) {
  const today = todayIn('Asia/Colombo');
  const passwordHash = await hashPassword('bench-password');
  await exec(
    database,
    sql`insert into users (email, password_hash, first_name, last_name, role)
      values ('admin@bench.test', ${passwordHash}, 'Bench', 'Admin', 'ADMIN')`,
  );
  await exec(
    database,
    sql`insert into users (email, password_hash, first_name, last_name, role)
      select 'teacher' || k || '@bench.test', ${passwordHash}, 'Teacher' || k,
        (array['Kandiah', 'Rajan', 'Selvam', 'Kumar'])[k % 4 + 1], 'TEACHER'
      from generate_series(0, ${TEACHERS - 1}::int) k`,
  );
  // Ages stay inside each category's range (no category is due to move): babies 100–299 days,
  // HOME_BASE 700–899 days, CENTER_BASE 1,500–1,699 days.
  await exec(
    database,
    sql`insert into students (student_id, first_name, last_name, parent_name, date_of_birth, category,
        assigned_teacher_id, sex)
      select 'B-' || i,
        (array['Nila', 'Kavin', 'Yalini', 'Aran', 'Mathi', 'Piraba'])[i % 6 + 1] || i,
        (array['Sivakumar', 'Nadarajah', 'Kumaran'])[i % 3 + 1],
        'Parent ' || i,
        ${today}::date - (array[1500, 700, 100])[i % 3 + 1] - i % 200,
        (array['CENTER_BASE', 'HOME_BASE', 'SURVIVAL_PROGRAM'])[i % 3 + 1]::student_category,
        t.id, (array['MALE', 'FEMALE'])[i % 2 + 1]::sex
      from generate_series(0, ${STUDENTS - 1}::int) i
      join users t on t.email = 'teacher' || (i % ${TEACHERS}::int) || '@bench.test'`,
  );
  if (MEASUREMENTS > 0) {
    await exec(
      database,
      sql`insert into measurements (student_id, date, height, weight)
        select s.id, ${today}::date - (i * 37) % 400, 60 + i % 60, 6 + i % 20
        from generate_series(0, ${MEASUREMENTS - 1}::int) i
        join students s on s.student_id = 'B-' || (i % ${STUDENTS}::int)`,
    );
  }
  if (ACTIVITIES > 0) {
    // Recorded by the student's teacher, spread over the last 400 days.
    await exec(
      database,
      sql`insert into activities (title, date, duration, description, student_id, teacher_id)
        select (array['Reading corner', 'Clay modelling', 'Songs and rhymes', 'Garden walk'])[i % 4 + 1],
          ${today}::date - (i * 29) % 400, 120, 'Activity ' || i, s.id, s.assigned_teacher_id
        from generate_series(0, ${ACTIVITIES - 1}::int) i
        join students s on s.student_id = 'B-' || (i % ${STUDENTS}::int)`,
    );
  }
  if (HOME_VISITS > 0) {
    await exec(
      database,
      sql`insert into home_visits (student_id, teacher_id, visit_date, status, distance_from_home, is_within_range)
        select s.id, s.assigned_teacher_id, ${today}::date - (i * 13) % 700,
          (array['PENDING', 'APPROVED', 'REJECTED'])[i % 3 + 1]::review_status,
          (i * 7) % 400, (i * 7) % 400 <= 50
        from generate_series(0, ${HOME_VISITS - 1}::int) i
        join students s on s.student_id = 'B-' || (i % ${STUDENTS}::int)`,
    );
  }
  if (GIFTS > 0) {
    // Every status, dated over the last two years; a gift ID and a sponsor ID each.
    await exec(
      database,
      sql`insert into gifts (gift_id, global_sponsor_id, gift_sub_type, student_id, status, amount, gift_date)
        select 'BG-' || i, 'GS-' || (i % 997), (array['Birthday gift', 'School supplies', 'Festival gift'])[i % 3 + 1],
          s.id, (array['PENDING', 'IN_PROGRESS', 'DELIVERED', 'CANCELLED', 'DELIVERED'])[i % 5 + 1]::gift_status,
          (i % 5000) / 100.0, ${today}::date - (i * 11) % 730
        from generate_series(0, ${GIFTS - 1}::int) i
        join students s on s.student_id = 'B-' || (i % ${STUDENTS}::int)`,
    );
  }
  if (LEAVES > 0) {
    // Spread over the last three years, a day to three days each, decided except the newest.
    await exec(
      database,
      sql`insert into leaves (teacher_id, start_date, end_date, reason, status, applied_at)
        select u.id, ${today}::date - (i * 17) % 1095, ${today}::date - (i * 17) % 1095 + i % 3,
          'Leave ' || i, (array['APPROVED', 'APPROVED', 'REJECTED', 'PENDING'])[i % 4 + 1]::review_status,
          now() - ((i * 17) % 1095 + 5) * interval '1 day'
        from generate_series(0, ${LEAVES - 1}::int) i
        join users u on u.email = 'teacher' || (i % ${TEACHERS}::int) || '@bench.test'`,
    );
  }
  if (ATTENDANCE > 0) {
    // One record per teacher and day, going back from today; a mix of states, some open.
    await exec(
      database,
      sql`insert into attendance (teacher_id, date, check_in, check_out, check_in_location, check_in_location_name,
          status, is_within_office_range, distance_from_office)
        select u.id, ${today}::date - (i / ${TEACHERS}::int),
          (${today}::date - (i / ${TEACHERS}::int))::timestamp + interval '2 hours 30 minutes' + (i % 60) * interval '1 minute',
          case when i % 13 = 0 then null
            else (${today}::date - (i / ${TEACHERS}::int))::timestamp + interval '11 hours' + (i % 90) * interval '1 minute' end,
          '9.306400,80.403700', 'Programme office',
          (array['APPROVED', 'APPROVED', 'APPROVED', 'PENDING', 'REJECTED'])[i % 5 + 1]::review_status,
          i % 5 < 3, (i % 5) * 120.0
        from generate_series(0, ${ATTENDANCE - 1}::int) i
        join users u on u.email = 'teacher' || (i % ${TEACHERS}::int) || '@bench.test'`,
    );
  }
  // A server that has been running a while has its statistics and visibility map; a fresh bulk load
  // does not until autovacuum comes by. Measure the steady state.
  await exec(database, sql`vacuum analyze`);
  const { rows } = await exec(
    database,
    sql`select id, token_version as "tokenVersion", role from users
      where email in ('admin@bench.test', 'teacher0@bench.test')`,
  );
  const pick = (role: string) => {
    const row = rows.find((r) => r.role === role);
    if (!row) throw new Error(`no ${role} seeded`);
    return { id: String(row.id), tokenVersion: Number(row.tokenVersion) };
  };
  return { admin: pick('ADMIN'), teacher: pick('TEACHER') };
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function load(url: string, token: string) {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next++;
        const t0 = performance.now();
        const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        await res.arrayBuffer();
        if (!res.ok) failures++;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: latencies.length / seconds,
    failures,
  };
}

async function run(label: string, database: Database) {
  const t0 = performance.now();
  const { admin, teacher } = await seed(database);
  const perTeacher = Math.ceil(STUDENTS / TEACHERS);
  console.log(
    `\n## ${label}\n\nseeded ${fmt(TEACHERS)} teachers, ${fmt(STUDENTS)} students, ${fmt(MEASUREMENTS)} measurements, ${fmt(ACTIVITIES)} activities, ${fmt(HOME_VISITS)} home visits, ${fmt(GIFTS)} gifts, ${fmt(LEAVES)} leaves, ${fmt(ATTENDANCE)} attendance records in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const app = await buildApp(testConfig({ logLevel: process.env.BENCH_LOG_LEVEL || 'silent' }), { database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
  const adminToken = app.signToken(admin);
  const teacherToken = app.signToken(teacher);
  // The growth job scores the bulk-loaded measurements (as after a bulk load in production).
  const g0 = performance.now();
  const rescored = await runGrowthJob(app);
  console.log(
    `growth job: scored the measurements of ${fmt(rescored)} students in ${((performance.now() - g0) / 1000).toFixed(1)} s`,
  );
  const growthStudent = (
    await exec(
      database,
      sql`select id from students where assigned_teacher_id = ${teacher.id} order by first_name limit 1`,
    )
  ).rows[0].id as string;
  const cases: [string, string, string][] = [
    [`GET /students (teacher, own ${perTeacher})`, '/students', teacherToken],
    ['GET /students?page=1&limit=20 (admin)', '/students?page=1&limit=20', adminToken],
    ['GET /users?page=1&limit=10 (admin)', '/users?page=1&limit=10', adminToken],
    ['GET /measurements/status/all (teacher)', '/measurements/status/all', teacherToken],
    [`GET /measurements/status/all (admin, all ${fmt(STUDENTS)})`, '/measurements/status/all', adminToken],
    // The status page as the web app asks for it: one page of 10 and the counters.
    [
      'GET /measurements/status/all?page=1&limit=10 (admin)',
      '/measurements/status/all?page=1&limit=10',
      adminToken,
    ],
    ['GET /measurements/status/summary (admin)', '/measurements/status/summary', adminToken],
    ['GET /measurements/status/summary (teacher)', '/measurements/status/summary', teacherToken],
    // The activity (8 per page) and measurement (12 per page) lists as the web app asks for them.
    ['GET /activities?page=1&limit=8 (teacher)', '/activities?page=1&limit=8', teacherToken],
    ['GET /activities?page=1&limit=8 (admin)', '/activities?page=1&limit=8', adminToken],
    ['GET /measurements?page=1&limit=12 (teacher)', '/measurements?page=1&limit=12', teacherToken],
    ['GET /measurements?page=1&limit=12 (admin)', '/measurements?page=1&limit=12', adminToken],
    // Home visits: the list (12 per page) as each role's page asks for it, the review queue (10 per
    // page) with and without a filter, and the year filter's options.
    [
      'GET /home-visits?teacherId=…&page=1&limit=12 (teacher)',
      `/home-visits?teacherId=${teacher.id}&page=1&limit=12`,
      teacherToken,
    ],
    ['GET /home-visits?page=1&limit=12 (admin)', '/home-visits?page=1&limit=12', adminToken],
    [
      'GET /home-visits?location=warnings&page=1&limit=12 (admin)',
      '/home-visits?location=warnings&page=1&limit=12',
      adminToken,
    ],
    [
      'GET /home-visits/pending/review?page=1&limit=10 (admin)',
      '/home-visits/pending/review?page=1&limit=10',
      adminToken,
    ],
    [
      'GET /home-visits/pending/review?search=kandiah&page=1&limit=10 (admin)',
      '/home-visits/pending/review?search=kandiah&page=1&limit=10',
      adminToken,
    ],
    ['GET /home-visits/years (admin)', '/home-visits/years', adminToken],
    // Gifts (12 per page) as each role's page asks for them, and with a search.
    [
      'GET /gifts?teacherId=…&page=1&limit=12 (teacher)',
      `/gifts?teacherId=${teacher.id}&page=1&limit=12`,
      teacherToken,
    ],
    ['GET /gifts?page=1&limit=12 (admin)', '/gifts?page=1&limit=12', adminToken],
    [
      'GET /gifts?status=PENDING&page=1&limit=12 (admin)',
      '/gifts?status=PENDING&page=1&limit=12',
      adminToken,
    ],
    ['GET /gifts?search=nila1&page=1&limit=12 (admin)', '/gifts?search=nila1&page=1&limit=12', adminToken],
    // Leaves: the lists (10 per page) with their stat tiles, and the analytics tabs.
    ['GET /leaves/all?page=1&limit=10 (admin)', '/leaves/all?page=1&limit=10', adminToken],
    ['GET /leaves/summary (admin)', '/leaves/summary', adminToken],
    [
      'GET /leaves/teacher/{id}?page=1&limit=10 (teacher)',
      `/leaves/teacher/${teacher.id}?page=1&limit=10`,
      teacherToken,
    ],
    ['GET /leaves/analytics/monthly (admin)', '/leaves/analytics/monthly', adminToken],
    ['GET /leaves/analytics/yearly (admin)', '/leaves/analytics/yearly', adminToken],
    ['GET /leaves/analytics/teachers (admin)', '/leaves/analytics/teachers', adminToken],
    // Attendance: the review queue (10 per page) with its counters, a teacher's month, the report.
    [
      'GET /attendance/admin/all?status=PENDING&page=1&limit=10 (admin)',
      '/attendance/admin/all?status=PENDING&page=1&limit=10',
      adminToken,
    ],
    ['GET /attendance/admin/dashboard (admin)', '/attendance/admin/dashboard', adminToken],
    ['GET /attendance/today (teacher)', '/attendance/today', teacherToken],
    ['GET /attendance/monthly-stats (teacher)', '/attendance/monthly-stats', teacherToken],
    [
      'GET /attendance/admin/teacher-reports?page=1&limit=5 (admin)',
      '/attendance/admin/teacher-reports?page=1&limit=5',
      adminToken,
    ],
    [
      'GET /attendance/admin/teacher-reports/summary (admin, every teacher)',
      '/attendance/admin/teacher-reports/summary',
      adminToken,
    ],
    // Growth monitoring: children at risk (a page of 10, and the dashboard's 5), one child's charts.
    [
      'GET /measurements/at-risk?page=1&limit=10 (admin)',
      '/measurements/at-risk?page=1&limit=10',
      adminToken,
    ],
    [
      'GET /measurements/at-risk?condition=wasting&page=1&limit=10 (admin)',
      '/measurements/at-risk?condition=wasting&page=1&limit=10',
      adminToken,
    ],
    [
      'GET /measurements/at-risk?page=1&limit=5 (teacher)',
      '/measurements/at-risk?page=1&limit=5',
      teacherToken,
    ],
    ['GET /measurements/growth/{studentId} (teacher)', `/measurements/growth/${growthStudent}`, teacherToken],
    // Deleted records (10 per tab) and the audit trail's first page.
    [
      'GET /students/deleted/list?page=1&limit=10 (admin)',
      '/students/deleted/list?page=1&limit=10',
      adminToken,
    ],
    ['GET /audit?page=1&limit=20 (admin)', '/audit?page=1&limit=20', adminToken],
    ['GET /dashboard/stats (admin)', '/dashboard/stats', adminToken],
    ['GET /dashboard/stats (teacher)', '/dashboard/stats', teacherToken],
    // The top-bar search as the web app sends it: one page of 8 per kind, teachers only among users.
    [
      'search: GET /users?search=teacher1&role=TEACHER (admin, page of 8)',
      `/users?search=teacher1&role=TEACHER&${SEARCH_PAGE}`,
      adminToken,
    ],
    [
      'search: GET /students?search=nila1 (admin, page of 8)',
      `/students?search=nila1&${SEARCH_PAGE}`,
      adminToken,
    ],
    [
      'search: GET /students?search=nila (teacher, page of 8)',
      `/students?search=nila&teacherId=${teacher.id}&${SEARCH_PAGE}`,
      teacherToken,
    ],
    // Unpaged: every match is answered, so the cost follows the number of matches.
    ['search: GET /users?search=teacher1 (admin, unpaged)', '/users?search=teacher1', adminToken],
    ['search: GET /students?search=nila1 (admin, unpaged)', '/students?search=nila1', adminToken],
    ['search: GET /students?search=nila (teacher, unpaged)', '/students?search=nila', teacherToken],
  ];
  console.log(`\n${REQUESTS} requests per endpoint, ${CONCURRENCY} concurrent\n`);
  console.log('| endpoint | p50 ms | p95 ms | p99 ms | req/s | errors |');
  console.log('|---|---:|---:|---:|---:|---:|');
  const matches = (label: string, patterns = '') =>
    patterns.split('|').some((p) => p !== '' && label.includes(p));
  const { BENCH_ONLY: only, BENCH_SKIP: skip } = process.env;
  for (const [name, url, token] of cases.filter(([n]) => (!only || matches(n, only)) && !matches(n, skip))) {
    await load(base + url, token); // warm-up pass is not counted
    const r = await load(base + url, token);
    console.log(
      `| ${name} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.rps.toFixed(0)} | ${r.failures} |`,
    );
  }
  await app.close();
}

async function main() {
  console.log(
    `# Benchmark (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Node ${process.version})`,
  );
  const unknown = DATABASES.filter((d) => d !== 'pglite' && d !== 'postgres');
  if (unknown.length) throw new Error(`BENCH_DATABASES: unknown ${unknown.join(', ')} (pglite, postgres)`);
  if (DATABASES.includes('pglite')) {
    const dir = path.join(os.tmpdir(), `csp-bench-${randomBytes(4).toString('hex')}`);
    const lite = await openDatabase({ pgliteDir: dir });
    try {
      await run('PGlite (embedded, on disk)', lite);
    } finally {
      await lite.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (!DATABASES.includes('postgres')) return;
  if (!process.env.DATABASE_URL) {
    console.log('\n(PostgreSQL skipped: set DATABASE_URL to also measure a PostgreSQL server.)');
    return;
  }
  const name = `bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  try {
    const database = await openDatabase({ databaseUrl: url.toString() });
    try {
      await run('PostgreSQL (DATABASE_URL)', database);
    } finally {
      await database.close();
    }
  } finally {
    if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`\n(kept the database ${name})`);
    else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

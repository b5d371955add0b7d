/**
 * `npm run bench`: seeds a large programme into a fresh database, serves the API on a local port, and
 * prints latency percentiles (p50/p95/p99) and requests per second for the busiest reads. Runs on a fresh
 * embedded PGlite, and also on PostgreSQL when DATABASE_URL is given (a fresh database named bench_… is
 * created on that server and dropped afterwards). It prints figures; it never fails on a time.
 *
 * Options (environment):
 *   BENCH_SCALE         a preset: `small` (1,000 students) or `national` (50,000 students, 2,000 teachers,
 *                       1,000,000 activities, 300,000 measurements, 200,000 home visits, 100,000 gifts,
 *                       30,000 leaves, 500,000 attendance records, 1,000,000 notifications); `small` has
 *                       the national ratios. Unset: the defaults below. The variables below override it.
 *   BENCH_STUDENTS      students (default 5,000)
 *   BENCH_TEACHERS      teachers (default students / 25, at least 1: every teacher holds up to 25)
 *   BENCH_MEASUREMENTS  measurements (default 6 per student)
 *   BENCH_ACTIVITIES    activities (default 4 per student; presets 20)
 *   BENCH_HOME_VISITS   home visits (default 2 per student; presets 4)
 *   BENCH_GIFTS         gifts (default 2 per student)
 *   BENCH_LEAVES        leave applications (default 15 per teacher)
 *   BENCH_ATTENDANCE    attendance records (default 40 per teacher: the last 40 days; presets 250)
 *   BENCH_NOTIFICATIONS notifications (default 500 per teacher), spread over the teachers and the admin
 *                       and over the last year, about 30 % unread
 *   BENCH_COMPARE       two presets, e.g. `small,national`: seeds both (a fresh database each) on each
 *                       selected database, then measures each endpoint at the two scales in turn, in
 *                       BENCH_ROUNDS rounds (default 4) of BENCH_REQUESTS / rounds requests each, and
 *                       prints p50/p95 at each scale over all its rounds and the p95 ratio: a drift of
 *                       the machine during the run (another process, autovacuum) falls on both scales
 *                       alike instead of on whichever was measured at the time
 *   BENCH_ROUNDS        rounds of the comparison above (default 4); also the rounds in which the two
 *                       student lists and their statements alone alternate (the API's own overhead)
 *   BENCH_DATABASES     which databases to measure: `pglite`, `postgres` or both, comma-separated
 *                       (default: pglite, plus postgres when DATABASE_URL is set)
 *   BENCH_REQUESTS      requests per endpoint (default 300)
 *   BENCH_CONCURRENCY   requests in flight (default 8)
 *   BENCH_ONLY          only the endpoints whose label contains this text (`a|b`: either)
 *   BENCH_SKIP          leave out the endpoints whose label contains this text (`a|b`: either)
 *   BENCH_KEEP_DATABASE `1`: keep the PostgreSQL database (its name is printed), e.g. to EXPLAIN queries
 *   BENCH_EXPLAIN       a markdown file (PostgreSQL only): after the load, the SQL each of a few admin calls
 *                       issues, with `EXPLAIN (ANALYZE, BUFFERS)` of each SELECT (a parameter or plan line
 *                       longer than 2,000 characters cut, saying how much)
 *   BENCH_WEB_DIST      a built web app (default apps/web/dist when it holds index.html): its first-load
 *                       sizes are printed (scripts/web-size.ts)
 */
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { todayIn } from '@csp/contracts';
import { sql, type SQL } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { testConfig } from '../apps/api/src/config.ts';
import { openDatabase, type Database } from '../apps/api/src/db/client.ts';
import { hashPassword } from '../apps/api/src/lib/passwords.ts';
import { findSessionActor } from '../apps/api/src/modules/auth/auth.repo.ts';
import { runGrowthJob } from '../apps/api/src/modules/measurements/growth.jobs.ts';
import { countStudents, listStudents } from '../apps/api/src/modules/students/students.repo.ts';
import { openExplainer, shortened } from './lib/explain.ts';

const count = (name: string, fallback: number) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw.replace(/[_,]/g, ''));
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, not "${raw}"`);
  return n;
};

/** Rows per student (the student tables) and per teacher (the teacher tables) of a preset. */
interface Preset {
  students: number;
  perStudent: { measurements: number; activities: number; homeVisits: number; gifts: number };
  perTeacher: { leaves: number; attendance: number; notifications: number };
}
/** The national programme's ratios: 50,000 students give the figures. */
const NATIONAL_RATIOS = {
  perStudent: { measurements: 6, activities: 20, homeVisits: 4, gifts: 2 },
  perTeacher: { leaves: 15, attendance: 250, notifications: 500 },
};
const PRESETS: Record<string, Preset> = {
  default: {
    students: 5_000,
    perStudent: { measurements: 6, activities: 4, homeVisits: 2, gifts: 2 },
    perTeacher: { leaves: 15, attendance: 40, notifications: 500 },
  },
  small: { students: 1_000, ...NATIONAL_RATIOS },
  national: { students: 50_000, ...NATIONAL_RATIOS },
};

interface Scale {
  /** The preset's name (`default` without BENCH_SCALE). */
  name: string;
  teachers: number;
  students: number;
  measurements: number;
  activities: number;
  homeVisits: number;
  gifts: number;
  leaves: number;
  attendance: number;
  notifications: number;
}

/** A preset's counts, each overridden by its BENCH_* variable when set. */
function scaleOf(name: string): Scale {
  const preset = PRESETS[name];
  if (!preset) throw new Error(`unknown scale "${name}" (${Object.keys(PRESETS).join(', ')})`);
  const students = Math.max(1, count('BENCH_STUDENTS', preset.students));
  const teachers = Math.max(1, count('BENCH_TEACHERS', Math.ceil(students / 25)));
  const { perStudent, perTeacher } = preset;
  return {
    name,
    teachers,
    students,
    measurements: count('BENCH_MEASUREMENTS', students * perStudent.measurements),
    activities: count('BENCH_ACTIVITIES', students * perStudent.activities),
    homeVisits: count('BENCH_HOME_VISITS', students * perStudent.homeVisits),
    gifts: count('BENCH_GIFTS', students * perStudent.gifts),
    leaves: count('BENCH_LEAVES', teachers * perTeacher.leaves),
    attendance: count('BENCH_ATTENDANCE', teachers * perTeacher.attendance),
    notifications: count('BENCH_NOTIFICATIONS', teachers * perTeacher.notifications),
  };
}

const SCALE = process.env.BENCH_SCALE?.trim() || 'default';
const COMPARE = (process.env.BENCH_COMPARE ?? '')
  .split(',')
  .map((d) => d.trim())
  .filter(Boolean);
if (COMPARE.length !== 0 && COMPARE.length !== 2) {
  throw new Error(
    `BENCH_COMPARE takes two presets, e.g. small,national (not "${process.env.BENCH_COMPARE}")`,
  );
}
const EXPLAIN_FILE = process.env.BENCH_EXPLAIN?.trim() || undefined;
const REQUESTS = Math.max(1, count('BENCH_REQUESTS', 300));
const CONCURRENCY = Math.max(1, count('BENCH_CONCURRENCY', 8));
const ROUNDS = Math.max(1, count('BENCH_ROUNDS', 4));
/** Requests in each round. */
const PER_ROUND = Math.max(1, Math.ceil(REQUESTS / ROUNDS));
const DATABASES = (process.env.BENCH_DATABASES || (process.env.DATABASE_URL ? 'pglite,postgres' : 'pglite'))
  .split(',')
  .map((d) => d.trim())
  .filter(Boolean);
/** What the web app asks for: the top-bar search shows 8 results per kind (SEARCH_RESULTS_PER_KIND). */
const SEARCH_PAGE = 'page=1&limit=8';
/**
 * Searches for one person by full name, as the seed names them: teacher 17 and child 102 exist at every
 * preset, and no other name contains these (Teacher170 Selvam, Nila1020 Sivakumar: not these strings).
 */
const ONE_TEACHER = encodeURIComponent('Teacher17 Rajan');
const ONE_CHILD = encodeURIComponent('Nila102 Sivakumar');

const fmt = (n: number) => n.toLocaleString('en-GB');

async function exec(database: Database, query: ReturnType<typeof sql>) {
  return (await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
}

/** How long each table took to seed: table, rows, seconds, of which building its indexes. */
type SeedTimes = [string, number, number, number][];

/**
 * Seeds with one INSERT … SELECT over generate_series per table (no rows travel from Node), so 50,000
 * students and 1,000,000 activities take seconds to minutes. Teacher k is `teacher<k>@bench.test`;
 * student i is `B-<i>`, assigned to teacher i mod teachers; measurement, activity, visit and gift i belong
 * to student i mod students. Two unlogged lookup tables (number → id, dropped at the end) spare the big
 * inserts a join on a built text ('B-' || i) per row.
 */
async function seed(database: Database, scale: Scale) {
  const { teachers: TEACHERS, students: STUDENTS } = scale;
  const today = todayIn('Asia/Colombo');
  const passwordHash = await hashPassword('bench-password');
  const times: SeedTimes = [];
  // A table's secondary indexes (those no constraint owns) are dropped before its rows go in and built
  // again from their own definitions afterwards: one build per index instead of a million inserts into
  // each (two of the activities' are trigram GIN indexes). The indexes end up the same, only compact.
  const step = async (table: string, rows: number, ...queries: SQL[]) => {
    if (rows <= 0) return;
    const t0 = performance.now();
    const indexes = table.startsWith('(')
      ? []
      : ((
          await exec(
            database,
            sql`select indexname as name, indexdef as definition from pg_indexes i
              where schemaname = 'public' and tablename = ${table} and not exists (
                select 1 from pg_constraint c where c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`,
          )
        ).rows as { name: string; definition: string }[]);
    for (const { name } of indexes) await exec(database, sql`drop index ${sql.identifier(name)}`);
    for (const query of queries) await exec(database, query);
    const t1 = performance.now();
    for (const { definition } of indexes) await exec(database, sql.raw(definition));
    const t2 = performance.now();
    times.push([table, rows, (t2 - t0) / 1000, (t2 - t1) / 1000]);
  };
  await step(
    'users',
    TEACHERS + 1,
    // Accounts three years old: no record predates its teacher (the attendance rule counts a teacher's
    // days from the day their account was created).
    sql`insert into users (email, password_hash, first_name, last_name, role, created_at)
      values ('admin@bench.test', ${passwordHash}, 'Bench', 'Admin', 'ADMIN', now() - interval '3 years')`,
    sql`insert into users (email, password_hash, first_name, last_name, role, created_at)
      select 'teacher' || k || '@bench.test', ${passwordHash}, 'Teacher' || k,
        (array['Kandiah', 'Rajan', 'Selvam', 'Kumar'])[k % 4 + 1], 'TEACHER', now() - interval '3 years'
      from generate_series(0, ${TEACHERS - 1}::int) k`,
    // Teacher k's id under k, the admin's under TEACHERS.
    sql`create unlogged table bench_users as
      select coalesce(substring(email from '^teacher([0-9]+)@')::int, ${TEACHERS}::int) as k, id from users`,
    sql`alter table bench_users add primary key (k)`,
  );
  // Ages stay inside each category's range (no category is due to move): babies 100–299 days,
  // HOME_BASE 700–899 days, CENTER_BASE 1,500–1,699 days.
  await step(
    'students',
    STUDENTS,
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
      join bench_users t on t.k = i % ${TEACHERS}::int`,
    sql`create unlogged table bench_students as
      select substr(student_id, 3)::int as n, id, assigned_teacher_id as teacher_id from students`,
    sql`alter table bench_students add primary key (n)`,
  );
  await step(
    'measurements',
    scale.measurements,
    sql`insert into measurements (student_id, date, height, weight)
      select s.id, ${today}::date - (i * 37) % 400, 60 + i % 60, 6 + i % 20
      from generate_series(0, ${scale.measurements - 1}::int) i
      join bench_students s on s.n = i % ${STUDENTS}::int`,
  );
  // Recorded by the student's teacher, spread over the last 400 days.
  await step(
    'activities',
    scale.activities,
    sql`insert into activities (title, date, duration, description, student_id, teacher_id)
      select (array['Reading corner', 'Clay modelling', 'Songs and rhymes', 'Garden walk'])[i % 4 + 1],
        ${today}::date - (i * 29) % 400, 120, 'Activity ' || i, s.id, s.teacher_id
      from generate_series(0, ${scale.activities - 1}::int) i
      join bench_students s on s.n = i % ${STUDENTS}::int`,
  );
  await step(
    'home_visits',
    scale.homeVisits,
    sql`insert into home_visits (student_id, teacher_id, visit_date, status, distance_from_home, is_within_range)
      select s.id, s.teacher_id, ${today}::date - (i * 13) % 700,
        (array['PENDING', 'APPROVED', 'REJECTED'])[i % 3 + 1]::review_status,
        (i * 7) % 400, (i * 7) % 400 <= 50
      from generate_series(0, ${scale.homeVisits - 1}::int) i
      join bench_students s on s.n = i % ${STUDENTS}::int`,
  );
  // Every status, dated over the last two years; a gift ID and a sponsor ID each.
  await step(
    'gifts',
    scale.gifts,
    sql`insert into gifts (gift_id, global_sponsor_id, gift_sub_type, student_id, status, amount, gift_date)
      select 'BG-' || i, 'GS-' || (i % 997), (array['Birthday gift', 'School supplies', 'Festival gift'])[i % 3 + 1],
        s.id, (array['PENDING', 'IN_PROGRESS', 'DELIVERED', 'CANCELLED', 'DELIVERED'])[i % 5 + 1]::gift_status,
        (i % 5000) / 100.0, ${today}::date - (i * 11) % 730
      from generate_series(0, ${scale.gifts - 1}::int) i
      join bench_students s on s.n = i % ${STUDENTS}::int`,
  );
  // Spread over the last three years, a day to three days each, decided except the newest.
  await step(
    'leaves',
    scale.leaves,
    sql`insert into leaves (teacher_id, start_date, end_date, reason, status, applied_at)
      select u.id, ${today}::date - (i * 17) % 1095, ${today}::date - (i * 17) % 1095 + i % 3,
        'Leave ' || i, (array['APPROVED', 'APPROVED', 'REJECTED', 'PENDING'])[i % 4 + 1]::review_status,
        now() - ((i * 17) % 1095 + 5) * interval '1 day'
      from generate_series(0, ${scale.leaves - 1}::int) i
      join bench_users u on u.k = i % ${TEACHERS}::int`,
  );
  // One record per teacher and day, going back from today; a mix of states, some open.
  await step(
    'attendance',
    scale.attendance,
    sql`insert into attendance (teacher_id, date, check_in, check_out, check_in_location, check_in_location_name,
        status, is_within_office_range, distance_from_office)
      select u.id, ${today}::date - (i / ${TEACHERS}::int),
        (${today}::date - (i / ${TEACHERS}::int))::timestamp + interval '2 hours 30 minutes' + (i % 60) * interval '1 minute',
        case when i % 13 = 0 then null
          else (${today}::date - (i / ${TEACHERS}::int))::timestamp + interval '11 hours' + (i % 90) * interval '1 minute' end,
        '9.306400,80.403700', 'Programme office',
        (array['APPROVED', 'APPROVED', 'APPROVED', 'PENDING', 'REJECTED'])[i % 5 + 1]::review_status,
        i % 5 < 3, (i % 5) * 120.0
      from generate_series(0, ${scale.attendance - 1}::int) i
      join bench_users u on u.k = i % ${TEACHERS}::int`,
  );
  // Notification i goes to user i mod (teachers + 1) (the last one is the admin), at a minute of the last
  // year (i × 7,919 mod 525,600 minutes ago: a permutation of the year's minutes); the newest 30 % of the
  // year are unread.
  await step(
    'notifications',
    scale.notifications,
    sql`insert into notifications (user_id, type, title, message, is_read, created_at)
      select u.id,
        (array['GIFT_ASSIGNMENT', 'MEASUREMENT_REMINDER', 'HOME_VISIT_REMINDER', 'student_assigned', 'GENERAL'])[i % 5 + 1],
        (array['Gift assigned', 'Measurement due', 'Home visit due', 'Student assigned', 'Programme notice'])[i % 5 + 1],
        'Notification ' || i || ' for the bench',
        (i::bigint * 7919) % 525600 >= 157680,
        now() - ((i::bigint * 7919) % 525600) * interval '1 minute'
      from generate_series(0, ${scale.notifications - 1}::int) i
      join bench_users u on u.k = i % ${TEACHERS + 1}::int`,
  );
  await step('(lookup tables dropped)', 1, sql`drop table bench_students`, sql`drop table bench_users`);
  // A server that has been running a while has its statistics and visibility map; a fresh bulk load
  // does not until autovacuum comes by. Measure the steady state.
  await step('(vacuum analyze)', 1, sql`vacuum analyze`);
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
  return { admin: pick('ADMIN'), teacher: pick('TEACHER'), times };
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * The load generator, in a worker thread of its own: a client on another machine does not share the
 * server's event loop, so neither does this one (in the server's thread, sending the requests and reading
 * the answers took a share of that thread's time). `requests` requests to `url`, `concurrency` at a
 * time, over kept-alive connections: each one's latency, the wall time, the failures. With \`post\`, each
 * is a POST of its JSON body, with a fresh Idempotency-Key each when \`keyed\`.
 *
 * It asks for compressed answers as Chromium does (\`Accept-Encoding\`), so the server compresses as it
 * would for a browser, and reads the bytes without decompressing them: on a phone that is the phone's
 * work, and here it would take the two cores the server and the database share (Node's \`fetch\`
 * decompressing cost a list call a sizeable share of its requests a second).
 */
const LOAD_WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const http = require('node:http');
parentPort.on('message', async ({ url, token, requests, concurrency, post }) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const send = () =>
    new Promise((resolve, reject) => {
      const headers = { authorization: 'Bearer ' + token, 'accept-encoding': 'gzip, deflate, br, zstd' };
      if (post) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = Buffer.byteLength(post.body);
        if (post.keyed) headers['idempotency-key'] = crypto.randomUUID();
      }
      const req = http.request(url, { method: post ? 'POST' : 'GET', headers, agent }, (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode >= 200 && res.statusCode < 300));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(post ? post.body : undefined);
    });
  const latencies = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        next++;
        const t0 = performance.now();
        try {
          if (!(await send())) failures++;
        } catch {
          failures++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  agent.destroy();
  parentPort.postMessage({ latencies, seconds: (performance.now() - started) / 1000, failures });
});
`;
let loadWorker: Worker | undefined;

/** A write measured by the bench: its JSON body, and whether each request carries a fresh Idempotency-Key. */
interface PostSpec {
  body: string;
  keyed: boolean;
}
/** One measured call: its label, its address below /api, the bearer token, and for a write its body. */
type Case = [label: string, url: string, token: string, post?: PostSpec];

/** `requests` requests to `url`, CONCURRENCY at a time, sent from the load generator's thread. */
function load(url: string, token: string, requests = REQUESTS, post?: PostSpec): Promise<Sample> {
  const worker = (loadWorker ??= new Worker(LOAD_WORKER_SOURCE, { eval: true }));
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    worker.once('error', onError);
    worker.once('message', (sample: Sample) => {
      worker.off('error', onError);
      resolve(sample);
    });
    worker.postMessage({ url, token, requests, concurrency: CONCURRENCY, post });
  });
}

/** Ends the load generator's thread (the process would otherwise stay up for it). */
async function stopLoadWorker() {
  await loadWorker?.terminate();
  loadWorker = undefined;
}

interface Sample {
  latencies: number[];
  seconds: number;
  failures: number;
}

/** p50, p95, p99 over the samples' latencies together, and their requests per second. */
function summarize(samples: Sample[]) {
  const latencies = samples.flatMap((x) => x.latencies).sort((a, b) => a - b);
  const seconds = samples.reduce((sum, x) => sum + x.seconds, 0);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: latencies.length / seconds,
    failures: samples.reduce((sum, x) => sum + x.failures, 0),
  };
}

/** One measured endpoint: `index` is its place in the list of cases (the same at every scale). */
interface Row {
  index: number;
  label: string;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  failures: number;
}

const BARE_LABEL = 'GET /bare (bare Fastify, no plugins)';

/** Starts `app` on a free local port and answers its origin (`http://127.0.0.1:port`). */
async function listenLocally(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** A token's caller and session, as the auth plugin reads them. */
interface Session {
  sub: string;
  sid: string;
}

/**
 * The overhead cases' database work without the API around them: a bare Fastify app (no plugins, no
 * validation, no schema serializer) whose routes run the statements the two calls run, through the same
 * database handle: the session lookup, then the teacher's own students, or the admin's first page of 20
 * with its total. Its requests a second are the ceiling of those calls on this database; the API's own
 * overhead is what the calls lose against it.
 */
async function sameStatementsApp(database: Database, today: string, teacher: Session, admin: Session) {
  const same = Fastify();
  same.get('/teacher-students', async () => {
    await findSessionActor(database.db, teacher.sub, teacher.sid);
    return (await listStudents(database.db, { today, teacherId: teacher.sub })).items;
  });
  same.get('/admin-students', async (_request, reply) => {
    await findSessionActor(database.db, admin.sub, admin.sid);
    const [{ items }, total] = await Promise.all([
      listStudents(database.db, { today }, { offset: 0, limit: 20 }),
      countStudents(database.db, { today }),
    ]);
    void reply.header('x-total-count', String(total));
    return items;
  });
  return { app: same, base: await listenLocally(same) };
}

/** The calls whose statements BENCH_EXPLAIN explains, made once each as the admin. */
const EXPLAIN_CALLS: [string, string][] = [
  ["the admin's first page of students", '/students?page=1&limit=20'],
  ["the admin's first page of activities", '/activities?page=1&limit=8'],
  ["the admin's first page of measurements", '/measurements?page=1&limit=12'],
  ["the admin's first page of home visits", '/home-visits?page=1&limit=12'],
  ["the admin's first page of gifts", '/gifts?page=1&limit=12'],
  ['the home-visit review queue', '/home-visits/pending/review?page=1&limit=10'],
  ['the measurement status page', '/measurements/status/all?page=1&limit=10'],
  ['the measurement status counters', '/measurements/status/summary'],
  ["the admin's dashboard stats", '/dashboard/stats'],
  ['the attendance teacher report', '/attendance/admin/teacher-reports?page=1&limit=5'],
  ['the attendance teacher-reports summary', '/attendance/admin/teacher-reports/summary'],
  ['the attendance dashboard', '/attendance/admin/dashboard'],
  ['the attendance review list', '/attendance/admin/all?status=PENDING&page=1&limit=10'],
  ['the home visits beyond the warning distance', '/home-visits?location=warnings&page=1&limit=12'],
  ['the children at risk', '/measurements/at-risk?page=1&limit=10'],
  ['the leave analytics per teacher', '/leaves/analytics/teachers?page=1&limit=10'],
  ['the leave analytics by year', '/leaves/analytics/yearly'],
  ['a search of the gifts', '/gifts?search=nila1&page=1&limit=12'],
  ['a search of the activities', '/activities?search=nila1&page=1&limit=8'],
  ["the top bar's search of teachers", `/users?search=teacher1&role=TEACHER&${SEARCH_PAGE}`],
  ["the top bar's search of students", `/students?search=nila1&${SEARCH_PAGE}`],
  ["the audit trail's first page", '/audit?page=1&limit=20'],
];
/** The plans of every run so far (PostgreSQL runs with BENCH_EXPLAIN), written to the file after each. */
const explainSections: string[] = [];

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A seeded scale with its app listening: the cases to measure, and `finish` (overhead, plans, close). */
interface Prepared {
  cases: Case[];
  base: string;
  finish: (rows: Row[]) => Promise<void>;
}

async function prepare(
  label: string,
  database: Database,
  scale: Scale,
  databaseUrl?: string,
): Promise<Prepared> {
  const STUDENTS = scale.students;
  const t0 = performance.now();
  const { admin, teacher, times } = await seed(database, scale);
  const perTeacher = Math.ceil(STUDENTS / scale.teachers);
  console.log(
    `\n## ${label}\n\nseeded ${fmt(scale.teachers)} teachers, ${fmt(STUDENTS)} students, ${fmt(scale.measurements)} measurements, ${fmt(scale.activities)} activities, ${fmt(scale.homeVisits)} home visits, ${fmt(scale.gifts)} gifts, ${fmt(scale.leaves)} leaves, ${fmt(scale.attendance)} attendance records, ${fmt(scale.notifications)} notifications in ${seconds(performance.now() - t0)}\n`,
  );
  console.log('| seeded | rows | seconds | of which indexes |');
  console.log('|---|---:|---:|---:|');
  for (const [table, rows, s, indexes] of times) {
    const own = !table.startsWith('(');
    console.log(
      `| ${table} | ${own ? fmt(rows) : ''} | ${s.toFixed(1)} | ${own ? indexes.toFixed(1) : ''} |`,
    );
  }
  const app = await buildApp(
    testConfig({
      logLevel: process.env.BENCH_LOG_LEVEL || 'silent',
      // One teacher sends every write of the load (hundreds a minute): the per-user limit (decision
      // 0033) would cut the measurement short, and is not what it measures.
      userWritesPerMinute: 1_000_000_000,
      userUploadsPerHour: 1_000_000_000,
    }),
    { database },
  );
  const base = `${await listenLocally(app)}/api`;
  const adminToken = app.signToken(admin);
  const teacherToken = app.signToken(teacher);
  const sessions = {
    admin: app.jwt.decode<Session>(adminToken)!,
    teacher: app.jwt.decode<Session>(teacherToken)!,
  };
  // The growth job scores the bulk-loaded measurements (as after a bulk load in production).
  const g0 = performance.now();
  const rescored = await runGrowthJob(app);
  console.log(
    `\ngrowth job: scored the measurements of ${fmt(rescored)} students in ${seconds(performance.now() - g0)}`,
  );
  // The job rewrote every measurement and student row: vacuum again (as autovacuum would before long),
  // so the figures are the steady state's, not a run that autovacuum interrupts halfway.
  const v0 = performance.now();
  await exec(database, sql`vacuum analyze`);
  console.log(`vacuum analyze after the growth job: ${seconds(performance.now() - v0)}`);
  const growthStudent = (
    await exec(
      database,
      sql`select id from students where assigned_teacher_id = ${teacher.id} order by first_name limit 1`,
    )
  ).rows[0].id as string;
  // One record of teacher0's per resource, for the detail calls (as the admin and as that teacher).
  const firstId = async (what: string, query: SQL) => {
    const row = (await exec(database, query)).rows[0];
    if (!row) throw new Error(`no ${what} of teacher0 seeded (is its BENCH_* count 0?)`);
    return String(row.id);
  };
  const own = {
    activity: await firstId(
      'activity',
      sql`select id from activities where teacher_id = ${teacher.id} order by id limit 1`,
    ),
    measurement: await firstId(
      'measurement',
      sql`select m.id from measurements m join students s on s.id = m.student_id
        where s.assigned_teacher_id = ${teacher.id} order by m.id limit 1`,
    ),
    homeVisit: await firstId(
      'home visit',
      sql`select id from home_visits where teacher_id = ${teacher.id} order by id limit 1`,
    ),
    gift: await firstId(
      'gift',
      sql`select g.id from gifts g join students s on s.id = g.student_id
        where s.assigned_teacher_id = ${teacher.id} order by g.id limit 1`,
    ),
    leave: await firstId(
      'leave',
      sql`select id from leaves where teacher_id = ${teacher.id} order by id limit 1`,
    ),
  };
  /**
   * A keyset page as deep as page `depth` of `limit` rows: the X-Next-Cursor of that numbered page (or,
   * where the list is shorter, of its first page).
   */
  const deepAfter = async (path: string, limit: number, token: string, depth = 499) => {
    for (const page of [depth, 1]) {
      const res = await fetch(`${base}${path}?page=${page}&limit=${limit}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const cursor = res.headers.get('x-next-cursor');
      if (cursor) return `${path}?after=${cursor}&limit=${limit}`;
    }
    return `${path}?page=1&limit=${limit}`;
  };
  const activityBody = JSON.stringify({
    title: 'Bench activity',
    studentId: growthStudent,
    date: todayIn('Asia/Colombo'),
    description: 'Written by the bench',
  });
  const cases: Case[] = [
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
    // The dashboard's measurement panel (decision 0017): the counters above and 5 of each list, due first.
    ...(['overdue', 'due_soon', 'never_measured'] as const).map((status): Case => [
      `GET /measurements/status/all?status=${status}&order=due&page=1&limit=5 (admin, dashboard)`,
      `/measurements/status/all?status=${status}&order=due&page=1&limit=5`,
      adminToken,
    ]),
    [
      'GET /measurements/status/all?status=overdue&order=due&page=1&limit=5 (teacher, dashboard)',
      '/measurements/status/all?status=overdue&order=due&page=1&limit=5',
      teacherToken,
    ],
    // The activity (8 per page) and measurement (12 per page) lists as the web app asks for them.
    ['GET /activities?page=1&limit=8 (teacher)', '/activities?page=1&limit=8', teacherToken],
    ['GET /activities?page=1&limit=8 (admin)', '/activities?page=1&limit=8', adminToken],
    // The activities searched by a common part of the children's names ("nila1": 1,853 children and their
    // 37,060 activities at national scale) and by one child's full name.
    [
      'GET /activities?search=nila1&page=1&limit=8 (admin)',
      '/activities?search=nila1&page=1&limit=8',
      adminToken,
    ],
    [
      'GET /activities?search=<one child>&page=1&limit=8 (admin)',
      `/activities?search=${ONE_CHILD}&page=1&limit=8`,
      adminToken,
    ],
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
    // The same queue searched for one child by full name: the same matches (a couple of visits) at
    // every scale, so its cost shows what the table's size adds; "kandiah" (a quarter of the teachers)
    // shows what a broad term's matches cost.
    [
      'GET /home-visits/pending/review?search=<one child>&page=1&limit=10 (admin)',
      `/home-visits/pending/review?search=${ONE_CHILD}&page=1&limit=10`,
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
    [
      'GET /gifts?search=<one child>&page=1&limit=12 (admin)',
      `/gifts?search=${ONE_CHILD}&page=1&limit=12`,
      adminToken,
    ],
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
    // The Teacher-wise tab's page of teachers; unpaged, every teacher of the programme (the spec's call).
    [
      'GET /leaves/analytics/teachers?page=1&limit=10 (admin)',
      '/leaves/analytics/teachers?page=1&limit=10',
      adminToken,
    ],
    ['GET /leaves/analytics/teachers (admin, unpaged)', '/leaves/analytics/teachers', adminToken],
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
    // One teacher and one child by full name: one match at every scale ("teacher1" and "nila1" match
    // 55 % of the teachers and 4 % of the children, so their matches grow with the seed).
    [
      'search: GET /users?search=<one teacher>&role=TEACHER (admin, page of 8)',
      `/users?search=${ONE_TEACHER}&role=TEACHER&${SEARCH_PAGE}`,
      adminToken,
    ],
    [
      'search: GET /students?search=<one child> (admin, page of 8)',
      `/students?search=${ONE_CHILD}&${SEARCH_PAGE}`,
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
    // Deep pages of the big admin lists, at each list's page size in the web app: the page's offset is
    // walked (page 500 lies past the end of the smaller lists at small scales: still a full count and an
    // offset walk, and an empty answer). A teacher holds about 500 notifications at every preset: page 50
    // of 10 is near the end of them.
    ['GET /students?page=500&limit=20 (admin, deep)', '/students?page=500&limit=20', adminToken],
    ['GET /activities?page=500&limit=8 (admin, deep)', '/activities?page=500&limit=8', adminToken],
    ['GET /measurements?page=500&limit=12 (admin, deep)', '/measurements?page=500&limit=12', adminToken],
    ['GET /home-visits?page=500&limit=12 (admin, deep)', '/home-visits?page=500&limit=12', adminToken],
    ['GET /gifts?page=500&limit=12 (admin, deep)', '/gifts?page=500&limit=12', adminToken],
    ['GET /audit?page=500&limit=20 (admin, deep)', '/audit?page=500&limit=20', adminToken],
    ['GET /notifications?page=50&limit=10 (teacher, deep)', '/notifications?page=50&limit=10', teacherToken],
    // The same depths read by keyset (after=<the X-Next-Cursor of the page before>): from the index where
    // the last page stopped, not past every row before it.
    [
      'GET /activities?after=…&limit=8 (admin, deep, keyset)',
      await deepAfter('/activities', 8, adminToken),
      adminToken,
    ],
    [
      'GET /measurements?after=…&limit=12 (admin, deep, keyset)',
      await deepAfter('/measurements', 12, adminToken),
      adminToken,
    ],
    [
      'GET /home-visits?after=…&limit=12 (admin, deep, keyset)',
      await deepAfter('/home-visits', 12, adminToken),
      adminToken,
    ],
    [
      'GET /gifts?after=…&limit=12 (admin, deep, keyset)',
      await deepAfter('/gifts', 12, adminToken),
      adminToken,
    ],
    [
      'GET /notifications?after=…&limit=10 (teacher, deep, keyset)',
      await deepAfter('/notifications', 10, teacherToken, 50),
      teacherToken,
    ],
    // The notification inbox's first page and the bell's counters, as the web app asks for them.
    ['GET /notifications?page=1&limit=10 (teacher)', '/notifications?page=1&limit=10', teacherToken],
    ['GET /notifications/counts (teacher)', '/notifications/counts', teacherToken],
    // One record's detail per resource, as the admin and as the teacher who owns it (users: admins only).
    ['GET /students/{id} (admin)', `/students/${growthStudent}`, adminToken],
    ['GET /students/{id} (teacher, own)', `/students/${growthStudent}`, teacherToken],
    ['GET /users/{id} (admin)', `/users/${teacher.id}`, adminToken],
    ['GET /activities/{id} (admin)', `/activities/${own.activity}`, adminToken],
    ['GET /activities/{id} (teacher, own)', `/activities/${own.activity}`, teacherToken],
    ['GET /measurements/{id} (admin)', `/measurements/${own.measurement}`, adminToken],
    ['GET /measurements/{id} (teacher, own)', `/measurements/${own.measurement}`, teacherToken],
    ['GET /home-visits/{id} (admin)', `/home-visits/${own.homeVisit}`, adminToken],
    ['GET /home-visits/{id} (teacher, own)', `/home-visits/${own.homeVisit}`, teacherToken],
    ['GET /gifts/{id} (admin)', `/gifts/${own.gift}`, adminToken],
    ['GET /gifts/{id} (teacher, own)', `/gifts/${own.gift}`, teacherToken],
    ['GET /leaves/{id} (admin)', `/leaves/${own.leave}`, adminToken],
    ['GET /leaves/{id} (teacher, own)', `/leaves/${own.leave}`, teacherToken],
    // Writes, last (each adds an activity): a teacher's new activity without and with an Idempotency-Key
    // (decision 0024: the key's lookup, its claim in the write's transaction and the answer recorded).
    ['POST /activities (teacher)', '/activities', teacherToken, { body: activityBody, keyed: false }],
    [
      'POST /activities with Idempotency-Key (teacher)',
      '/activities',
      teacherToken,
      { body: activityBody, keyed: true },
    ],
  ];
  const finish = async (rows: Row[]) => {
    // The API around its statements: each overhead call and the same statements alone (sameStatementsApp),
    // in alternating rounds of BENCH_REQUESTS / BENCH_ROUNDS requests, so that a drift of the machine
    // falls on both alike.
    const same = await sameStatementsApp(
      database,
      todayIn(app.config.orgTimezone),
      sessions.teacher,
      sessions.admin,
    );
    const paired: { label: string; call: Sample[]; alone: Sample[] }[] = [];
    try {
      for (const [index, route] of SAME_STATEMENT_ROUTES.entries()) {
        if (!rows.some((r) => r.index === index)) continue;
        const [callLabel, url, token] = cases[index];
        const pair = { label: callLabel, call: [] as Sample[], alone: [] as Sample[] };
        // Warm-up passes are not counted.
        await load(base + url, token, PER_ROUND);
        await load(`${same.base}${route}`, token, PER_ROUND);
        for (let round = 0; round < ROUNDS; round++) {
          pair.call.push(await load(base + url, token, PER_ROUND));
          pair.alone.push(await load(`${same.base}${route}`, token, PER_ROUND));
        }
        paired.push(pair);
      }
    } finally {
      await same.app.close();
    }
    await app.close();
    // The API's own overhead: a bare Fastify app (no plugins, no database) loaded the same way.
    const bare = Fastify();
    bare.get('/bare', async () => ({ ok: true }));
    const bareUrl = `${await listenLocally(bare)}/bare`;
    let bareRow: ReturnType<typeof summarize>;
    try {
      await load(bareUrl, teacherToken); // warm-up pass is not counted
      bareRow = summarize([await load(bareUrl, teacherToken)]);
    } finally {
      await bare.close();
    }
    console.log(`\n### ${label}: overhead\n`);
    console.log('| overhead | req/s | % of bare | errors |');
    console.log('|---|---:|---:|---:|');
    console.log(`| ${BARE_LABEL} | ${bareRow.rps.toFixed(0)} | 100 % | ${bareRow.failures} |`);
    for (const [index] of cases.entries()) {
      if (!isOverheadCase(index)) continue;
      const row = rows.find((r) => r.index === index);
      console.log(
        row
          ? `| ${row.label} | ${row.rps.toFixed(0)} | ${((100 * row.rps) / bareRow.rps).toFixed(1)} % | ${row.failures} |`
          : `| ${cases[index][0]} | — | (left out by BENCH_ONLY/BENCH_SKIP) | |`,
      );
    }
    if (paired.length) {
      console.log(
        `\n| the API around its statements (${ROUNDS} alternating rounds) | call req/s | its statements alone, req/s | share | errors |`,
      );
      console.log('|---|---:|---:|---:|---:|');
      for (const { label: callLabel, call, alone } of paired) {
        const c = summarize(call);
        const a = summarize(alone);
        console.log(
          `| ${callLabel} | ${c.rps.toFixed(0)} | ${a.rps.toFixed(0)} | ${((100 * c.rps) / a.rps).toFixed(1)} % | ${c.failures + a.failures} |`,
        );
      }
    }

    if (EXPLAIN_FILE) {
      if (database.kind !== 'postgres' || !databaseUrl) {
        console.log(`\n(BENCH_EXPLAIN: PostgreSQL only, no plans for ${label})`);
      } else {
        await explainCalls(label, scale, databaseUrl, admin, EXPLAIN_FILE);
        console.log(`\nplans of ${EXPLAIN_CALLS.length} calls written to ${EXPLAIN_FILE}`);
      }
    }
  };
  return { cases, base, finish };
}

const matches = (label: string, patterns = '') =>
  patterns.split('|').some((p) => p !== '' && label.includes(p));
/** Whether BENCH_ONLY and BENCH_SKIP leave the endpoint in. */
const selected = (label: string) =>
  !(process.env.BENCH_ONLY && !matches(label, process.env.BENCH_ONLY)) &&
  !matches(label, process.env.BENCH_SKIP);

/** Each selected endpoint of one scale: a warm-up pass, then BENCH_REQUESTS requests measured. */
async function measureOne({ cases, base }: Prepared): Promise<Row[]> {
  console.log(`\n${REQUESTS} requests per endpoint, ${CONCURRENCY} concurrent\n`);
  console.log('| endpoint | p50 ms | p95 ms | p99 ms | req/s | errors |');
  console.log('|---|---:|---:|---:|---:|---:|');
  const rows: Row[] = [];
  for (const [index, [name, url, token, post]] of cases.entries()) {
    if (!selected(name)) continue;
    await load(base + url, token, REQUESTS, post); // warm-up pass is not counted
    const r = summarize([await load(base + url, token, REQUESTS, post)]);
    rows.push({ index, label: name, ...r });
    console.log(
      `| ${name} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.rps.toFixed(0)} | ${r.failures} |`,
    );
  }
  return rows;
}

/**
 * Each selected endpoint at two scales in turn (BENCH_COMPARE): a warm-up at each, then BENCH_ROUNDS
 * rounds of BENCH_REQUESTS / rounds requests at the first scale and then at the second; each scale's
 * figures are over all its rounds. Printed as they come, side by side with the p95 ratio.
 */
async function measureTwo(label: string, scales: Scale[], prepared: Prepared[]): Promise<Row[][]> {
  console.log(
    `\n${PER_ROUND * ROUNDS} requests per endpoint and scale (${ROUNDS} rounds of ${PER_ROUND}, the scales in turn), ${CONCURRENCY} concurrent`,
  );
  printComparisonHeader(label, scales);
  const rows: Row[][] = prepared.map(() => []);
  for (const [index, [name]] of prepared[0].cases.entries()) {
    if (!selected(name)) continue;
    const samples: Sample[][] = prepared.map(() => []);
    for (const { cases, base } of prepared) {
      const [, url, token, post] = cases[index];
      await load(base + url, token, PER_ROUND, post);
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, { cases, base }] of prepared.entries()) {
        const [, url, token, post] = cases[index];
        samples[i].push(await load(base + url, token, PER_ROUND, post));
      }
    }
    for (const [i, { cases }] of prepared.entries()) {
      rows[i].push({ index, label: cases[index][0], ...summarize(samples[i]) });
    }
    printComparisonRow(rows[0].at(-1)!, rows[1].at(-1)!);
  }
  return rows;
}

/**
 * The first two cases (the teacher's own students and the admin's first page of students), each with
 * its route in sameStatementsApp.
 */
const SAME_STATEMENT_ROUTES = ['/teacher-students', '/admin-students'] as const;
const isOverheadCase = (index: number) => index < SAME_STATEMENT_ROUTES.length;

/**
 * Makes each of EXPLAIN_CALLS once as the admin (scripts/lib/explain.ts) and adds to the plans file, for
 * each call, each read it issued with its `EXPLAIN (ANALYZE, BUFFERS, FORMAT TEXT)`. BEGIN, COMMIT, SET
 * and writes are left out.
 */
async function explainCalls(
  label: string,
  scale: Scale,
  databaseUrl: string,
  admin: { id: string; tokenVersion: number },
  file: string,
) {
  const lines: string[] = [
    `## ${label}`,
    '',
    `${fmt(scale.teachers)} teachers, ${fmt(scale.students)} students, ${fmt(scale.measurements)} measurements, ${fmt(scale.activities)} activities, ${fmt(scale.homeVisits)} home visits, ${fmt(scale.gifts)} gifts, ${fmt(scale.leaves)} leaves, ${fmt(scale.attendance)} attendance records, ${fmt(scale.notifications)} notifications.`,
    '',
  ];
  const explainer = await openExplainer(databaseUrl);
  try {
    for (const [what, url] of EXPLAIN_CALLS) {
      const call = await explainer.explain(url, admin);
      lines.push(
        `### ${what}: \`GET /api${url}\``,
        '',
        `Answered ${call.status}; ${call.statements} statements, ${call.explained.length} explained.`,
        '',
      );
      for (const [i, { query, params, plan }] of call.explained.entries()) {
        lines.push(
          `#### Statement ${i + 1}`,
          '',
          '```sql',
          query,
          ...params.map((p, n) => `-- $${n + 1} = ${shortened(JSON.stringify(p))}`),
          '```',
          '',
          '```text',
          ...plan.map((line) => shortened(line)),
          '```',
          '',
        );
      }
    }
  } finally {
    await explainer.close();
  }
  explainSections.push(lines.join('\n'));
  const header = `# Query plans (${new Date().toISOString().slice(0, 10)}, \`npm run bench\` with BENCH_EXPLAIN)\n\n`;
  writeFileSync(file, header + explainSections.join('\n'));
}

/**
 * One label for an endpoint whose label differs between the scales (`all 1,000` and `all 50,000`): the
 * words they share, and the differing words as `a → b`.
 */
function mergedLabel(a: string, b: string) {
  if (a === b) return a;
  const words = (label: string) => label.split(/(\s+|[()])/).filter((w) => w !== '');
  const [x, y] = [words(a), words(b)];
  let start = 0;
  while (start < x.length && x[start] === y[start]) start++;
  let end = 0;
  while (end < x.length - start && end < y.length - start && x.at(-1 - end) === y.at(-1 - end)) end++;
  const middle = (w: string[]) => w.slice(start, w.length - end).join('');
  return `${x.slice(0, start).join('')}${middle(x)} → ${middle(y)}${x.slice(x.length - end).join('')}`;
}

/** The header of the side-by-side table: p50 and p95 at both scales, and the p95 ratio (second ÷ first). */
function printComparisonHeader(label: string, scales: Scale[]) {
  const [a, b] = scales.map((s) => s.name);
  console.log(
    `\n## ${label}: ${a} (${fmt(scales[0].students)} students) and ${b} (${fmt(scales[1].students)} students) side by side\n`,
  );
  console.log(`| endpoint | p50 ${a} | p95 ${a} | p50 ${b} | p95 ${b} | p95 ratio | errors |`);
  console.log('|---|---:|---:|---:|---:|---:|---:|');
}

function printComparisonRow(x: Row, y: Row) {
  console.log(
    `| ${mergedLabel(x.label, y.label)} | ${x.p50.toFixed(1)} | ${x.p95.toFixed(1)} | ${y.p50.toFixed(1)} | ${y.p95.toFixed(1)} | ${(y.p95 / x.p95).toFixed(2)}× | ${x.failures + y.failures} |`,
  );
}

/** The PGlite target of the national-scale issue: each call's p95 on PGlite within 2.5× PostgreSQL's. */
const PGLITE_RATIO_TARGET = 2.5;

/**
 * Both databases measured in one run (at one scale, or at the first of two compared scales): each call's
 * p95 on PGlite beside PostgreSQL's, and how many calls stay within the target ratio.
 */
function printPgliteBesidePostgres(lite: Row[], server: Row[]) {
  const byIndex = new Map(server.map((r) => [r.index, r]));
  const pairs = lite.flatMap((r) => {
    const other = byIndex.get(r.index);
    return other ? [[r, other] as const] : [];
  });
  if (!pairs.length) return;
  console.log('\n## PGlite beside PostgreSQL (p95, same calls, same scale)\n');
  console.log('| endpoint | p95 PGlite | p95 PostgreSQL | ratio |');
  console.log('|---|---:|---:|---:|');
  const ratios: number[] = [];
  for (const [a, b] of pairs) {
    const ratio = a.p95 / b.p95;
    ratios.push(ratio);
    console.log(`| ${a.label} | ${a.p95.toFixed(1)} | ${b.p95.toFixed(1)} | ${ratio.toFixed(2)}× |`);
  }
  const sorted = [...ratios].sort((x, y) => x - y);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  const within = ratios.filter((r) => r <= PGLITE_RATIO_TARGET).length;
  console.log(
    `\n${within} of ${ratios.length} calls within ${PGLITE_RATIO_TARGET}× PostgreSQL at p95 (median ratio ${median.toFixed(2)}×)`,
  );
}

/** Runs `body` on a fresh embedded PGlite in a temporary folder, removed afterwards. */
async function withPglite<T>(body: (database: Database) => Promise<T>): Promise<T> {
  const dir = path.join(os.tmpdir(), `csp-bench-${randomBytes(4).toString('hex')}`);
  const lite = await openDatabase({ pgliteDir: dir });
  try {
    return await body(lite);
  } finally {
    await lite.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs `body` on a fresh database bench_… on DATABASE_URL's server, dropped afterwards (unless kept). */
async function withPostgres<T>(serverUrl: string, body: (database: Database, url: string) => Promise<T>) {
  const name = `bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    const database = await openDatabase({ databaseUrl: url.toString() });
    try {
      return await body(database, url.toString());
    } finally {
      await database.close();
    }
  } finally {
    if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`\n(kept the database ${name})`);
    else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** The first-load sizes of the built web app (scripts/web-size.ts), when a build is there. */
async function printWebSizes() {
  const distDir = path.resolve(
    process.env.BENCH_WEB_DIST || path.join(import.meta.dirname, '../apps/web/dist'),
  );
  if (!process.env.BENCH_WEB_DIST && !existsSync(path.join(distDir, 'index.html'))) return;
  let webSize: typeof import('./web-size.ts');
  try {
    webSize = await import('./web-size.ts');
  } catch (err) {
    const { code, message } = err as { code?: string; message: string };
    const missing = code === 'ERR_MODULE_NOT_FOUND' && message.includes('web-size');
    console.log(missing ? '\n(web sizes: scripts/web-size.ts not found)' : `\n(web sizes: ${message})`);
    return;
  }
  const shown = path.relative(process.cwd(), distDir);
  console.log(`\n## First load of the web app (${shown.startsWith('..') ? distDir : shown})\n`);
  try {
    console.log(webSize.formatWebFirstLoad(webSize.webFirstLoadSizes(distDir)));
  } catch (err) {
    console.log(`(web sizes: ${(err as Error).message})`);
  }
}

async function main() {
  console.log(
    `# Benchmark (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Node ${process.version})`,
  );
  const unknown = DATABASES.filter((d) => d !== 'pglite' && d !== 'postgres');
  if (unknown.length) throw new Error(`BENCH_DATABASES: unknown ${unknown.join(', ')} (pglite, postgres)`);
  const scales = (COMPARE.length ? COMPARE : [SCALE]).map(scaleOf);
  // The label says the scale whenever a preset was asked for.
  const named = (label: string, scale: Scale) =>
    COMPARE.length || process.env.BENCH_SCALE ? `${label}, ${scale.name} scale` : label;
  type Open = (body: (database: Database, url?: string) => Promise<Row[]>) => Promise<Row[]>;
  /** Measures on one database; answers the rows of the (first) scale. */
  const measureOn = async (label: string, open: Open): Promise<Row[]> => {
    if (!COMPARE.length) {
      return open(async (database, url) => {
        const prepared = await prepare(named(label, scales[0]), database, scales[0], url);
        const rows = await measureOne(prepared);
        await prepared.finish(rows);
        return rows;
      });
    }
    // Both scales seeded and listening at once, so that each endpoint is measured at both in turn.
    return open((first, firstUrl) =>
      open(async (second, secondUrl) => {
        const prepared = [
          await prepare(named(label, scales[0]), first, scales[0], firstUrl),
          await prepare(named(label, scales[1]), second, scales[1], secondUrl),
        ];
        const rows = await measureTwo(label, scales, prepared);
        for (const [i, p] of prepared.entries()) await p.finish(rows[i]);
        return rows[0];
      }),
    );
  };
  const lite = DATABASES.includes('pglite') ? await measureOn('PGlite (embedded, on disk)', withPglite) : [];
  if (DATABASES.includes('postgres')) {
    const serverUrl = process.env.DATABASE_URL;
    if (!serverUrl)
      console.log('\n(PostgreSQL skipped: set DATABASE_URL to also measure a PostgreSQL server.)');
    else {
      const server = await measureOn('PostgreSQL (DATABASE_URL)', (body) => withPostgres(serverUrl, body));
      printPgliteBesidePostgres(lite, server);
    }
  }
  await printWebSizes();
}

main()
  .then(stopLoadWorker)
  .catch(async (err) => {
    console.error(err);
    await stopLoadWorker();
    process.exit(1);
  });

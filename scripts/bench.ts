/**
 * `npm run bench`: seeds a large programme (200 teachers, 5,000 students, 30,000 measurements) into a
 * fresh database, serves the API on a local port, and prints latency percentiles (p50/p95/p99) and
 * requests per second for the busiest reads. Runs on a fresh embedded PGlite, and also on PostgreSQL
 * when DATABASE_URL is given (a fresh database is created on that server and dropped afterwards).
 * It prints figures; it never fails on a time.
 *
 * Options (environment): BENCH_REQUESTS (per endpoint, default 300), BENCH_CONCURRENCY (default 8).
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, todayIn } from '@csp/contracts';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { testConfig } from '../apps/api/src/config.ts';
import { openDatabase, type Database } from '../apps/api/src/db/client.ts';
import * as s from '../apps/api/src/db/schema.ts';
import { hashPassword } from '../apps/api/src/lib/passwords.ts';

const TEACHERS = 200;
const STUDENTS = 5_000;
const MEASUREMENTS = 30_000;
const REQUESTS = Number(process.env.BENCH_REQUESTS || 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 8);
const BATCH = 1_000;

async function seed(database: Database) {
  const { db } = database;
  const today = todayIn('Asia/Colombo');
  const passwordHash = await hashPassword('bench-password');
  const [admin] = await db
    .insert(s.users)
    .values({ email: 'admin@bench.test', passwordHash, firstName: 'Bench', lastName: 'Admin', role: 'ADMIN' })
    .returning();
  const teachers = await db
    .insert(s.users)
    .values(
      Array.from({ length: TEACHERS }, (_, i) => ({
        email: `teacher${i}@bench.test`,
        passwordHash,
        firstName: `Teacher${i}`,
        lastName: ['Kandiah', 'Rajan', 'Selvam', 'Kumar'][i % 4],
        role: 'TEACHER' as const,
      })),
    )
    .returning({ id: s.users.id, tokenVersion: s.users.tokenVersion });
  const categories = ['CENTER_BASE', 'HOME_BASE', 'SURVIVAL_PROGRAM'] as const;
  const studentIds: string[] = [];
  for (let start = 0; start < STUDENTS; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, STUDENTS - start) }, (_, k) => {
      const i = start + k;
      const category = categories[i % 3];
      const ageDays = category === 'SURVIVAL_PROGRAM' ? 100 : category === 'HOME_BASE' ? 700 : 1500;
      return {
        studentId: `B-${i}`,
        firstName: ['Nila', 'Kavin', 'Yalini', 'Aran', 'Mathi', 'Piraba'][i % 6] + i,
        lastName: ['Sivakumar', 'Nadarajah', 'Kumaran'][i % 3],
        parentName: `Parent ${i}`,
        dateOfBirth: addDays(today, -ageDays - (i % 200)),
        category,
        assignedTeacherId: teachers[i % TEACHERS].id,
      };
    });
    const inserted = await db.insert(s.students).values(rows).returning({ id: s.students.id });
    studentIds.push(...inserted.map((r) => r.id));
  }
  for (let start = 0; start < MEASUREMENTS; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, MEASUREMENTS - start) }, (_, k) => {
      const i = start + k;
      return {
        studentId: studentIds[i % STUDENTS],
        date: addDays(today, -((i * 37) % 400)),
        height: 60 + (i % 60),
        weight: 6 + (i % 20),
      };
    });
    await db.insert(s.measurements).values(rows);
  }
  return { admin, teacher: teachers[0] };
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
  console.log(
    `\n## ${label}\n\nseeded ${TEACHERS} teachers, ${STUDENTS} students, ${MEASUREMENTS} measurements in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const app = await buildApp(testConfig({ logLevel: process.env.BENCH_LOG_LEVEL || 'silent' }), { database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
  const adminToken = app.signToken(admin);
  const teacherToken = app.signToken(teacher);
  const cases: [string, string, string][] = [
    ['GET /students (teacher, own 25)', '/students', teacherToken],
    ['GET /students?page=1&limit=20 (admin)', '/students?page=1&limit=20', adminToken],
    ['GET /measurements/status/all (teacher)', '/measurements/status/all', teacherToken],
    ['GET /measurements/status/all (admin, 5,000)', '/measurements/status/all', adminToken],
    ['GET /dashboard/stats (admin)', '/dashboard/stats', adminToken],
    ['GET /dashboard/stats (teacher)', '/dashboard/stats', teacherToken],
    ['search: GET /users?search=teacher1 (admin)', '/users?search=teacher1', adminToken],
    ['search: GET /students?search=nila1 (admin)', '/students?search=nila1', adminToken],
    ['search: GET /students?search=nila (teacher)', '/students?search=nila', teacherToken],
  ];
  console.log(`\n${REQUESTS} requests per endpoint, ${CONCURRENCY} concurrent\n`);
  console.log('| endpoint | p50 ms | p95 ms | p99 ms | req/s | errors |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [name, url, token] of cases.filter(
    ([n]) => !process.env.BENCH_ONLY || n.includes(process.env.BENCH_ONLY),
  )) {
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
  const dir = path.join(os.tmpdir(), `csp-bench-${randomBytes(4).toString('hex')}`);
  const lite = await openDatabase({ pgliteDir: dir });
  try {
    await run('PGlite (embedded, on disk)', lite);
  } finally {
    await lite.close();
    rmSync(dir, { recursive: true, force: true });
  }
  if (process.env.DATABASE_URL) {
    const name = `csp_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    try {
      await run('PostgreSQL (DATABASE_URL)', database);
    } finally {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  } else {
    console.log('\n(PostgreSQL skipped: set DATABASE_URL to also measure a PostgreSQL server.)');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

/**
 * `npm run crash-test`: does an acknowledged write survive the server being killed? Starts the real
 * server (a child process, as `npm start` runs it), writes activities from several clients at once,
 * kills the server with SIGKILL in the middle of the writing, starts it again on the same data, and checks
 * that every write the server had answered 201 for is there. Each write carries an Idempotency-Key; the
 * writes cut off by the kill are then sent again with their keys, as the web app does, and each must then
 * be there exactly once (decision 0024). Several rounds; on the embedded PGlite, and also on PostgreSQL
 * when DATABASE_URL is set (a fresh database crash_… on that server, dropped after). Prints figures
 * (docs/reliability.md); exits 1 when an acknowledged write is missing or a resent one is missing or
 * doubled.
 *
 * Options (environment): CRASH_ROUNDS (default 3), CRASH_CLIENTS writers in flight (default 8),
 * CRASH_WRITE_MS how long to write before the kill (default 3000).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { todayIn } from '@csp/contracts';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import * as s from '../apps/api/src/db/schema.ts';
import { hashPassword } from '../apps/api/src/lib/passwords.ts';

const ROUNDS = Math.max(1, Number(process.env.CRASH_ROUNDS) || 3);
const CLIENTS = Math.max(1, Number(process.env.CRASH_CLIENTS) || 8);
const WRITE_MS = Math.max(200, Number(process.env.CRASH_WRITE_MS) || 3000);
const root = path.resolve(import.meta.dirname, '..');
const EMAIL = 'writer@crash.test';
const PASSWORD = 'crash-test-1';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** A teacher with one student, written before the server first starts. */
async function seed(opts: { pgliteDir?: string; databaseUrl?: string }): Promise<void> {
  const database = await openDatabase(opts);
  try {
    const [teacher] = await database.db
      .insert(s.users)
      .values({
        email: EMAIL,
        passwordHash: await hashPassword(PASSWORD),
        firstName: 'Wri',
        lastName: 'Ter',
        role: 'TEACHER',
      })
      .returning();
    await database.db.insert(s.students).values({
      studentId: 'CRASH-1',
      firstName: 'Nila',
      lastName: 'Perera',
      dateOfBirth: '2022-01-01',
      category: 'CENTER_BASE',
      assignedTeacherId: teacher.id,
    });
  } finally {
    await database.close();
  }
}

interface Server {
  child: ChildProcess;
  base: string;
  startMs: number;
}

/**
 * Starts the server and waits until it answers. After a crash the embedded database's folder lock is
 * still held until it goes stale (15 s): the server refuses to start meanwhile, so it is started again
 * until it comes up, as an operator or a supervisor would; the time counts into the restart.
 */
async function startServer(env: Record<string, string>): Promise<Server> {
  const t0 = performance.now();
  for (;;) {
    try {
      const server = await startOnce(env);
      return { ...server, startMs: performance.now() - t0 };
    } catch (err) {
      if (performance.now() - t0 > 60_000) throw err;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

async function startOnce(env: Record<string, string>): Promise<Omit<Server, 'startMs'>> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      WEB_DIST_DIR: '/nonexistent',
      // One teacher's writers send hundreds of writes a second: the per-user limit (decision 0033)
      // would answer most of them 429, and is not what this test is about.
      USER_WRITES_PER_MINUTE: '1000000000',
    },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  const base = `http://127.0.0.1:${port}/api`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, base };
}

/** Resolves once the process has ended (also when it already had). */
function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function signIn(base: string): Promise<{ token: string; studentId: string }> {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const { access_token: token } = (await res.json()) as { access_token: string };
  const list = await fetch(`${base}/students`, { headers: { authorization: `Bearer ${token}` } });
  const students = (await list.json()) as { id: string }[];
  if (!Array.isArray(students) || !students[0]) throw new Error(`no student: ${JSON.stringify(students)}`);
  return { token, studentId: students[0].id };
}

/** What a resent write was answered, after the restart. */
type Resent = 'replayed' | 'written' | 'done, answer lost' | 'other';

async function round(env: Record<string, string>, n: number) {
  const server = await startServer(env);
  const { token, studentId } = await signIn(server.base);
  const acked: string[] = [];
  /** The writes whose answer never came: sent again after the restart, with their keys. */
  const cutOff: { key: string; title: string; body: string }[] = [];
  let sent = 0;
  let refused = 0;
  let stop = false;
  const today = todayIn('Asia/Colombo');
  const post = (base: string, bearer: string, write: { key: string; body: string }) =>
    fetch(`${base}/activities`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${bearer}`,
        'idempotency-key': write.key,
      },
      body: write.body,
    });
  const writer = async (w: number) => {
    while (!stop) {
      sent += 1;
      const title = `Round ${n} writer ${w} #${sent}`;
      const write = {
        key: randomUUID(),
        title,
        body: JSON.stringify({ title, studentId, date: today, duration: 30 }),
      };
      try {
        const res = await post(server.base, token, write);
        if (res.status === 201) acked.push(((await res.json()) as { id: string }).id);
        else refused += 1;
      } catch {
        cutOff.push(write); // the connection died with the server: not acknowledged
      }
    }
  };
  const writers = Array.from({ length: CLIENTS }, (_, w) => writer(w));
  await new Promise((r) => setTimeout(r, WRITE_MS));
  server.child.kill('SIGKILL');
  stop = true;
  await Promise.all(writers);
  await exited(server.child);

  const again = await startServer(env);
  try {
    const { token: t2 } = await signIn(again.base);
    const authorization = { authorization: `Bearer ${t2}` };
    let missing = 0;
    for (let i = 0; i < acked.length; i += 50) {
      const chunk = acked.slice(i, i + 50);
      const codes = await Promise.all(
        chunk.map(
          async (id) => (await fetch(`${again.base}/activities/${id}`, { headers: authorization })).status,
        ),
      );
      missing += codes.filter((c) => c !== 200).length;
    }
    // The cut-off writes, sent again with their keys: each must then be there exactly once.
    const resent: Record<Resent, number> = { replayed: 0, written: 0, 'done, answer lost': 0, other: 0 };
    let notOnce = 0;
    for (const write of cutOff) {
      const res = await post(again.base, t2, write);
      const outcome: Resent =
        res.status === 201
          ? res.headers.get('idempotent-replayed') === 'true'
            ? 'replayed'
            : 'written'
          : res.status === 409 // done before the kill, its answer never recorded (Retry-After while recent)
            ? 'done, answer lost'
            : 'other';
      resent[outcome] += 1;
      const found = await fetch(`${again.base}/activities?search=${encodeURIComponent(write.title)}`, {
        headers: authorization,
      });
      const titles = ((await found.json()) as { title: string }[]).filter((a) => a.title === write.title);
      if (titles.length !== 1) notOnce += 1;
    }
    return {
      acked: acked.length,
      notAcked: cutOff.length + refused,
      missing,
      resent,
      notOnce,
      restartMs: again.startMs,
    };
  } finally {
    again.child.kill('SIGTERM');
    await exited(again.child);
  }
}

async function campaign(label: string, env: Record<string, string>) {
  console.log(
    `\n## ${label}\n\n${ROUNDS} rounds, ${CLIENTS} writers, killed with SIGKILL after ${WRITE_MS} ms of writing\n`,
  );
  console.log(
    '| round | acknowledged writes | not acknowledged (cut off) | missing after restart | cut off, sent again: replayed / written / done, answer lost / other | sent again, not there exactly once | restart ms |',
  );
  console.log('|---:|---:|---:|---:|---|---:|---:|');
  let lost = 0;
  for (let n = 1; n <= ROUNDS; n++) {
    const r = await round(env, n);
    lost += r.missing + r.notOnce;
    const { replayed, written, other } = r.resent;
    console.log(
      `| ${n} | ${r.acked} | ${r.notAcked} | ${r.missing} | ${replayed} / ${written} / ${r.resent['done, answer lost']} / ${other} | ${r.notOnce} | ${r.restartMs.toFixed(0)} |`,
    );
  }
  return lost;
}

async function main() {
  console.log(
    `# Crash safety (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Node ${process.version})`,
  );
  let lost = 0;
  const dir = path.join(os.tmpdir(), `csp-crash-${randomBytes(4).toString('hex')}`);
  try {
    mkdirSync(dir, { recursive: true });
    await seed({ pgliteDir: path.join(dir, 'db') });
    lost += await campaign('PGlite (embedded, on disk)', { DATA_DIR: dir, DATABASE_URL: '' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (process.env.DATABASE_URL) {
    const name = `crash_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    const pgDir = path.join(os.tmpdir(), `csp-crash-${randomBytes(4).toString('hex')}`);
    try {
      await seed({ databaseUrl: url.toString() });
      lost += await campaign('PostgreSQL (DATABASE_URL)', { DATA_DIR: pgDir, DATABASE_URL: url.toString() });
    } finally {
      rmSync(pgDir, { recursive: true, force: true });
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  } else {
    console.log('\n(PostgreSQL skipped: set DATABASE_URL to also test a PostgreSQL server.)');
  }
  console.log(
    lost
      ? `\n${lost} write(s) LOST or DOUBLED`
      : '\nEvery acknowledged write survived, and every cut-off write sent again is there exactly once.',
  );
  if (lost) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

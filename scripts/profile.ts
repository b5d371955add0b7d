/**
 * `DATABASE_URL=postgres://…/bench_… npm run profile -- '/students' …`: each API call made many times in
 * process (`app.inject`, PROFILE_CONCURRENCY in flight, default 8; PROFILE_REQUESTS, default 2000, after
 * 200 warm-up requests) as the database's first administrator, or its first teacher with
 * `PROFILE_AS=teacher` (with `Accept-Encoding: $PROFILE_ACCEPT_ENCODING` when set), under V8's CPU
 * profiler: prints the rate, the Server-Timing of one answer, the process's CPU time a request, and where
 * the Node thread's time went (self time by package or app folder, then the busiest functions).
 * `PROFILE_OUT=file.cpuprofile` also writes the profile (Chromium's DevTools open it). For a database
 * the bench kept (`BENCH_KEEP_DATABASE=1`), to see what a call spends besides its SQL.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { Session, type Profiler, type Runtime } from 'node:inspector/promises';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { testConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';

const url = process.env.DATABASE_URL;
const calls = process.argv.slice(2);
if (!url || !calls.length) {
  console.error("usage: DATABASE_URL=postgres://… [PROFILE_AS=teacher] npm run profile -- '/students' …");
  process.exit(2);
}
const requests = Number(process.env.PROFILE_REQUESTS ?? 2000);
const concurrency = Number(process.env.PROFILE_CONCURRENCY ?? 8);
const role = process.env.PROFILE_AS === 'teacher' ? 'TEACHER' : 'ADMIN';

/** Where a frame's code lives: a package, an app folder, or Node's own. */
function placeOf(frame: Runtime.CallFrame): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(frame.url);
  if (pkg) return pkg[1];
  const own = /\/(apps\/[^/]+\/src\/[^/]+(?:\/[^/]+)?)\//.exec(frame.url);
  if (own) return own[1];
  if (frame.url.includes('packages/contracts')) return 'packages/contracts';
  if (frame.url.startsWith('node:')) return 'node:' + frame.url.slice(5).split('/')[0];
  return frame.url ? frame.url.split('/').pop()! : frame.functionName;
}

function summarize(profile: Profiler.Profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfTime = new Map<number, number>();
  profile.samples!.forEach((id, i) => selfTime.set(id, (selfTime.get(id) ?? 0) + profile.timeDeltas![i]));
  const total = [...selfTime.values()].reduce((a, b) => a + b, 0);
  const places = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, t] of selfTime) {
    const frame = byId.get(id)!.callFrame;
    const place = placeOf(frame);
    if (place === '(idle)') {
      places.set(place, (places.get(place) ?? 0) + t);
      continue;
    }
    places.set(place, (places.get(place) ?? 0) + t);
    const fn = `${frame.functionName || '(anonymous)'} (${place}:${frame.lineNumber + 1})`;
    functions.set(fn, (functions.get(fn) ?? 0) + t);
  }
  const idle = places.get('(idle)') ?? 0;
  const busy = total - idle;
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .filter(([k]) => k !== '(idle)')
      .sort((a, b) => b[1] - a[1])
      .slice(0, n);
  console.log(`Node thread busy ${((100 * busy) / total).toFixed(0)} % (idle: waiting for the database)\n`);
  console.log('| where (self time) | share of busy |\n|---|---:|');
  for (const [k, t] of top(places, 20)) console.log(`| ${k} | ${((100 * t) / busy).toFixed(1)} % |`);
  console.log('\n| function (self time) | share of busy |\n|---|---:|');
  for (const [k, t] of top(functions, 15)) console.log(`| ${k} | ${((100 * t) / busy).toFixed(1)} % |`);
}

/**
 * The CPU time (ms) of every PostgreSQL process on this machine, and of those that exited (their parent's
 * children's time), from /proc: undefined where there is none to read (not Linux, or a server elsewhere).
 * Linux counts it in ticks of 1/100 s (USER_HZ), so only a run of many requests gives a figure worth
 * reading.
 */
async function postgresCpuMs(): Promise<number | undefined> {
  const host = new URL(url!).hostname;
  if (!['localhost', '127.0.0.1', '[::1]', ''].includes(host)) return undefined;
  let ticks = 0;
  let found = false;
  for (const pid of await readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const close = stat.lastIndexOf(')');
    if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
    // After the command: state is field 3; utime, stime, cutime and cstime are fields 14 to 17.
    const fields = stat.slice(close + 2).split(' ');
    ticks += [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    found = true;
  }
  return found ? ticks * 10 : undefined;
}

const database = await openDatabase({ databaseUrl: url });
const app = await buildApp(testConfig({ logLevel: 'silent' }), { database });
const session = new Session();
try {
  await app.ready();
  const result = (await database.db.execute(
    sql`select id, token_version as "tokenVersion" from users
      where role = ${role} and deleted_at is null order by created_at, email limit 1`,
  )) as unknown as { rows: { id: string; tokenVersion: number }[] };
  const user = result.rows[0];
  if (!user) throw new Error(`the database has no ${role.toLowerCase()}`);
  const headers = {
    authorization: `Bearer ${app.signToken(user)}`,
    ...(process.env.PROFILE_ACCEPT_ENCODING
      ? { 'accept-encoding': process.env.PROFILE_ACCEPT_ENCODING }
      : {}),
  };
  session.connect();
  await session.post('Profiler.enable');
  for (const call of calls) {
    const one = () => app.inject({ method: 'GET', url: `/api${call}`, headers });
    const first = await one();
    for (let i = 0; i < 200; i++) await one();
    await session.post('Profiler.start');
    let sent = 0;
    const cpuBefore = process.cpuUsage();
    const postgresBefore = await postgresCpuMs();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (sent < requests) {
          sent++;
          await one();
        }
      }),
    );
    const ms = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const postgresAfter = await postgresCpuMs();
    const { profile } = await session.post('Profiler.stop');
    console.log(
      `\n## GET /api${call} as ${role.toLowerCase()}: ${first.statusCode}, ${first.rawPayload.length} bytes${
        first.headers['content-encoding'] ? ` (${String(first.headers['content-encoding'])})` : ''
      }\n`,
    );
    console.log(`Server-Timing of the first answer: ${String(first.headers['server-timing'])}`);
    console.log(
      `${requests} requests, ${concurrency} in flight: ${((1000 * requests) / ms).toFixed(0)} a second, ${(ms / requests).toFixed(2)} ms each`,
    );
    // The process's own CPU time, user and kernel (writing to PostgreSQL's socket is kernel time), to
    // set beside the samples' shares below: the rate also depends on PostgreSQL's share of the cores.
    const perRequest = (micros: number) => (micros / 1000 / requests).toFixed(2);
    console.log(
      `Node's CPU a request: ${perRequest(cpu.user + cpu.system)} ms (user ${perRequest(cpu.user)}, system ${perRequest(cpu.system)}; the profiler's own sampling included)`,
    );
    // PostgreSQL's side of the same requests, where its server runs on this machine.
    if (postgresBefore !== undefined && postgresAfter !== undefined) {
      console.log(
        `PostgreSQL's CPU a request: ${perRequest((postgresAfter - postgresBefore) * 1000)} ms (its processes on this machine)`,
      );
    }
    console.log();
    summarize(profile);
    if (process.env.PROFILE_OUT) await writeFile(process.env.PROFILE_OUT, JSON.stringify(profile));
  }
} finally {
  session.disconnect();
  await app.close();
  await database.close();
}

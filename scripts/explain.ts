/**
 * `DATABASE_URL=postgres://…/bench_… npm run explain -- '/students?page=500&limit=20' …`: each API call
 * made once as the database's first administrator (through app.inject, no server), and every SELECT it
 * issued printed with its parameters and `EXPLAIN (ANALYZE, BUFFERS)` (JIT off, as the API's pool has it).
 * For a database the bench kept (`BENCH_KEEP_DATABASE=1`), to look into one call beyond the plans
 * BENCH_EXPLAIN writes. Opening the database applies pending migrations, as the server would.
 */
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { testConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';

const url = process.env.DATABASE_URL;
const calls = process.argv.slice(2);
if (!url || !calls.length) {
  console.error("usage: DATABASE_URL=postgres://… npm run explain -- '/students?page=1&limit=20' …");
  process.exit(2);
}
const captured: { query: string; params: unknown[] }[] = [];
const database = await openDatabase({
  databaseUrl: url,
  logger: { logQuery: (query, params) => captured.push({ query, params }) },
});
const app = await buildApp(testConfig({ logLevel: 'silent' }), { database });
const client = new pg.Client({ connectionString: url, options: '-c jit=off' });
await client.connect();
try {
  const { rows } = await client.query<{ id: string; tokenVersion: number; role: 'ADMIN' }>(
    `select id, token_version as "tokenVersion", role from users
      where role = 'ADMIN' and deleted_at is null order by created_at limit 1`,
  );
  if (!rows[0]) throw new Error('the database has no administrator');
  const authorization = `Bearer ${app.signToken(rows[0])}`;
  for (const call of calls) {
    captured.length = 0;
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url: `/api${call}`, headers: { authorization } });
    const ms = (performance.now() - started).toFixed(1);
    console.log(`\n## GET /api${call}: ${res.statusCode} in ${ms} ms, ${captured.length} statements\n`);
    for (const { query, params } of captured.splice(0)) {
      if (!/^\s*(with|select)\b/i.test(query)) continue;
      const plan = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, BUFFERS) ${query}`,
        params,
      );
      console.log(query, '\n--', JSON.stringify(params), '\n');
      console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'), '\n');
    }
  }
} finally {
  await client.end();
  await app.close();
  await database.close();
}

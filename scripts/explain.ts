/**
 * `DATABASE_URL=postgres://…/bench_… npm run explain -- '/students?page=500&limit=20' …`: each API call
 * made once as the database's first administrator, and every read it issued printed with its parameters
 * and `EXPLAIN (ANALYZE, BUFFERS)` (scripts/lib/explain.ts, as the bench's BENCH_EXPLAIN does for its
 * fixed calls). For a database the bench kept (`BENCH_KEEP_DATABASE=1`), to look into any one call.
 */
import { openExplainer } from './lib/explain.ts';

const url = process.env.DATABASE_URL;
const calls = process.argv.slice(2);
if (!url || !calls.length) {
  console.error("usage: DATABASE_URL=postgres://… npm run explain -- '/students?page=1&limit=20' …");
  process.exit(2);
}
const explainer = await openExplainer(url);
try {
  const { rows } = await explainer.client.query<{ id: string; tokenVersion: number }>(
    `select id, token_version as "tokenVersion" from users
      where role = 'ADMIN' and deleted_at is null order by created_at limit 1`,
  );
  if (!rows[0]) throw new Error('the database has no administrator');
  for (const call of calls) {
    const started = performance.now();
    const { status, statements, explained } = await explainer.explain(call, rows[0]);
    const ms = (performance.now() - started).toFixed(1);
    console.log(`\n## GET /api${call}: ${status}, ${statements} statements (${ms} ms with the plans)\n`);
    for (const { query, params, plan } of explained) {
      console.log(query, '\n--', JSON.stringify(params), '\n');
      console.log(plan.join('\n'), '\n');
    }
  }
} finally {
  await explainer.close();
}

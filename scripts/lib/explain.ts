/**
 * API calls explained: a second app on its own connection pool to a PostgreSQL database, whose Drizzle
 * logger keeps every statement a call issues; each read is run again with its parameters under
 * `EXPLAIN (ANALYZE, BUFFERS)` on a client of its own, with JIT off as the API's pool has it (decision
 * 0014), so the plans show what the API's statements cost. Used by the bench (BENCH_EXPLAIN) and by
 * `npm run explain`. Opening the database applies pending migrations, as the server would.
 */
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app.ts';
import { testConfig } from '../../apps/api/src/config.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';

export interface ExplainedStatement {
  query: string;
  params: unknown[];
  /** The plan's lines. */
  plan: string[];
}

export interface ExplainedCall {
  status: number;
  /** Every statement the call issued; only reads are explained. */
  statements: number;
  explained: ExplainedStatement[];
}

/** Reads only: SELECT, and WITH that writes nothing (EXPLAIN ANALYZE runs what it explains). */
function isExplainable(query: string) {
  const q = query.trim().toLowerCase();
  if (q.startsWith('select')) return true;
  return q.startsWith('with') && !/\b(insert|update|delete|merge)\b/.test(q);
}

export async function openExplainer(databaseUrl: string) {
  const captured: { query: string; params: unknown[] }[] = [];
  const database = await openDatabase({
    databaseUrl,
    logger: { logQuery: (query, params) => captured.push({ query, params }) },
  });
  const client = new pg.Client({ connectionString: databaseUrl, options: '-c jit=off' });
  await client.connect();
  const app = await buildApp(testConfig({ logLevel: 'silent' }), { database });
  return {
    /** The database's own client (to find a user to call as). */
    client,
    /** `GET /api${url}` once as `user`, and the plans of the reads it issued. */
    async explain(url: string, user: { id: string; tokenVersion: number }): Promise<ExplainedCall> {
      captured.length = 0;
      const res = await app.inject({
        method: 'GET',
        url: `/api${url}`,
        headers: { authorization: `Bearer ${app.signToken(user)}` },
      });
      const statements = captured.splice(0);
      const explained: ExplainedStatement[] = [];
      for (const { query, params } of statements.filter((s) => isExplainable(s.query))) {
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN (ANALYZE, BUFFERS, FORMAT TEXT) ${query}`,
          params,
        );
        explained.push({ query, params, plan: rows.map((r) => r['QUERY PLAN']) });
      }
      return { status: res.statusCode, statements: statements.length, explained };
    },
    async close() {
      await app.close();
      await client.end();
      await database.close();
    },
  };
}

/** How much of a parameter or plan line the plans file keeps (the longest sort keys are 1,800). */
export const SHOWN_CHARACTERS = 2_000;

/**
 * A parameter or plan line cut to `max` characters, saying how much was left out: an array of ids sent
 * as a constant (the activities' search once sent 1,853, in its parameter and again in the plan's index
 * condition: 75,000 characters each) is text nobody reads, in a file meant for review.
 */
export function shortened(text: string, max: number = SHOWN_CHARACTERS): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… (${(text.length - max).toLocaleString('en-GB')} more characters)`;
}

import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { createMemoryMailer } from '../lib/mailer.ts';
import { onPostgres } from './setup.ts';

export interface Statement {
  sql: string;
  params: unknown[];
}

export interface RecordedApp {
  app: FastifyInstance;
  /** Every statement Drizzle has sent so far, with its parameters (clear it to record one request). */
  statements: Statement[];
  /**
   * Runs a statement again, outside any transaction, and answers its rows as arrays of values (a join's
   * columns of one name would otherwise hide each other).
   */
  rerun(statement: Statement): Promise<unknown[][]>;
  /** PostgreSQL: the test database's address (another connection may hold locks in it). */
  databaseUrl?: string;
  close(): Promise<void>;
}

/**
 * A test app on a database of its own whose statements are recorded (openDatabase's logger): to show
 * what a request reads, e.g. that a row out of the caller's scope is never read. PGlite in memory, or a
 * fresh database on TEST_DATABASE_URL's server (TEST_DB=postgres).
 */
export async function createRecordedApp(): Promise<RecordedApp> {
  const statements: Statement[] = [];
  const logger: Logger = { logQuery: (sql, params) => void statements.push({ sql, params }) };
  let database: Database;
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (onPostgres) {
    const baseUrl = process.env.TEST_DATABASE_URL;
    if (!baseUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const name = `csp_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    database = await openDatabase({ databaseUrl, logger });
    drop = async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    database = await openDatabase({ inMemory: true, logger });
  }
  const app = await buildApp(testConfig(), { database, mailer: createMemoryMailer() });
  await app.ready();
  const client = (database.db as unknown as { $client: unknown }).$client;
  return {
    app,
    statements,
    databaseUrl,
    rerun: async ({ sql, params }) =>
      onPostgres
        ? (await (client as pg.Pool).query({ text: sql, values: params, rowMode: 'array' })).rows
        : (await (client as PGlite).query<unknown[]>(sql, params, { rowMode: 'array' })).rows,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

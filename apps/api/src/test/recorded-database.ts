import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { createMemoryMailer } from '../lib/mailer.ts';
import { onPostgres, openTestDatabase } from './setup.ts';

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
 * what a request reads, e.g. that a row out of the caller's scope is never read (openTestDatabase's
 * database).
 */
export async function createRecordedApp(): Promise<RecordedApp> {
  const statements: Statement[] = [];
  const logger: Logger = { logQuery: (sql, params) => void statements.push({ sql, params }) };
  const { database, databaseUrl, drop } = await openTestDatabase(logger);
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
      await drop();
    },
  };
}

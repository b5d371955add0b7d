import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { ADVISORY_LOCKS } from './sql-helpers.ts';
import { snapshotOf } from './pglite-snapshot.ts';
import { pipelineQueries } from './pglite-pipeline.ts';
import { PgliteWorker } from './pglite-worker.ts';
import { timed } from './timing.ts';

export type Schema = typeof schema;
/** Both drivers give this type: repositories are written once for PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * Embedded PGlite in a worker thread: settles with the reason when that thread stops without close()
   * (every call fails from then on; the server exits, for its supervisor to start it again).
   */
  failed?: Promise<Error>;
  /** Embedded PGlite on this thread: the whole database as a tarball (PGlite's dumpDataDir). */
  dump?: () => Promise<Blob>;
  /** Embedded PGlite: a snapshot for a backup, a gzipped tarball (db/pglite-snapshot.ts). */
  snapshot?: () => Promise<Uint8Array>;
}

/** The SQL migrations and their journal (drizzle-kit's output). */
export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

export interface OpenOptions {
  databaseUrl?: string;
  /**
   * PostgreSQL: the connection migrations run on, the tables' owner (DATABASE_MIGRATION_URL), when
   * databaseUrl is a role that may not change the schema (scripts/app-role.sql). Default: databaseUrl.
   */
  migrationUrl?: string;
  /** Folder for the embedded database; ignored with databaseUrl. */
  pgliteDir?: string;
  inMemory?: boolean;
  /** Sees every statement Drizzle sends, with its parameters (the bench captures them to EXPLAIN them). */
  logger?: Logger;
  /**
   * Where the embedded database runs: `worker`, a worker thread of its own, so queries run beside the
   * server's request handling; `inline`, this thread (cheaper to open: the in-memory test databases).
   * Default: PGLITE_THREAD when set, else `inline` in memory and `worker` on disk. Ignored with databaseUrl.
   */
  pgliteThread?: PgliteThread;
  /**
   * Embedded PGlite on this thread: start from this tarball (a `dump`) instead of an empty database; the
   * migrations still run, and find nothing to do when it has them all (the test databases: see
   * test/setup.ts).
   */
  fromDump?: Blob;
  /**
   * Embedded PGlite: called before migrations run on a database that has older ones (an upgrade), with
   * a snapshot of it as it is: the server writes it as a backup (db/backups.ts) and stops if it cannot.
   */
  beforeUpgrade?: (snapshot: () => Promise<Uint8Array>) => Promise<void>;
  /** Another folder of migrations (tests: a database left a migration behind). */
  migrationsFolder?: string;
}

export type PgliteThread = 'worker' | 'inline';

/** When the newest migration in `folder` was made (drizzle-kit's journal): what the migrator compares. */
async function newestMigrationMillis(folder: string): Promise<number> {
  const journal = JSON.parse(await readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

/**
 * Whether an embedded database holds data migrated by an older version of the code: its newest applied
 * migration is older than the newest in `folder`. A new database (no migrations table yet) is not.
 */
export async function upgradePending(client: Pick<PGlite, 'query'>, folder: string): Promise<boolean> {
  // Two statements: a statement naming a table that does not exist fails as it is parsed.
  const table = await client.query<{ present: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table.rows[0]?.present) return false;
  const { rows } = await client.query<{ last: string | null }>(
    'select max(created_at)::text as last from drizzle.__drizzle_migrations',
  );
  const last = rows[0]?.last;
  return last != null && Number(last) < (await newestMigrationMillis(folder));
}

/**
 * Whether a database has every migration in `folder` applied (its newest applied migration is at least as
 * new as the newest there). Read before migrating: the application's own role (scripts/app-role.sql) may
 * read the migrations' table but may not create the migrator's schema, which the migrator tries first.
 */
async function migrationsCurrent(client: Pick<pg.Client, 'query'>, folder: string): Promise<boolean> {
  const table = await client.query<{ present: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table.rows[0]?.present) return false;
  const { rows } = await client.query<{ last: string | null }>(
    'select max(created_at)::text as last from drizzle.__drizzle_migrations',
  );
  const last = rows[0]?.last;
  return last != null && Number(last) >= (await newestMigrationMillis(folder));
}

/**
 * Migrates a PostgreSQL database on `client`, one instance at a time (an advisory lock), unless it is
 * current. A role without the right to migrate (the application's own) is told which setting to give.
 */
async function migratePostgres(client: pg.PoolClient | pg.Client, separate: boolean): Promise<void> {
  try {
    await client.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCKS.migrations]);
    const current = await migrationsCurrent(client, migrationsFolder).catch(() => false);
    if (!current) await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } catch (err) {
    // Drizzle's error carries the driver's as its cause.
    const driver = ((err as { cause?: unknown }).cause ?? err) as { code?: string; message?: string };
    if (driver.code === '42501' && !separate) {
      throw new Error(
        `The database needs its migrations, and DATABASE_URL's role may not run them (${driver.message}): set DATABASE_MIGRATION_URL to the connection of the tables' owner (scripts/app-role.sql)`,
        { cause: err },
      );
    }
    throw err;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCKS.migrations]).catch(() => undefined);
  }
}

/** Migrates an embedded database, first handing a snapshot to `beforeUpgrade` when it is an upgrade. */
async function migrateEmbedded(
  client: PGlite,
  opts: OpenOptions,
  snapshot: () => Promise<Uint8Array>,
): Promise<void> {
  const folder = opts.migrationsFolder ?? migrationsFolder;
  if (opts.beforeUpgrade && (await upgradePending(client, folder))) await opts.beforeUpgrade(snapshot);
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: folder });
}

function pgliteThread(opts: OpenOptions): PgliteThread {
  if (opts.pgliteThread) return opts.pgliteThread;
  const env = process.env.PGLITE_THREAD;
  if (env === 'worker' || env === 'inline') return env;
  if (env) throw new Error(`PGLITE_THREAD must be worker or inline, not ${env}`);
  return opts.inMemory ? 'inline' : 'worker';
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    // JIT compilation off for every session (decision 0014): on these short queries it costs far more
    // than it saves (compiling took most of a statement's time). An `options` in the URL still wins.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, options: '-c jit=off' });
    // Dates stay as 'YYYY-MM-DD' strings (no time-zone shifts).
    pool.on('error', () => {
      /* idle client errors are surfaced on the next query */
    });
    // Each query's round trip counts towards its request's database time (Server-Timing): the pool's
    // own queries, and those of a client checked out for a transaction. (pool.query runs the client's
    // callback form, which passes through untimed, so nothing counts twice.)
    const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    const timedQuery =
      (query: (...args: unknown[]) => unknown) =>
      (...args: unknown[]) =>
        typeof args.at(-1) === 'function' || typeof (args[0] as { submit?: unknown })?.submit === 'function'
          ? query(...args)
          : timed(() => query(...args) as Promise<unknown>);
    (pool as { query: unknown }).query = timedQuery(poolQuery);
    pool.on('connect', (client) => {
      (client as { query: unknown }).query = timedQuery(
        client.query.bind(client) as (...args: unknown[]) => unknown,
      );
    });
    const db = drizzlePg(pool, { schema, logger: opts.logger }) as unknown as Db;
    try {
      if (opts.migrationUrl && opts.migrationUrl !== opts.databaseUrl) {
        // The owner's connection, for the migrations only; the application then runs as its own role.
        const owner = new pg.Client({ connectionString: opts.migrationUrl });
        await owner.connect();
        try {
          await migratePostgres(owner, true);
        } finally {
          await owner.end();
        }
      } else {
        const client = await pool.connect();
        try {
          await migratePostgres(client, false);
        } finally {
          client.release();
        }
      }
    } catch (err) {
      await pool.end().catch(() => undefined);
      throw err;
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const dataDir = opts.inMemory ? undefined : opts.pgliteDir;
  if (pgliteThread(opts) === 'worker') {
    if (opts.fromDump) throw new Error('fromDump opens an embedded database on this thread only');
    // The worker (pglite-worker.ts) opens PGlite as below and times each call for Server-Timing itself.
    const client = await PgliteWorker.open({ dataDir });
    try {
      await migrateEmbedded(client as unknown as PGlite, opts, () => client.snapshot());
    } catch (err) {
      await client.close().catch(() => undefined);
      throw err;
    }
    const db = drizzlePglite(client as unknown as PGlite, { schema, logger: opts.logger }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      close: () => client.close(),
      failed: client.failed,
      snapshot: () => client.snapshot(),
    };
  }
  // pg_trgm: trigram indexes for search (migration 0002 creates the extension).
  const client = new PGlite({
    dataDir,
    extensions: { pg_trgm },
    loadDataDir: opts.fromDump,
  });
  await client.waitReady;
  pipelineQueries(client);
  // Every statement, inside a transaction or not, goes through execProtocolRaw (several calls per
  // statement): their time counts towards the request's database time (Server-Timing). Waiting for the
  // single connection is not counted.
  const execProtocolRaw = client.execProtocolRaw.bind(client);
  client.execProtocolRaw = (...args) => timed(() => execProtocolRaw(...args));
  const db = drizzlePglite(client, { schema, logger: opts.logger }) as unknown as Db;
  const snapshot = async () => new Uint8Array(await snapshotOf(client));
  await migrateEmbedded(client, opts, snapshot);
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
    snapshot,
  };
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import argon2 from '@node-rs/argon2';
import type { Role } from '@csp/contracts';
import type { Logger } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { expect } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig, type Config } from '../config.ts';
import { migrationsFolder, openDatabase, type Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { createMemoryMailer } from '../lib/mailer.ts';
import { FileNotFoundInStoreError } from '../lib/storage.ts';

/**
 * Which database the API tests run on: in-memory PGlite by default; the PostgreSQL server in
 * TEST_DATABASE_URL when the vitest project sets TEST_DB=postgres (a fresh database per test file).
 */
export const onPostgres = process.env.TEST_DB === 'postgres';

/**
 * An empty, migrated embedded database as a tarball, built once for each set of migrations and PGlite
 * version and kept in the system's temporary folder (only the latest). Each test app starts from it
 * rather than from initdb and every migration, which is most of an embedded test app's start-up. The
 * migrations still run on it (a no-op when it has them all). Two workers that build it at
 * once each write a file of their own and rename it. Read once per test file (its apps share it).
 */
let snapshotOnce: Promise<Blob> | undefined;
const pgliteSnapshot = () => (snapshotOnce ??= readOrBuildSnapshot());

async function readOrBuildSnapshot(): Promise<Blob> {
  const hash = createHash('sha256');
  // The installed PGlite's package.json (its exports do not name it): dist/index.js's folder's parent.
  const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  hash.update(await readFile(path.join(path.dirname(entry), '..', 'package.json')));
  // What the migrator reads: the SQL files and the journal (not drizzle-kit's schema snapshots).
  const files = (await readdir(migrationsFolder, { recursive: true }))
    .filter((f) => f.endsWith('.sql') || f.endsWith('_journal.json'))
    .sort();
  for (const file of files) hash.update(file).update(await readFile(path.join(migrationsFolder, file)));
  const snapshot = path.join(os.tmpdir(), `csp-test-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  try {
    return new Blob([await readFile(snapshot)]);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const database = await openDatabase({ inMemory: true });
  try {
    const tar = Buffer.from(await (await database.dump!()).arrayBuffer());
    const partial = `${snapshot}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, tar);
    await rename(partial, snapshot).catch(async (e: unknown) => {
      await rm(partial, { force: true });
      throw e;
    });
    // Earlier migrations' snapshots go (another checkout that still needs one writes it again).
    for (const old of await readdir(os.tmpdir())) {
      if (/^csp-test-pglite-[0-9a-f]{16}\.tar$/.test(old) && old !== path.basename(snapshot)) {
        await rm(path.join(os.tmpdir(), old), { force: true });
      }
    }
    return new Blob([tar]);
  } finally {
    await database.close();
  }
}

/** A test's own database, as openTestDatabase answers it. */
export interface TestDatabase {
  database: Database;
  /** PostgreSQL: the database's address (another connection may hold locks in it). */
  databaseUrl?: string;
  /** Closes the database and, on PostgreSQL, drops it. */
  drop: () => Promise<void>;
}

/**
 * A database of the test's own: PGlite in memory from the migrated snapshot, or a fresh database on
 * TEST_DATABASE_URL's server (TEST_DB=postgres). `logger` sees every statement Drizzle sends.
 */
export async function openTestDatabase(logger?: Logger): Promise<TestDatabase> {
  if (!onPostgres) {
    const database = await openDatabase({ inMemory: true, fromDump: await pgliteSnapshot(), logger });
    return { database, drop: () => database.close() };
  }
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `csp_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const database = await openDatabase({ databaseUrl, logger });
  return {
    database,
    databaseUrl,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestContext {
  app: FastifyInstance;
  mailer: ReturnType<typeof createMemoryMailer>;
  config: Config;
  close: () => Promise<void>;
}

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestContext> {
  const { database, drop } = await openTestDatabase();
  const mailer = createMemoryMailer();
  const config = testConfig(overrides);
  const app = await buildApp(config, { database, mailer });
  await app.ready();
  return {
    app,
    mailer,
    config,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

let counter = 0;
/** A unique address for each call, so tests in one file never collide. */
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now()}.${++counter}@example.org`;

/** Cheap hashing for fixtures only (the product uses the OWASP parameters). */
const fixtureHash = (password: string) =>
  argon2.hash(password, { memoryCost: 1024, timeCost: 1, parallelism: 1 });

export interface SeededUser {
  id: string;
  email: string;
  password: string;
  role: Role;
  token: string;
  auth: { authorization: string };
}

/** Inserts a user directly and signs a token for them. */
export async function seedUser(
  app: FastifyInstance,
  opts: { role?: Role; isActive?: boolean; firstName?: string; lastName?: string; email?: string } = {},
): Promise<SeededUser> {
  const role = opts.role ?? 'TEACHER';
  const password = 'secret123';
  const email = opts.email ?? uniqueEmail(role.toLowerCase());
  const [row] = await app.db
    .insert(users)
    .values({
      email,
      passwordHash: await fixtureHash(password),
      firstName: opts.firstName ?? (role === 'ADMIN' ? 'Ada' : 'Tara'),
      lastName: opts.lastName ?? 'Tester',
      role,
      isActive: opts.isActive ?? true,
    })
    .returning({ id: users.id, tokenVersion: users.tokenVersion });
  const token = app.signToken(row);
  return { id: row.id, email, password, role, token, auth: { authorization: `Bearer ${token}` } };
}

export const json = <T = Record<string, unknown>>(res: LightMyRequestResponse) => res.json() as T;

/** Asserts an error answer: the status, exactly { statusCode, error, message }, and the message if given. */
export function expectError(
  res: { statusCode: number; json: () => unknown },
  status: number,
  message?: string,
) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['error', 'message', 'statusCode']);
  expect(body.statusCode).toBe(status);
  if (message !== undefined) expect(body.message).toBe(message);
}

/** Whether the app's file store holds `key`. */
export async function inFileStore(app: FastifyInstance, key: string) {
  try {
    (await app.storage.get(key)).destroy();
    return true;
  } catch (err) {
    if (err instanceof FileNotFoundInStoreError) return false;
    throw err;
  }
}

import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { addDays, todayIn, type AuditChainCheck } from '@csp/contracts';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig, testConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { refreshStatistics } from '../../db/maintenance.ts';
import { storedFiles, students } from '../../db/schema.ts';
import { createMemoryMailer } from '../../lib/mailer.ts';
import { matches, openApiRoutes, seedMatrixWorld } from '../../test/matrix-world.ts';
import { defaultParams, ROUTE_MATRIX } from '../../test/route-matrix.ts';
import { onPostgres, seedUser, type SeededUser } from '../../test/setup.ts';
import { runFileSweep } from '../files/files.jobs.ts';
import { runIdempotencyKeySweep } from '../idempotency/idempotency.jobs.ts';
import { runGrowthJob } from '../measurements/growth.jobs.ts';
import { analyzeMeasurements } from '../measurements/growth.repo.ts';
import { runCategoryJob } from '../students/students.jobs.ts';

// The application run as a role of its own (scripts/app-role.sql), migrations as the tables' owner
// (DATABASE_MIGRATION_URL): every route answers as it does for the owner, the jobs run, and the role
// cannot change, remove or empty the trail, nor touch the schema. PostgreSQL only (the embedded
// database has one user).

const script = path.resolve(import.meta.dirname, '../../../../../scripts/app-role.sql');
const run = promisify(execFile);
const suffix = randomBytes(4).toString('hex');

interface Setup {
  ownerUrl: string;
  roleUrl: string;
  role: string;
  database: string;
}

const baseUrl = () => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return url;
};

async function asSuperuser(statement: string) {
  const c = new pg.Client({ connectionString: baseUrl() });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

/** A database and a login role for it, neither with anything granted yet. */
async function createDatabaseAndRole(name: string): Promise<Setup> {
  const database = `csp_test_${name}_${suffix}`;
  const role = `csp_test_app_${name}_${suffix}`;
  await asSuperuser(`CREATE DATABASE ${database}`);
  await asSuperuser(`CREATE ROLE ${role} LOGIN`);
  const owner = new URL(baseUrl());
  owner.pathname = `/${database}`;
  const app = new URL(owner);
  app.username = role;
  app.password = '';
  return { ownerUrl: owner.toString(), roleUrl: app.toString(), role, database };
}

async function dropDatabaseAndRole(s: Setup) {
  await asSuperuser(`DROP DATABASE IF EXISTS ${s.database} WITH (FORCE)`);
  // Its grants and default privileges went with the database: nothing else holds the role.
  await asSuperuser(`DROP ROLE IF EXISTS ${s.role}`);
}

/** The operator's step, as documented: psql as the owner, naming the role. */
const grant = (s: Setup) => run('psql', [s.ownerUrl, '-q', '-v', `app_role=${s.role}`, '-f', script]);

/** The migrations as the owner (the first start of a fresh install, or an upgrade). */
async function migrateAsOwner(s: Setup) {
  const database = await openDatabase({ databaseUrl: s.ownerUrl });
  await database.close();
}

async function startAsRole(s: Setup): Promise<FastifyInstance> {
  const database = await openDatabase({ databaseUrl: s.roleUrl, migrationUrl: s.ownerUrl });
  const app = await buildApp(
    testConfig({
      databaseUrl: s.roleUrl,
      databaseMigrationUrl: s.ownerUrl,
      authIpLimitPerMinute: 1_000_000,
      codeSendsPerHour: 1_000_000,
    }),
    { database, mailer: createMemoryMailer() },
  );
  app.addHook('onClose', async () => database.close());
  await app.ready();
  return app;
}

/** A client connected as the application's role, for what the app itself never sends. */
async function roleClient(s: Setup) {
  const c = new pg.Client({ connectionString: s.roleUrl });
  await c.connect();
  return c;
}

/** The SQLSTATE a statement fails with ('' when it succeeds). */
async function sqlState(c: pg.Client, statement: string): Promise<string> {
  try {
    await c.query(statement);
    return '';
  } catch (err) {
    return (err as { code?: string }).code ?? String(err);
  }
}

describe.runIf(onPostgres)('the application as a role of its own (scripts/app-role.sql)', () => {
  let s: Setup;
  let app: FastifyInstance;
  let c: pg.Client;
  let admin: SeededUser;

  beforeAll(async () => {
    s = await createDatabaseAndRole('role');
    // A fresh install: the grants first, then the first start migrates as the owner.
    await grant(s);
    app = await startAsRole(s);
    c = await roleClient(s);
    admin = await seedUser(app, { role: 'ADMIN' });
  });
  afterAll(async () => {
    await c?.end();
    await app?.close();
    await rm(app?.config.dataDir ?? '/nonexistent', { recursive: true, force: true });
    if (s) await dropDatabaseAndRole(s);
  });

  it('the server works as the role: it is not the owner', async () => {
    const { rows } = await c.query<{ who: string; owner: string }>(
      `select current_user as who, pg_get_userbyid(relowner) as owner from pg_class where oid = 'audit_events'::regclass`,
    );
    expect(rows[0].who).toBe(s.role);
    expect(rows[0].owner).not.toBe(s.role);
  });

  it('every route answers as the role × route matrix says, each audited write chained', async () => {
    const routes = await openApiRoutes(app);
    const wrong: string[] = [];
    for (const route of routes) {
      const row = ROUTE_MATRIX[route];
      if (!row) continue;
      const [method, p] = route.split(' ');
      for (const role of ['teacherA', 'admin'] as const) {
        const actors = await seedMatrixWorld(app, { code: 'RL', tag: 'role' });
        const params = { ...defaultParams(p, actors.world), ...row.params?.(actors.world) };
        const url =
          p.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name])) +
          (row.query ? `?${new URLSearchParams(row.query(actors.world)).toString()}` : '');
        const body = row.body?.(actors.world);
        const res = await app.inject({
          method: method as 'GET',
          url,
          headers: actors[role].auth,
          ...(body === undefined ? {} : { payload: body as object }),
        });
        const status = res.statusCode === 204 ? 200 : res.statusCode;
        if (!matches(row[role], status)) {
          wrong.push(
            `${route} as ${role}: expected ${JSON.stringify(row[role])}, got ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
    const { rows } = await c.query<{ events: number; links: number }>(
      `select (select count(*) from audit_events)::int as events, (select count(*) from audit_chain)::int as links`,
    );
    expect(rows[0].events).toBeGreaterThan(20);
    expect(rows[0].links).toBe(rows[0].events);
    const check = await app.inject({ method: 'GET', url: '/api/audit/chain', headers: admin.auth });
    expect((check.json() as AuditChainCheck).ok).toBe(true);
  }, 600_000);

  it('the jobs run as the role: the category move and the file sweep audited, the rest as ever', async () => {
    const [due] = await app.db
      .insert(students)
      .values({
        studentId: `RL-JOB-${Date.now()}`,
        firstName: 'Due',
        lastName: 'Kid',
        dateOfBirth: addDays(todayIn('Asia/Colombo'), -800),
        category: 'SURVIVAL_PROGRAM',
      })
      .returning();
    expect(await runCategoryJob(app)).toBeGreaterThanOrEqual(1);
    const [old] = await app.db
      .insert(storedFiles)
      .values({
        storageKey: `role/${randomUUID()}.png`,
        originalName: 'old.png',
        mimeType: 'image/png',
        sizeBytes: 1,
        purpose: 'role',
        createdAt: new Date(Date.now() - 3 * 86_400_000),
      })
      .returning();
    await app.storage.put(old.storageKey, Buffer.from('x'));
    expect((await runFileSweep(app)).unattached).toBeGreaterThanOrEqual(1);
    await runGrowthJob(app);
    expect(await runIdempotencyKeySweep(app)).not.toBeNull();
    // ANALYZE of a table the role does not own: PostgreSQL skips it with a warning, never an error
    // (autovacuum keeps PostgreSQL's statistics; the statistics job runs on the embedded database only).
    await expect(analyzeMeasurements(app.db)).resolves.toBeUndefined();
    await expect(refreshStatistics(app.db)).resolves.toBe(true);
    const { rows } = await c.query<{
      entity: string;
      action: string;
      actor_id: string | null;
      actor_email: string | null;
    }>(`select entity, action, actor_id, actor_email from audit_events where entity_id in ($1, $2)`, [
      due.id,
      old.id,
    ]);
    expect(rows).toEqual(
      expect.arrayContaining([
        { entity: 'student', action: 'update', actor_id: null, actor_email: null },
        { entity: 'file', action: 'delete', actor_id: null, actor_email: null },
      ]),
    );
  });

  it('the role may read and add to the trail, and nothing more', async () => {
    await c.query(`insert into audit_events (action, entity) values ('create', 'student')`);
    expect((await c.query('select count(*) from audit_events')).rows).toHaveLength(1);
    expect((await c.query('select count(*) from audit_chain')).rows).toHaveLength(1);
    const refused = {
      'update the trail': "update audit_events set changes = '{}'",
      'delete from the trail': 'delete from audit_events',
      'truncate the trail': 'truncate audit_events cascade',
      'write a link': `insert into audit_chain (seq, event_id, prev_hash, hash) select 0, id, '\\x00', '\\x00' from audit_events limit 1`,
      'update a link': `update audit_chain set hash = prev_hash`,
      'delete a link': 'delete from audit_chain',
      'truncate the chain': 'truncate audit_chain',
      'drop a trigger': 'drop trigger audit_events_no_change on audit_events',
      'disable a trigger': 'alter table audit_events disable trigger audit_events_chain',
      'alter the table': 'alter table audit_events add column x int',
      'drop the table': 'drop table audit_events cascade',
      'drop the chain': 'drop table audit_chain',
      'replace a trigger function': `create or replace function audit_events_append_only() returns trigger language plpgsql as $$ begin return new; end $$`,
      'create a table': 'create table public.mine (id int)',
      'turn the triggers off': 'set session_replication_role = replica',
      'truncate a record table': 'truncate notifications cascade',
    };
    const states: Record<string, string> = {};
    for (const [what, q] of Object.entries(refused)) states[what] = await sqlState(c, q);
    // 42501: insufficient privilege ("permission denied", "must be owner").
    expect(states).toEqual(Object.fromEntries(Object.keys(refused).map((k) => [k, '42501'])));
  });

  it('a table a later migration makes is the role’s to read and write (default privileges)', async () => {
    await asSuperuserIn(s, 'create table later_table (id int)');
    const { rows } = await c.query<{ privileges: string }>(
      `select string_agg(p, ',' order by p) as privileges from unnest(array['SELECT','INSERT','UPDATE','DELETE','TRUNCATE']) p
       where has_table_privilege('later_table', p)`,
    );
    expect(rows[0].privileges).toBe('DELETE,INSERT,SELECT,UPDATE');
  });

  it('the grants again change nothing', async () => {
    await grant(s);
    expect(await sqlState(c, 'delete from audit_events')).toBe('42501');
    expect(await sqlState(c, 'select 1 from audit_events limit 1')).toBe('');
  });
});

async function asSuperuserIn(s: Setup, statement: string) {
  const owner = new pg.Client({ connectionString: s.ownerUrl });
  await owner.connect();
  try {
    await owner.query(statement);
  } finally {
    await owner.end();
  }
}

describe.runIf(onPostgres)('the grants on a database already in use, and a start without the owner', () => {
  let s: Setup;

  beforeAll(async () => {
    s = await createDatabaseAndRole('later');
  });
  afterAll(async () => {
    if (s) await dropDatabaseAndRole(s);
  });

  it('the role alone cannot migrate: the server says which setting it needs', async () => {
    await asSuperuserIn(s, `grant connect on database ${s.database} to ${s.role}`);
    await expect(openDatabase({ databaseUrl: s.roleUrl })).rejects.toThrow(
      /DATABASE_URL's role may not run them .*DATABASE_MIGRATION_URL/,
    );
  });

  it('grants after the migrations: the trail read and add only; then the role starts alone, migrations current', async () => {
    await migrateAsOwner(s);
    await grant(s);
    const c = await roleClient(s);
    try {
      const { rows } = await c.query<{ table: string; privileges: string }>(
        `select t as table, string_agg(p, ',' order by p) as privileges
         from unnest(array['audit_events', 'audit_chain', 'students']) t,
           unnest(array['SELECT','INSERT','UPDATE','DELETE','TRUNCATE','TRIGGER','REFERENCES']) p
         where has_table_privilege(t, p) group by t order by t`,
      );
      expect(rows).toEqual([
        { table: 'audit_chain', privileges: 'SELECT' },
        { table: 'audit_events', privileges: 'INSERT,SELECT' },
        { table: 'students', privileges: 'DELETE,INSERT,SELECT,UPDATE' },
      ]);
    } finally {
      await c.end();
    }
    // Without DATABASE_MIGRATION_URL, on a database whose migrations have all run: it reads that, and
    // starts.
    const database = await openDatabase({ databaseUrl: s.roleUrl });
    await database.close();
  });
});

describe('DATABASE_MIGRATION_URL', () => {
  const env = { DATA_DIR: '/tmp/csp-test-migration-url', JWT_SECRET: 'x'.repeat(40) };

  it('is the connection migrations run on, beside DATABASE_URL; unset, DATABASE_URL migrates', () => {
    const owner = 'postgres://owner@db/csp';
    const app = 'postgres://csp_app@db/csp';
    expect(loadConfig({ ...env, DATABASE_URL: app, DATABASE_MIGRATION_URL: owner })).toMatchObject({
      databaseUrl: app,
      databaseMigrationUrl: owner,
    });
    expect(loadConfig({ ...env, DATABASE_URL: app }).databaseMigrationUrl).toBeUndefined();
  });

  it('is refused without DATABASE_URL (the embedded database has one user)', () => {
    expect(() => loadConfig({ ...env, DATABASE_MIGRATION_URL: 'postgres://owner@db/csp' })).toThrow(
      'DATABASE_MIGRATION_URL is set without DATABASE_URL',
    );
  });
});

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, testConfig, type Config } from '../config.ts';
import { createMemoryMailer } from '../lib/mailer.ts';
import { seedUser } from '../test/setup.ts';
import {
  backupFileName,
  listBackups,
  pruneBackups,
  restoreBackup,
  runBackup,
  startBackupJob,
  writeBackup,
} from './backups.ts';
import { migrationsFolder, openDatabase, type Database } from './client.ts';
import { lockDataDir } from './lock.ts';
import { users } from './schema.ts';

const HOUR = 60 * 60 * 1000;
const root = path.resolve(import.meta.dirname, '../../../..');

// The server's own setting: the embedded database on disk, in its worker thread.
let dir: string;
let database: Database;
let app: FastifyInstance;
let config: Config;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'csp-backups-'));
  database = await openDatabase({ pgliteDir: path.join(dir, 'db'), pgliteThread: 'worker' });
  config = testConfig({
    dataDir: dir,
    inMemoryDatabase: false,
    backup: { dir: path.join(dir, 'backups'), everyHours: 24, keep: 3 },
  });
  app = await buildApp(config, { database, mailer: createMemoryMailer() });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

const emails = async (db: { query: (sql: string) => Promise<{ rows: unknown[] }> }) =>
  ((await db.query('select email from users order by email')).rows as { email: string }[]).map(
    (r) => r.email,
  );

describe('backups of the embedded database', () => {
  it('takes one when none is there or the newest is a day old, and keeps the newest few', async () => {
    const backups = path.join(dir, 'backups');
    const t0 = new Date('2026-11-01T02:00:00Z');
    const first = await runBackup(app, t0);
    expect(first?.file).toBe(path.join(backups, backupFileName(t0)));
    expect(first!.bytes).toBeGreaterThan(1000);
    // Records of children: readable by the server's account only.
    expect((await stat(backups)).mode & 0o777).toBe(0o700);
    expect((await stat(first!.file)).mode & 0o777).toBe(0o600);
    // Not due yet: nothing.
    expect(await runBackup(app, new Date(t0.getTime() + 23 * HOUR))).toBeNull();
    // Due: one more each day; of five, the newest three stay.
    for (let day = 1; day <= 4; day++) {
      expect(await runBackup(app, new Date(t0.getTime() + day * 24 * HOUR))).not.toBeNull();
    }
    const kept = await listBackups(backups);
    expect(kept.map((b) => b.takenAt.toISOString())).toEqual([
      '2026-11-05T02:00:00.000Z',
      '2026-11-04T02:00:00.000Z',
      '2026-11-03T02:00:00.000Z',
    ]);
    // A file a crash left half-written goes with the next prune; files that are not backups stay.
    await writeFile(path.join(backups, 'csp-db-2026-11-06T02-00-00Z.tar.gz.1a2b3c4d.partial'), 'half');
    await writeFile(path.join(backups, 'notes.txt'), 'the operator’s');
    await pruneBackups(backups, 3);
    expect((await readdir(backups)).sort()).toEqual([
      'csp-db-2026-11-03T02-00-00Z.tar.gz',
      'csp-db-2026-11-04T02-00-00Z.tar.gz',
      'csp-db-2026-11-05T02-00-00Z.tar.gz',
      'notes.txt',
    ]);
  });

  it('waits for a transaction in progress: a snapshot holds whole transactions only', async () => {
    // How long a snapshot takes here: the transaction below is held open for well over that.
    const t0 = performance.now();
    await database.snapshot!();
    const snapshotMs = performance.now() - t0;

    let committed = false;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let began!: () => void;
    const begun = new Promise<void>((resolve) => (began = resolve));
    const writing = app.db.transaction(async (tx) => {
      await tx.update(users).set({ firstName: 'Midway' });
      began();
      await held;
      committed = true;
    });
    await begun;
    let committedWhenTaken: boolean | undefined;
    const snapshot = database.snapshot!().then(() => (committedWhenTaken = committed));
    await new Promise((r) => setTimeout(r, 3 * snapshotMs + 200));
    expect(committedWhenTaken).toBeUndefined();
    release();
    await writing;
    await snapshot;
    expect(committedWhenTaken).toBe(true);
  });

  it('restores a backup in place of the database, keeping the one it replaces', async () => {
    const before = await seedUser(app, { role: 'ADMIN' });
    const backup = await writeBackup(database, path.join(dir, 'restore-src'), new Date());
    const after = await seedUser(app, { role: 'TEACHER' });
    await app.db.update(users).set({ lastName: 'Changed' }).where(eq(users.id, before.id));

    const target = path.join(dir, 'restored', 'db');
    // First onto nothing, then over that restored database (which is kept aside).
    await restoreBackup(backup.file, target);
    const done = await restoreBackup(backup.file, target, new Date('2026-11-28T10:00:00Z'));
    expect(done.users).toBeGreaterThanOrEqual(1);
    expect(done.keptAt).toBe(`${target}.before-restore-2026-11-28T10-00-00Z`);

    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const restored = new PGlite({ dataDir: target, extensions: { pg_trgm } });
    try {
      const list = await emails(restored);
      expect(list).toContain(before.email);
      expect(list).not.toContain(after.email);
      const { rows } = await restored.query<{ last_name: string }>(
        'select last_name from users where id = $1',
        [before.id],
      );
      expect(rows).toEqual([{ last_name: 'Tester' }]);
    } finally {
      await restored.close();
    }
    expect(await readdir(path.dirname(target))).toEqual(
      expect.arrayContaining(['db', 'db.before-restore-2026-11-28T10-00-00Z']),
    );
  });

  it('refuses a damaged file and leaves the database as it was', async () => {
    const target = path.join(dir, 'untouched', 'db');
    const good = await writeBackup(database, path.join(dir, 'damaged-src'), new Date());
    await restoreBackup(good.file, target);
    const bytes = await readFile(good.file);
    const damaged = path.join(dir, 'damaged.tar.gz');
    await writeFile(damaged, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expect(restoreBackup(damaged, target)).rejects.toThrow(/is not a backup this server can read/);
    // A whole gzip file that holds no database.
    const notOne = path.join(dir, 'not-a-backup.tar.gz');
    await writeFile(notOne, gzipSync('just some text'));
    await expect(restoreBackup(notOne, target)).rejects.toThrow(/is not a backup this server can read/);
    const entries = await readdir(path.dirname(target));
    expect(entries).toEqual(['db']);
  });

  it('the job takes a backup at start when one is due, and none when BACKUP_EVERY_HOURS is 0', async () => {
    // As the server does: the job started on a new app, before it is ready.
    const appWith = (backup: Config['backup']) =>
      buildApp({ ...config, backup }, { database, mailer: createMemoryMailer() });
    const offDir = path.join(dir, 'job-off');
    const off = await appWith({ dir: offDir, everyHours: 0, keep: 3 });
    startBackupJob(off);
    await new Promise((r) => setTimeout(r, 500));
    expect(await listBackups(offDir)).toEqual([]);
    await off.close();

    const jobDir = path.join(dir, 'job');
    const on = await appWith({ dir: jobDir, everyHours: 24, keep: 3 });
    startBackupJob(on);
    await expect.poll(async () => (await listBackups(jobDir)).length, { timeout: 20_000 }).toBe(1);
    await on.close();
  });
});

describe('GET /api/backups', () => {
  const appWith = async (backup: Config['backup']) => {
    const a = await buildApp({ ...config, backup }, { database, mailer: createMemoryMailer() });
    await a.ready();
    return a;
  };
  const statusOf = async (a: FastifyInstance, who: { authorization: string } | null) =>
    a.inject({ method: 'GET', url: '/api/backups', headers: who ?? {} });

  it('tells an administrator whether backups are made: the newest, a failure since, overdue', async () => {
    const admin = await seedUser(app, { role: 'ADMIN' });
    const folder = path.join(dir, 'status');
    const a = await appWith({ dir: folder, everyHours: 24, keep: 5 });
    try {
      // Just started, none taken yet: nothing wrong.
      let res = await statusOf(a, admin.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        enabled: true,
        everyHours: 24,
        keep: 5,
        count: 0,
        latest: null,
        lastFailure: null,
        overdue: false,
      });

      // A backup two days old: overdue.
      const old = await writeBackup(database, folder, new Date(Date.now() - 48 * HOUR));
      res = await statusOf(a, admin.auth);
      expect(res.json()).toMatchObject({
        count: 1,
        latest: { takenAt: old.takenAt.toISOString(), bytes: old.bytes },
        lastFailure: null,
        overdue: true,
      });

      // A run that fails (the folder cannot be written): the failure is shown until a backup is made.
      const blocked = await appWith({ dir: path.join(folder, 'x'), everyHours: 24, keep: 5 });
      await writeFile(path.join(folder, 'x'), 'a file where the folder should be');
      await expect(runBackup(blocked)).rejects.toThrow();
      res = await statusOf(blocked, admin.auth);
      expect(res.json()).toMatchObject({ count: 0, latest: null, overdue: true });
      expect(res.json().lastFailure.message).toMatch(/EEXIST|ENOTDIR/);
      await blocked.close();

      // A backup made now: up to date, and the failure of that folder forgotten.
      await runBackup(a);
      res = await statusOf(a, admin.auth);
      expect(res.json()).toMatchObject({ count: 2, lastFailure: null, overdue: false });
    } finally {
      await a.close();
    }
  });

  it('answers "not backed up here" when BACKUP_EVERY_HOURS is 0; teachers 403, nobody signed in 401', async () => {
    const admin = await seedUser(app, { role: 'ADMIN' });
    const teacher = await seedUser(app, { role: 'TEACHER' });
    const a = await appWith({ dir: path.join(dir, 'off'), everyHours: 0, keep: 5 });
    try {
      expect((await statusOf(a, admin.auth)).json()).toMatchObject({ enabled: false, overdue: false });
      const denied = await statusOf(a, teacher.auth);
      expect(denied.statusCode).toBe(403);
      expect(Object.keys(denied.json()).sort()).toEqual(['error', 'message', 'statusCode']);
      expect((await statusOf(a, null)).statusCode).toBe(401);
    } finally {
      await a.close();
    }
  });
});

describe('a backup before an upgrade', () => {
  /** The project's migrations but the newest: a database as the previous version left it. */
  async function olderMigrations(): Promise<string> {
    const older = path.join(dir, 'older-migrations');
    await cp(migrationsFolder, older, { recursive: true });
    const journalFile = path.join(older, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: unknown[] };
    journal.entries.pop();
    await writeFile(journalFile, JSON.stringify(journal));
    return older;
  }
  const migrationCount = async (db: Pick<PGlite, 'query'>) =>
    (await db.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0].n;

  it('is taken when the database has older migrations, and the server does not start without it', async () => {
    const older = await olderMigrations();
    const dataDir = path.join(dir, 'upgrade');
    const backupDir = path.join(dataDir, 'backups');
    mkdirSync(dataDir);
    // The previous version's database, with someone in it.
    const previous = await openDatabase({
      pgliteDir: path.join(dataDir, 'db'),
      pgliteThread: 'worker',
      migrationsFolder: older,
    });
    const before = await previous.db
      .insert(users)
      .values({
        email: 'kept@example.org',
        passwordHash: 'x',
        firstName: 'Kept',
        lastName: 'Before',
        role: 'ADMIN',
      })
      .returning({ id: users.id });
    expect(before).toHaveLength(1);
    await previous.close();
    const journal = JSON.parse(
      await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as {
      entries: unknown[];
    };

    // The backup folder cannot be written: the server refuses to start, and the database is untouched.
    await writeFile(backupDir, 'a file where the folder should be');
    const refused = buildApp(
      testConfig({ dataDir, inMemoryDatabase: false, backup: { dir: backupDir, everyHours: 24, keep: 3 } }),
      { mailer: createMemoryMailer() },
    );
    await expect(refused).rejects.toThrow(
      /Could not back up the database before upgrading it .*Nothing was changed/,
    );
    await rm(backupDir);
    let pg = new PGlite({ dataDir: path.join(dataDir, 'db'), extensions: { pg_trgm } });
    expect(await migrationCount(pg)).toBe(journal.entries.length - 1);
    await pg.close();

    // Now it can: the backup is taken, then the database is upgraded.
    const upgraded = await buildApp(
      testConfig({ dataDir, inMemoryDatabase: false, backup: { dir: backupDir, everyHours: 24, keep: 3 } }),
      { mailer: createMemoryMailer() },
    );
    const [taken] = await listBackups(backupDir);
    expect(path.basename(taken.file)).toMatch(/^csp-db-.*Z-before-upgrade\.tar\.gz$/);
    await upgraded.close();

    // Started again: nothing to upgrade, no other backup.
    const again = await buildApp(
      testConfig({ dataDir, inMemoryDatabase: false, backup: { dir: backupDir, everyHours: 24, keep: 3 } }),
      { mailer: createMemoryMailer() },
    );
    await again.close();
    expect(await listBackups(backupDir)).toHaveLength(1);

    // The backup is the database as the previous version left it.
    const restored = path.join(dir, 'upgrade-restored', 'db');
    await restoreBackup(taken.file, restored);
    pg = new PGlite({ dataDir: restored, extensions: { pg_trgm } });
    try {
      expect(await migrationCount(pg)).toBe(journal.entries.length - 1);
      expect(await emails(pg)).toEqual(['kept@example.org']);
    } finally {
      await pg.close();
    }
  });

  it('is not taken for a new database, nor with BACKUP_EVERY_HOURS=0', async () => {
    const fresh = path.join(dir, 'fresh');
    const off = path.join(dir, 'upgrade-off');
    mkdirSync(fresh);
    mkdirSync(off);
    const a = await buildApp(
      testConfig({
        dataDir: fresh,
        inMemoryDatabase: false,
        backup: { dir: path.join(fresh, 'backups'), everyHours: 24, keep: 3 },
      }),
      { mailer: createMemoryMailer() },
    );
    await a.close();
    expect(await listBackups(path.join(fresh, 'backups'))).toEqual([]);

    const older = await olderMigrations();
    const previous = await openDatabase({
      pgliteDir: path.join(off, 'db'),
      pgliteThread: 'worker',
      migrationsFolder: older,
    });
    await previous.close();
    const b = await buildApp(
      testConfig({
        dataDir: off,
        inMemoryDatabase: false,
        backup: { dir: path.join(off, 'backups'), everyHours: 0, keep: 3 },
      }),
      { mailer: createMemoryMailer() },
    );
    await b.close();
    expect(await listBackups(path.join(off, 'backups'))).toEqual([]);
  });
});

describe('settings', () => {
  it('BACKUP_DIR, BACKUP_EVERY_HOURS and BACKUP_KEEP, with their defaults', () => {
    const env = { DATA_DIR: dir, JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig(env).backup).toEqual({ dir: path.join(dir, 'backups'), everyHours: 24, keep: 14 });
    expect(
      loadConfig({ ...env, BACKUP_DIR: '/srv/b', BACKUP_EVERY_HOURS: '0', BACKUP_KEEP: '30' }).backup,
    ).toEqual({ dir: '/srv/b', everyHours: 0, keep: 30 });
    expect(() => loadConfig({ ...env, BACKUP_EVERY_HOURS: '-1' })).toThrow(/BACKUP_EVERY_HOURS/);
    expect(() => loadConfig({ ...env, BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
  });
});

describe('npm run restore', () => {
  const run = (env: Record<string, string>, ...args: string[]) =>
    spawnSync('npx', ['tsx', 'scripts/restore.ts', ...args], {
      cwd: root,
      env: { ...process.env, ...env, DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('lists the backups, restores one into DATA_DIR, and refuses a PostgreSQL setting', async () => {
    const dataDir = path.join(dir, 'cli');
    const backupDir = path.join(dataDir, 'backups');
    const env = { DATA_DIR: dataDir, BACKUP_DIR: backupDir, JWT_SECRET: 'y'.repeat(40) };
    expect(run(env).stdout).toContain(`No backups in ${backupDir}.`);

    const who = await seedUser(app, { role: 'TEACHER' });
    const backup = await writeBackup(database, backupDir, new Date('2026-11-20T02:00:00Z'));
    const listed = run(env);
    expect(listed.stdout).toContain('csp-db-2026-11-20T02-00-00Z.tar.gz');

    const restored = run(env, path.basename(backup.file));
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    expect(restored.stdout).toMatch(
      /Restored .*csp-db-2026-11-20T02-00-00Z\.tar\.gz: \d+ users, \d+ students\./,
    );

    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const pg = new PGlite({ dataDir: path.join(dataDir, 'db'), extensions: { pg_trgm } });
    try {
      expect(await emails(pg)).toContain(who.email);
    } finally {
      await pg.close();
    }

    // Not while the server runs (it holds the data folder's lock).
    const release = await lockDataDir(dataDir);
    try {
      const busy = run(env, path.basename(backup.file));
      expect(busy.status).toBe(1);
      expect(busy.stderr).toContain(`Another server is already using the data folder ${dataDir}.`);
    } finally {
      await release();
    }

    const refused = spawnSync('npx', ['tsx', 'scripts/restore.ts', 'x'], {
      cwd: root,
      env: { ...process.env, ...env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('pg_dump');
  });
});

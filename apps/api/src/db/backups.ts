/**
 * Backups of the embedded database (decision 0026): a snapshot every `BACKUP_EVERY_HOURS` (24) into
 * `BACKUP_DIR` (DATA_DIR/backups), the newest `BACKUP_KEEP` (14) kept. `npm run restore` puts one back.
 *
 * Only the embedded database (PGlite) is backed up here: a PostgreSQL server has its own tools
 * (pg_dump, base backups), which its operator runs. One process owns an embedded database (the data
 * folder's lock, db/lock.ts), so one run at a time is this process's own flag, not an advisory lock (a
 * snapshot waits for every transaction to end, so it cannot be taken inside one holding a lock).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from './client.ts';

export const HOUR = 60 * 60 * 1000;

/**
 * `csp-db-2026-11-28T18-09-03Z.tar.gz`: the time it was taken, in UTC; names sort by time. One taken
 * before migrations upgraded the database ends `-before-upgrade.tar.gz`.
 */
const NAME = /^csp-db-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z(-before-upgrade)?\.tar\.gz$/;

export type BackupKind = 'daily' | 'before-upgrade';

/** `2026-11-28T18-09-03Z`: a time in UTC, to the second, as file names can hold it. */
const fileStamp = (at: Date) => `${at.toISOString().slice(0, 19).replaceAll(':', '-')}Z`;

export function backupFileName(at: Date, kind: BackupKind = 'daily'): string {
  const suffix = kind === 'before-upgrade' ? '-before-upgrade' : '';
  return `csp-db-${fileStamp(at)}${suffix}.tar.gz`;
}

/** Whether the server backs up its database: the embedded one, unless BACKUP_EVERY_HOURS is 0. */
export const backupsEnabled = (
  database: Pick<Database, 'snapshot'>,
  config: Pick<Config, 'backup'>,
): boolean => Boolean(database.snapshot) && config.backup.everyHours > 0;

export interface Backup {
  file: string;
  takenAt: Date;
  bytes: number;
}

/** The backups in `dir`, newest first (other files are not this job's and are left alone). */
export async function listBackups(dir: string): Promise<Backup[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    // No folder yet (or a file in its place, which the next run reports as its failure): no backups.
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw err;
  }
  const backups: Backup[] = [];
  for (const name of names) {
    const m = NAME.exec(name);
    if (!m) continue;
    const file = path.join(dir, name);
    backups.push({
      file,
      takenAt: new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`),
      bytes: (await stat(file)).size,
    });
  }
  return backups.sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
}

/**
 * Writes a snapshot of the database into `dir`: first under a temporary name, flushed to the disk, then
 * renamed, so a backup file is always whole (a crash leaves at most a `.partial` file, removed by the
 * next run).
 */
export async function writeBackup(
  database: Pick<Database, 'snapshot'>,
  dir: string,
  now = new Date(),
  kind: BackupKind = 'daily',
): Promise<Backup> {
  if (!database.snapshot) throw new Error('Only the embedded database is backed up by the server');
  // The records of children: for the server's account alone (as each file, 0600).
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const bytes = await database.snapshot();
  const file = path.join(dir, backupFileName(now, kind));
  const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
  const handle = await open(partial, 'wx', 0o600);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(partial, file);
  const folder = await open(dir, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
  return { file, takenAt: new Date(Math.floor(now.getTime() / 1000) * 1000), bytes: bytes.byteLength };
}

/** Removes all but the newest `keep` backups, and any `.partial` file a crash left: what was removed. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const removed = (await listBackups(dir)).slice(keep).map((b) => b.file);
  const partials = (await readdir(dir)).filter((n) => n.startsWith('csp-db-') && n.endsWith('.partial'));
  removed.push(...partials.map((n) => path.join(dir, n)));
  for (const file of removed) await rm(file, { force: true });
  return removed;
}

type BackupDeps = Pick<FastifyInstance, 'database'> & { config: Pick<Config, 'backup'> };

let running = false;
/** The last failed run of each backup folder, until a backup is made there (GET /api/backups). */
const failures = new Map<string, { at: Date; message: string }>();

export const lastBackupFailure = (dir: string) => failures.get(dir) ?? null;

/**
 * Takes a backup when the newest is `everyHours` old or older (or there is none), then prunes: the new
 * backup, or null when none was due or another run is under way.
 */
export async function runBackup(deps: BackupDeps, now = new Date()): Promise<Backup | null> {
  const { dir, everyHours, keep } = deps.config.backup;
  if (running) return null;
  running = true;
  try {
    const [newest] = await listBackups(dir);
    if (newest && now.getTime() - newest.takenAt.getTime() < everyHours * HOUR) return null;
    const backup = await writeBackup(deps.database, dir, now);
    failures.delete(dir);
    await pruneBackups(dir, keep);
    return backup;
  } catch (err) {
    failures.set(dir, { at: now, message: (err as Error).message });
    throw err;
  } finally {
    running = false;
  }
}

/**
 * On the embedded database, unless BACKUP_EVERY_HOURS is 0: a run at start (so a server that was down
 * when one was due catches up) and then every hour; each takes a backup only when one is due.
 */
export function startBackupJob(app: FastifyInstance) {
  if (!backupsEnabled(app.database, app.config)) return;
  const { dir } = app.config.backup;
  const tick = () => {
    const t0 = performance.now();
    runBackup(app)
      .then(
        (b) =>
          b &&
          app.log.info(
            `backup: ${b.file} (${(b.bytes / 1024 / 1024).toFixed(1)} MB, ${Math.round(performance.now() - t0)} ms)`,
          ),
      )
      .catch((err) => app.log.error({ err, dir }, 'backup failed'));
  };
  void tick();
  const timer = setInterval(tick, HOUR);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/**
 * Puts a backup in place of the embedded database in `pgliteDir` (DATA_DIR/db), with the server
 * stopped (the caller holds the data folder's lock). The backup is first opened in a folder of its own
 * and read, so a damaged file changes nothing; the database it replaces is kept beside it
 * (`db.before-restore-<time>`), never deleted. The next start runs any newer migrations on it.
 */
export async function restoreBackup(
  file: string,
  pgliteDir: string,
  now = new Date(),
): Promise<{ users: number; students: number; keptAt?: string }> {
  const unreadable = (err: unknown) =>
    new Error(`${file} is not a backup this server can read: ${(err as Error).message}`, { cause: err });
  let tar: Buffer;
  try {
    // Unpacked here, not by PGlite, whose stream would fail outside any promise on a damaged file.
    tar = gunzipSync(await readFile(file));
  } catch (err) {
    throw unreadable(err);
  }
  await mkdir(path.dirname(pgliteDir), { recursive: true });
  const staging = `${pgliteDir}.restoring-${randomBytes(4).toString('hex')}`;
  let counts: { users: number; students: number };
  try {
    const pg = new PGlite({ dataDir: staging, loadDataDir: new Blob([tar]), extensions: { pg_trgm } });
    try {
      await pg.waitReady;
      const { rows } = await pg.query<{ users: number; students: number }>(
        'select (select count(*)::int from users) as users, (select count(*)::int from students) as students',
      );
      counts = rows[0];
    } finally {
      await pg.close().catch(() => undefined);
    }
  } catch (err) {
    await rm(staging, { recursive: true, force: true });
    throw unreadable(err);
  }
  let keptAt: string | undefined;
  try {
    await stat(pgliteDir);
    keptAt = `${pgliteDir}.before-restore-${fileStamp(now)}`;
    await rename(pgliteDir, keptAt);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  try {
    await rename(staging, pgliteDir);
  } catch (err) {
    // Never leave no database where one was: the server would start a new, empty one there.
    if (keptAt) await rename(keptAt, pgliteDir);
    await rm(staging, { recursive: true, force: true });
    throw err;
  }
  return { ...counts, keptAt };
}

/**
 * Before migrations upgrade the embedded database (client.ts `beforeUpgrade`): a backup of it as the
 * older version left it, so that a migration that turns out wrong can be undone with `npm run restore`.
 * Failing that, the server does not start: nothing has been changed yet.
 */
export async function backupBeforeUpgrade(
  snapshot: () => Promise<Uint8Array>,
  dir: string,
  now = new Date(),
): Promise<Backup> {
  try {
    return await writeBackup({ snapshot }, dir, now, 'before-upgrade');
  } catch (err) {
    throw new Error(
      `Could not back up the database before upgrading it (${(err as Error).message}). Nothing was ` +
        `changed. Make room in BACKUP_DIR (${dir}), or start with BACKUP_EVERY_HOURS=0 to upgrade ` +
        'without a backup.',
      { cause: err },
    );
  }
}

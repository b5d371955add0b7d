import type { BackupStatus } from '@csp/contracts';
import { backupsEnabled, HOUR, lastBackupFailure, listBackups } from '../../db/backups.ts';
import { requireRole } from '../../lib/permissions.ts';
import type { Actor } from '../../lib/actor.ts';
import { bindDeps, systemClock, type AppDeps, type Clock } from '../../lib/service-deps.ts';

/** The job looks every hour; a backup is late once its interval and two of those looks have passed. */
const GRACE_MS = 2 * HOUR;

export type BackupDeps = Pick<AppDeps, 'database' | 'config'> & { clock: Clock };

/** Whether the database's backups are being made (administrators). Reads the backup folder only. */
async function backupStatus(deps: BackupDeps, actor: Actor): Promise<BackupStatus> {
  requireRole(actor, 'ADMIN');
  const { dir, everyHours, keep } = deps.config.backup;
  const enabled = backupsEnabled(deps.database, deps.config);
  if (!enabled) {
    return { enabled, everyHours, keep, count: 0, latest: null, lastFailure: null, overdue: false };
  }
  const backups = await listBackups(dir);
  const latest = backups[0];
  const failure = lastBackupFailure(dir);
  const stale =
    latest !== undefined &&
    deps.clock.now().getTime() - latest.takenAt.getTime() > everyHours * HOUR + GRACE_MS;
  return {
    enabled,
    everyHours,
    keep,
    count: backups.length,
    latest: latest ? { takenAt: latest.takenAt.toISOString(), bytes: latest.bytes } : null,
    lastFailure: failure ? { at: failure.at.toISOString(), message: failure.message } : null,
    overdue: failure !== null || stale,
  };
}

/** The backups service (decision 0034): the database handle, its configuration and a clock. */
export function createBackupsService(deps: Pick<AppDeps, 'database' | 'config'> & { clock?: Clock }) {
  const full: BackupDeps = { clock: systemClock, ...deps };
  return bindDeps(full, { backupStatus });
}

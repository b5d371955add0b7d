import type { BackupStatus } from '@csp/contracts';
import type { FastifyInstance } from 'fastify';
import { backupsEnabled, HOUR, lastBackupFailure, listBackups } from '../../db/backups.ts';
import { requireRole } from '../../lib/permissions.ts';
import type { Actor } from '../../lib/actor.ts';

/** The job looks every hour; a backup is late once its interval and two of those looks have passed. */
const GRACE_MS = 2 * HOUR;

export type BackupDeps = Pick<FastifyInstance, 'database' | 'config'>;

/** Whether the database's backups are being made (administrators). Reads the backup folder only. */
export async function backupStatus(deps: BackupDeps, actor: Actor, now = new Date()): Promise<BackupStatus> {
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
    latest !== undefined && now.getTime() - latest.takenAt.getTime() > everyHours * HOUR + GRACE_MS;
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

import { z } from 'zod';

// GET /api/backups (administrators; beyond the spec, decision 0026): whether the server backs up its
// embedded database, and whether those backups are being made. The web shows a warning on the
// dashboard when `overdue`.
export const backupStatusSchema = z.object({
  /** The server backs up its database (the embedded one, BACKUP_EVERY_HOURS not 0). */
  enabled: z.boolean(),
  /** Hours between backups (BACKUP_EVERY_HOURS). */
  everyHours: z.number().int(),
  /** How many of the newest are kept (BACKUP_KEEP). */
  keep: z.number().int(),
  /** How many backups are there now. */
  count: z.number().int(),
  /** The newest backup: when it was taken (ISO 8601) and its size in bytes. */
  latest: z.object({ takenAt: z.string(), bytes: z.number().int() }).nullable(),
  /** The last run's failure, while no backup has been made since. */
  lastFailure: z.object({ at: z.string(), message: z.string() }).nullable(),
  /** Enabled, and the last run failed or the newest backup is older than it should be. */
  overdue: z.boolean(),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;

import type { FastifyInstance } from 'fastify';
import { ADVISORY_LOCKS, tryAdvisoryXactLock } from '../../db/sql-helpers.ts';
import { auditEach, SYSTEM_ACTOR } from '../audit/audit.ts';
import { deleteUnreferencedFiles, knownStorageKeys } from './files.repo.ts';
import { removeStoredObjects, UNATTACHED_GRACE_MS } from './files.service.ts';

export { UNATTACHED_GRACE_MS };

const HOUR = 60 * 60 * 1000;
/** An object without a row this old is a crash's leftover (an upload writes the object, then the row). */
export const ORPHAN_OBJECT_GRACE_MS = HOUR;
const BATCH = 500;

export type FileSweepDeps = Pick<FastifyInstance, 'db' | 'storage' | 'log'>;

export interface FileSweepResult {
  /** Rows (and their objects) no record pointed at. */
  unattached: number;
  /** Objects without a row, and leftovers of writes that never finished. */
  orphanObjects: number;
}

/**
 * One sweep, by one instance at a time (an advisory lock; another instance's run answers zeros):
 * stored files no record points at — live or soft-deleted, which may yet be restored — once older than a
 * day, each deletion an entry of the trail under the system's name; then objects in the store that have
 * no row, once older than an hour. Nothing a row still points at is ever removed.
 */
export async function runFileSweep(deps: FileSweepDeps, now = new Date()): Promise<FileSweepResult> {
  const result: FileSweepResult = { unattached: 0, orphanObjects: 0 };
  const removed = await deps.db.transaction(async (tx) => {
    if (!(await tryAdvisoryXactLock(tx, ADVISORY_LOCKS.fileSweep))) return null;
    const before = new Date(now.getTime() - UNATTACHED_GRACE_MS);
    const keys: string[] = [];
    for (;;) {
      const batch = await deleteUnreferencedFiles(tx, before, BATCH);
      keys.push(...batch.map((f) => f.storageKey));
      // Each deletion an entry of the trail under the system's name, in the same transaction.
      await auditEach(
        tx,
        SYSTEM_ACTOR,
        'delete',
        'file',
        batch.map(({ id, storageKey: _key, ...file }) => ({ entityId: id, changes: file })),
      );
      if (batch.length < BATCH) return keys;
    }
  });
  if (!removed) return result;
  // The objects go after the commit: a rollback must never leave a row without its object.
  await removeStoredObjects(deps, removed);
  result.unattached = removed.length;

  const cutoff = now.getTime() - ORPHAN_OBJECT_GRACE_MS;
  let batch: string[] = [];
  const flush = async () => {
    const known = await knownStorageKeys(deps.db, batch);
    const orphans = batch.filter((k) => !known.has(k));
    await removeStoredObjects(deps, orphans);
    result.orphanObjects += orphans.length;
    batch = [];
  };
  for await (const object of deps.storage.list()) {
    if (object.modifiedAt.getTime() > cutoff) continue;
    if (object.partial) {
      await deps.storage.deleteLeftover(object.key);
      result.orphanObjects += 1;
      continue;
    }
    batch.push(object.key);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length) await flush();
  return result;
}

/** The sweep at start and then every hour. */
export function startFileSweepJob(app: FastifyInstance) {
  const tick = () =>
    runFileSweep(app)
      .then(
        (r) =>
          (r.unattached || r.orphanObjects) &&
          app.log.info(
            `file sweep: removed ${r.unattached} unattached file(s), ${r.orphanObjects} orphan object(s)`,
          ),
      )
      .catch((err) => app.log.error({ err }, 'file sweep failed'));
  void tick();
  const timer = setInterval(tick, HOUR);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

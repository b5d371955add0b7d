import type { FastifyInstance } from 'fastify';
import { ADVISORY_LOCKS, tryAdvisoryXactLock } from '../../db/sql-helpers.ts';
import { deleteExpiredIdempotencyKeys } from './idempotency.repo.ts';

const HOUR = 60 * 60 * 1000;
/** How long a write's answer is kept for a retry with the same key. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * HOUR;

/**
 * Deletes the keys older than their lifetime, by one instance at a time (an advisory lock): the number
 * deleted, or null when another instance's run holds the lock.
 */
export async function runIdempotencyKeySweep(
  deps: Pick<FastifyInstance, 'db'>,
  now = new Date(),
): Promise<number | null> {
  return deps.db.transaction(async (tx) => {
    if (!(await tryAdvisoryXactLock(tx, ADVISORY_LOCKS.idempotencySweep))) return null;
    return deleteExpiredIdempotencyKeys(tx, new Date(now.getTime() - IDEMPOTENCY_KEY_LIFETIME_MS));
  });
}

/** The sweep at start and then every hour. */
export function startIdempotencyKeySweepJob(app: FastifyInstance) {
  const tick = () =>
    runIdempotencyKeySweep(app)
      .then((n) => n && app.log.info(`idempotency key sweep: removed ${n} key(s) past their day`))
      .catch((err) => app.log.error({ err }, 'idempotency key sweep failed'));
  void tick();
  const timer = setInterval(tick, HOUR);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

import type { FastifyInstance } from 'fastify';
import { ADVISORY_LOCKS, tryAdvisoryXactLock } from '../../db/sql-helpers.ts';
import { analyzeMeasurements, studentsWithStaleGrowth } from './growth.repo.ts';
import { GROWTH_VERSION, recomputeGrowthOf } from './growth.service.ts';

/** Students rescored per transaction: short transactions, so requests never wait long behind the job. */
const BATCH = 100;
/** After rescoring this many students the planner's statistics of measurements are refreshed. */
const ANALYZE_AFTER = 1000;

/**
 * Rescores every student whose measurements were written by an older growth computation (or before
 * growth monitoring existed, or by a bulk load), a batch a transaction, by one instance at a time (an
 * advisory lock; another instance's run stops at once), then refreshes the table's statistics when it
 * rescored many. Answers how many students it rescored.
 */
export async function runGrowthJob(app: Pick<FastifyInstance, 'db'>): Promise<number> {
  let done = 0;
  for (;;) {
    const batch = await app.db.transaction(async (tx) => {
      if (!(await tryAdvisoryXactLock(tx, ADVISORY_LOCKS.growthJob))) return 0;
      const ids = await studentsWithStaleGrowth(tx, GROWTH_VERSION, BATCH);
      await recomputeGrowthOf(tx, ids);
      return ids.length;
    });
    done += batch;
    if (batch < BATCH) break;
  }
  if (done >= ANALYZE_AFTER) await analyzeMeasurements(app.db);
  return done;
}

/** At start, and then every hour (cheap when every row is current: one probe of an index). */
export function startGrowthJob(app: FastifyInstance) {
  const tick = () =>
    runGrowthJob(app)
      .then((n) => n && app.log.info(`growth job: rescored the measurements of ${n} student(s)`))
      .catch((err) => app.log.error({ err }, 'growth job failed'));
  void tick();
  const timer = setInterval(tick, 60 * 60 * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

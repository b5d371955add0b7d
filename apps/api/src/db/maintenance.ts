import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { ADVISORY_LOCKS, tryAdvisoryXactLock } from './sql-helpers.ts';

/** How often the embedded database's planner statistics are refreshed. */
export const STATISTICS_EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * Refreshes the planner's statistics of every table (ANALYZE samples each table; it changes no data).
 * PostgreSQL's autovacuum does this by itself; embedded PGlite has none, and its plans go wrong as the
 * tables grow past the figures of the last ANALYZE. One run at a time (an advisory lock): false when
 * another run holds it.
 */
export async function refreshStatistics(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await tryAdvisoryXactLock(tx, ADVISORY_LOCKS.statistics))) return false;
    await tx.execute(sql`analyze`);
    return true;
  });
}

/** On the embedded database only: a minute after start, then every six hours. */
export function startStatisticsJob(app: Pick<FastifyInstance, 'db' | 'database' | 'log' | 'addHook'>) {
  if (app.database.kind !== 'pglite') return;
  const tick = () => {
    const t0 = performance.now();
    refreshStatistics(app.db)
      .then(
        (ran) => ran && app.log.info(`statistics job: ANALYZE took ${Math.round(performance.now() - t0)} ms`),
      )
      .catch((err) => app.log.error({ err }, 'statistics job failed'));
  };
  const first = setTimeout(tick, 60 * 1000);
  const timer = setInterval(tick, STATISTICS_EVERY_MS);
  first.unref();
  timer.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
  });
}

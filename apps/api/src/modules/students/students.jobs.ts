import { todayIn } from '@csp/contracts';
import type { FastifyInstance } from 'fastify';
import { ADVISORY_LOCKS, tryAdvisoryXactLock } from '../../db/sql-helpers.ts';
import { auditEach, SYSTEM_ACTOR } from '../audit/audit.ts';
import { moveCategoriesByAge } from './students.repo.ts';

const HOUR = 60 * 60 * 1000;

/**
 * One run: moves every child whose age calls for the next category (see moveCategoriesByAge), each move
 * an entry of the trail under the system's name, in the same transaction.
 */
export async function runCategoryJob(app: FastifyInstance): Promise<number> {
  const today = todayIn(app.config.orgTimezone);
  return app.db.transaction(async (tx) => {
    if (!(await tryAdvisoryXactLock(tx, ADVISORY_LOCKS.categoryJob))) return 0;
    const moved = await moveCategoriesByAge(tx, today);
    await auditEach(
      tx,
      SYSTEM_ACTOR,
      'update',
      'student',
      moved.map((s) => ({ entityId: s.id, changes: { category: s.category } })),
    );
    return moved.length;
  });
}

/** The daily category move: runs at start and then every hour (cheap when nobody is due). */
export function startCategoryJob(app: FastifyInstance) {
  const tick = () =>
    runCategoryJob(app)
      .then(
        (moved) => moved && app.log.info(`category job: moved ${moved} student(s) to their age's category`),
      )
      .catch((err) => app.log.error({ err }, 'category job failed'));
  void tick();
  const timer = setInterval(tick, HOUR);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

import type { DashboardStats } from '@csp/contracts';
import type { Actor } from '../../lib/actor.ts';
import { bindDeps, type AppDeps } from '../../lib/service-deps.ts';
import * as repo from './dashboard.repo.ts';

/** The repository the service is given (the real one in the app, a fake in a unit test). */
export type DashboardRepo = typeof repo;

export type DashboardDeps = Pick<AppDeps, 'db'> & { repo: DashboardRepo };

/** The counters of the caller's role: the whole programme for an administrator, a teacher's own. */
async function stats(deps: DashboardDeps, actor: Actor): Promise<DashboardStats> {
  if (actor.role === 'ADMIN') {
    const c = await deps.repo.dashboardCounts(deps.db);
    return {
      totalTeachers: c.totalTeachers,
      totalStudents: c.totalStudents,
      totalActivities: c.totalActivities,
      pendingGifts: c.pendingGifts,
    };
  }
  const c = await deps.repo.dashboardCounts(deps.db, actor.id);
  return {
    totalStudents: c.totalStudents,
    assignedStudents: c.totalStudents,
    totalActivities: c.totalActivities,
    pendingGifts: c.pendingGifts,
  };
}

/** The dashboard service (decision 0034): the app's real repository unless a test passes a fake. */
export function createDashboardService(deps: Pick<AppDeps, 'db'> & { repo?: DashboardRepo }) {
  return bindDeps<DashboardDeps, { stats: typeof stats }>({ repo, ...deps }, { stats });
}

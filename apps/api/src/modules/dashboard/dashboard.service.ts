import type { DashboardStats } from '@csp/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import * as repo from './dashboard.repo.ts';

export async function stats(deps: { db: Db }, actor: Actor): Promise<DashboardStats> {
  if (actor.role === 'ADMIN') {
    const c = await repo.dashboardCounts(deps.db);
    return {
      totalTeachers: c.totalTeachers,
      totalStudents: c.totalStudents,
      totalActivities: c.totalActivities,
      pendingGifts: c.pendingGifts,
    };
  }
  const c = await repo.dashboardCounts(deps.db, actor.id);
  return {
    totalStudents: c.totalStudents,
    assignedStudents: c.totalStudents,
    totalActivities: c.totalActivities,
    pendingGifts: c.pendingGifts,
  };
}

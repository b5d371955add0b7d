import { addDays, todayIn, type TodayTomorrowLeaves } from '@csp/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { requireRole } from '../../lib/permissions.ts';
import type { Actor } from '../../plugins/auth.ts';
import * as repo from './leaves.repo.ts';

export interface LeavesDeps {
  db: Db;
  config: Pick<Config, 'orgTimezone'>;
}

/** Approved leaves that cover today and tomorrow (the organisation's days). */
export async function todayAndTomorrow(deps: LeavesDeps, actor: Actor): Promise<TodayTomorrowLeaves> {
  requireRole(actor, 'ADMIN');
  const today = todayIn(deps.config.orgTimezone);
  const tomorrow = addDays(today, 1);
  const rows = await repo.approvedLeavesOverlapping(deps.db, today, tomorrow);
  const covering = (day: string) => rows.filter((l) => l.startDate <= day && l.endDate >= day);
  return { today: covering(today), tomorrow: covering(tomorrow) };
}

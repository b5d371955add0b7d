import { DISTANCE_THRESHOLD, HOME_VISIT_MESSAGES, type Settings } from '@csp/contracts';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { requireRole } from '../../lib/permissions.ts';
import type { Actor } from '../../lib/actor.ts';
import * as repo from './settings.repo.ts';
import { audit } from '../audit/audit.ts';

export type SettingsDeps = Pick<FastifyInstance, 'db'>;

/** The auto-approval distance of home visits (metres); the default if the row were ever missing. */
export async function homeVisitDistanceThreshold(db: DbOrTx): Promise<number> {
  return (await repo.distanceThreshold(db)) ?? DISTANCE_THRESHOLD.default;
}

/** Every signed-in user reads the settings (the visit pages show the threshold). */
export async function getSettings(deps: SettingsDeps): Promise<Settings> {
  return { homeVisitDistanceThreshold: await homeVisitDistanceThreshold(deps.db) };
}

/** Admins only; applies to visits recorded or re-located from now on (decided visits keep theirs). */
export async function setHomeVisitDistance(
  deps: SettingsDeps,
  actor: Actor,
  distanceMeters: number,
): Promise<Settings> {
  requireRole(actor, 'ADMIN', HOME_VISIT_MESSAGES.onlyAdminsThreshold);
  return deps.db.transaction(async (tx) => {
    const homeVisitDistanceThreshold = await repo.setDistanceThreshold(tx, distanceMeters, actor.id);
    await audit(tx, actor, 'update', 'settings', null, { homeVisitDistanceThreshold });
    return { homeVisitDistanceThreshold };
  });
}

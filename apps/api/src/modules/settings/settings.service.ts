import { DISTANCE_THRESHOLD, HOME_VISIT_MESSAGES, type Settings } from '@csp/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { requireRole } from '../../lib/permissions.ts';
import type { Actor } from '../../lib/actor.ts';
import { bindDeps, type AppDeps } from '../../lib/service-deps.ts';
import { realEffects, type Effects } from '../effects.ts';
import * as repo from './settings.repo.ts';

/** The repository the service is given (the real one in the app, a fake in a unit test). */
export type SettingsRepo = typeof repo;

export type SettingsDeps = Pick<AppDeps, 'db'> & Effects & { repo: SettingsRepo };

/** The stored threshold, or the default if the row were ever missing. */
const thresholdOrDefault = (stored: number | null | undefined) => stored ?? DISTANCE_THRESHOLD.default;

/**
 * The auto-approval distance of home visits (metres); the default if the row were ever missing. Kept
 * exported: the home-visits service reads it inside its own transactions.
 */
export async function homeVisitDistanceThreshold(db: DbOrTx): Promise<number> {
  return thresholdOrDefault(await repo.distanceThreshold(db));
}

/** Every signed-in user reads the settings (the visit pages show the threshold). */
async function getSettings(deps: SettingsDeps): Promise<Settings> {
  return { homeVisitDistanceThreshold: thresholdOrDefault(await deps.repo.distanceThreshold(deps.db)) };
}

/** Admins only; applies to visits recorded or re-located from now on (decided visits keep theirs). */
async function setHomeVisitDistance(
  deps: SettingsDeps,
  actor: Actor,
  distanceMeters: number,
): Promise<Settings> {
  requireRole(actor, 'ADMIN', HOME_VISIT_MESSAGES.onlyAdminsThreshold);
  return deps.db.transaction(async (tx) => {
    const homeVisitDistanceThreshold = await deps.repo.setDistanceThreshold(tx, distanceMeters, actor.id);
    await deps.audit.audit(tx, actor, 'update', 'settings', null, { homeVisitDistanceThreshold });
    return { homeVisitDistanceThreshold };
  });
}

/**
 * The settings service with its dependencies given once (decision 0034): the app's real repository and
 * effects unless a test passes fakes.
 */
export function createSettingsService(
  deps: Pick<AppDeps, 'db'> & Partial<Effects> & { repo?: SettingsRepo },
) {
  const full: SettingsDeps = { ...realEffects, repo, ...deps };
  return bindDeps(full, { getSettings, setHomeVisitDistance });
}

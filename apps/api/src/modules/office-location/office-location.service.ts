import {
  invalidConfirmationCodeMessage,
  officeConfirmationPhrase,
  OFFICE_LOCATION_MESSAGES,
  type OfficeLocation,
  type OfficeLocationDefaults,
  type PageQuery,
  type setOfficeLocationBodySchema,
} from '@csp/contracts';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { advisoryXactLock, ADVISORY_LOCKS } from '../../db/sql-helpers.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { fetchPage, pageOf, type Paged } from '../../lib/paging.ts';
import { requireRole } from '../../lib/permissions.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeTransaction, type WriteClaim } from '../../db/write-claims.ts';
import { bindDeps, type AppDeps } from '../../lib/service-deps.ts';
import { realEffects, type Effects } from '../effects.ts';
import * as repo from './office-location.repo.ts';

/** The repository the service is given (the real one in the app, a fake in a unit test). */
export type OfficeLocationRepo = typeof repo;

export type OfficeLocationDeps = Pick<AppDeps, 'db' | 'config'> & Effects & { repo: OfficeLocationRepo };
type SetInput = z.output<typeof setOfficeLocationBodySchema>;

const M = OFFICE_LOCATION_MESSAGES;

function toDto(r: repo.OfficeLocationWithSetter): OfficeLocation {
  const l = r.location;
  return {
    id: l.id,
    latitude: l.latitude,
    longitude: l.longitude,
    address: l.address,
    radiusMeters: l.radiusMeters,
    setBy:
      r.setBy?.firstName != null && r.setBy.lastName != null
        ? { firstName: r.setBy.firstName, lastName: r.setBy.lastName }
        : null,
    createdAt: l.createdAt.toISOString(),
    isActive: l.isActive,
  };
}

/** The active office location, or null (any signed-in user: check-ins are measured against it). */
async function currentOfficeLocation(deps: OfficeLocationDeps): Promise<OfficeLocation | null> {
  const row = await deps.repo.activeOfficeLocation(deps.db);
  return row ? toDto(row) : null;
}

/** Every location ever set, newest first (admins). */
async function officeLocationHistory(
  deps: OfficeLocationDeps,
  actor: Actor,
  query: PageQuery,
): Promise<Paged<OfficeLocation>> {
  requireRole(actor, 'ADMIN');
  const page = await fetchPage({
    page: pageOf(query),
    rows: (p) => deps.repo.officeLocationHistory(deps.db, p),
    count: () => deps.repo.countOfficeLocations(deps.db),
  });
  return { ...page, items: page.items.map(toDto) };
}

/** The set form's defaults and the phrase to type (admins). */
function officeLocationDefaults(deps: OfficeLocationDeps, actor: Actor): OfficeLocationDefaults {
  requireRole(actor, 'ADMIN');
  return { confirmationPhrase: officeConfirmationPhrase(deps.config.orgCode), ...deps.config.officeDefault };
}

async function created(deps: OfficeLocationDeps, tx: DbOrTx, id: string): Promise<OfficeLocation> {
  const row = await deps.repo.findOfficeLocation(tx, id);
  if (!row) throw new Error('the office location just stored is missing');
  return toDto(row);
}

/**
 * An administrator sets a new office location, confirmed by the phrase CONFIRM_<ORG_CODE>_LOCATION
 * (checked here, not only by the page). The new one becomes the only active one in one transaction,
 * under a lock so two settings at once land one after the other.
 */
async function setOfficeLocation(
  deps: OfficeLocationDeps,
  actor: Actor,
  body: SetInput,
  claim?: WriteClaim | null,
): Promise<OfficeLocation> {
  requireRole(actor, 'ADMIN');
  const phrase = officeConfirmationPhrase(deps.config.orgCode);
  if (body.confirmationCode !== phrase) throw badRequest(invalidConfirmationCodeMessage(phrase));
  return writeTransaction(deps.db, claim, async (tx) => {
    await advisoryXactLock(tx, ADVISORY_LOCKS.officeLocation);
    const id = await deps.repo.replaceActiveOfficeLocation(tx, {
      latitude: body.latitude,
      longitude: body.longitude,
      address: body.address ?? null,
      radiusMeters: body.radiusMeters,
      setById: actor.id,
    });
    const { confirmationCode: _code, ...fields } = body;
    await deps.audit.audit(tx, actor, 'create', 'office_location', id, fields);
    return created(deps, tx, id);
  });
}

/** The configured default (Jaffna, 50 m unless set otherwise), only while no location is set (409). */
async function initializeDefaultOfficeLocation(
  deps: OfficeLocationDeps,
  actor: Actor,
  claim?: WriteClaim | null,
): Promise<OfficeLocation> {
  requireRole(actor, 'ADMIN');
  return writeTransaction(deps.db, claim, async (tx) => {
    await advisoryXactLock(tx, ADVISORY_LOCKS.officeLocation);
    if (await deps.repo.activeOfficeLocation(tx)) throw conflict(M.alreadySet);
    const d = deps.config.officeDefault;
    const id = await deps.repo.replaceActiveOfficeLocation(tx, {
      latitude: d.latitude,
      longitude: d.longitude,
      address: d.address,
      radiusMeters: d.radiusMeters,
      setById: actor.id,
    });
    await deps.audit.audit(tx, actor, 'create', 'office_location', id, { ...d, via: 'initialize-default' });
    return created(deps, tx, id);
  });
}

/**
 * The office-location service with its dependencies given once (decision 0034): the app's real
 * repository and effects unless a test passes fakes.
 */
export function createOfficeLocationService(
  deps: Pick<AppDeps, 'db' | 'config'> & Partial<Effects> & { repo?: OfficeLocationRepo },
) {
  const full: OfficeLocationDeps = { ...realEffects, repo, ...deps };
  return bindDeps(full, {
    currentOfficeLocation,
    officeLocationHistory,
    officeLocationDefaults,
    setOfficeLocation,
    initializeDefaultOfficeLocation,
  });
}

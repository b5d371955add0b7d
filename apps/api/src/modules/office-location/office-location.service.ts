import {
  invalidConfirmationCodeMessage,
  officeConfirmationPhrase,
  OFFICE_LOCATION_MESSAGES,
  type OfficeLocation,
  type OfficeLocationDefaults,
  type PageQuery,
  type setOfficeLocationBodySchema,
} from '@csp/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { advisoryXactLock, ADVISORY_LOCKS } from '../../db/sql-helpers.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { fetchPage, pageOf, type Paged } from '../../lib/paging.ts';
import { requireRole } from '../../lib/permissions.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeTransaction, type WriteClaim } from '../../db/write-claims.ts';
import * as repo from './office-location.repo.ts';
import { audit } from '../audit/audit.ts';

export type OfficeLocationDeps = Pick<FastifyInstance, 'db' | 'config'>;
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
export async function currentOfficeLocation(deps: OfficeLocationDeps): Promise<OfficeLocation | null> {
  const row = await repo.activeOfficeLocation(deps.db);
  return row ? toDto(row) : null;
}

/** Every location ever set, newest first (admins). */
export async function officeLocationHistory(
  deps: OfficeLocationDeps,
  actor: Actor,
  query: PageQuery,
): Promise<Paged<OfficeLocation>> {
  requireRole(actor, 'ADMIN');
  const page = await fetchPage({
    page: pageOf(query),
    rows: (p) => repo.officeLocationHistory(deps.db, p),
    count: () => repo.countOfficeLocations(deps.db),
  });
  return { ...page, items: page.items.map(toDto) };
}

/** The set form's defaults and the phrase to type (admins). */
export function officeLocationDefaults(deps: OfficeLocationDeps, actor: Actor): OfficeLocationDefaults {
  requireRole(actor, 'ADMIN');
  return { confirmationPhrase: officeConfirmationPhrase(deps.config.orgCode), ...deps.config.officeDefault };
}

async function created(tx: DbOrTx, id: string): Promise<OfficeLocation> {
  const row = await repo.findOfficeLocation(tx, id);
  if (!row) throw new Error('the office location just stored is missing');
  return toDto(row);
}

/**
 * An administrator sets a new office location, confirmed by the phrase CONFIRM_<ORG_CODE>_LOCATION
 * (checked here, not only by the page). The new one becomes the only active one in one transaction,
 * under a lock so two settings at once land one after the other.
 */
export async function setOfficeLocation(
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
    const id = await repo.replaceActiveOfficeLocation(tx, {
      latitude: body.latitude,
      longitude: body.longitude,
      address: body.address ?? null,
      radiusMeters: body.radiusMeters,
      setById: actor.id,
    });
    const { confirmationCode: _code, ...fields } = body;
    await audit(tx, actor, 'create', 'office_location', id, fields);
    return created(tx, id);
  });
}

/** The configured default (Jaffna, 50 m unless set otherwise), only while no location is set (409). */
export async function initializeDefaultOfficeLocation(
  deps: OfficeLocationDeps,
  actor: Actor,
  claim?: WriteClaim | null,
): Promise<OfficeLocation> {
  requireRole(actor, 'ADMIN');
  return writeTransaction(deps.db, claim, async (tx) => {
    await advisoryXactLock(tx, ADVISORY_LOCKS.officeLocation);
    if (await repo.activeOfficeLocation(tx)) throw conflict(M.alreadySet);
    const d = deps.config.officeDefault;
    const id = await repo.replaceActiveOfficeLocation(tx, {
      latitude: d.latitude,
      longitude: d.longitude,
      address: d.address,
      radiusMeters: d.radiusMeters,
      setById: actor.id,
    });
    await audit(tx, actor, 'create', 'office_location', id, { ...d, via: 'initialize-default' });
    return created(tx, id);
  });
}

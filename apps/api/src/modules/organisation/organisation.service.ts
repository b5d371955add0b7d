import { todayIn, type Organisation } from '@csp/contracts';
import type { Config } from '../../config.ts';
import { bindDeps, systemClock, type Clock } from '../../lib/service-deps.ts';

export type OrganisationDeps = {
  config: Pick<Config, 'orgTimezone' | 'mapTileUrl' | 'mapTileAttribution'>;
  clock: Clock;
};

/**
 * The organisation's time zone, today's date in it, and the map tiles to use. Every signed-in user may read it (the route's
 * authenticate hook is the only gate); it holds nothing about anyone.
 */
function organisationInfo(deps: OrganisationDeps): Organisation {
  const timezone = deps.config.orgTimezone;
  const { mapTileUrl, mapTileAttribution } = deps.config;
  return {
    timezone,
    today: todayIn(timezone, deps.clock.now()),
    mapTiles: mapTileUrl ? { url: mapTileUrl, attribution: mapTileAttribution } : null,
  };
}

/** The organisation service (decision 0034): only the configuration it reads and a clock. */
export function createOrganisationService(deps: Pick<OrganisationDeps, 'config'> & { clock?: Clock }) {
  const full: OrganisationDeps = { clock: systemClock, ...deps };
  return bindDeps(full, { organisationInfo });
}

import { todayIn, type Organisation } from '@csp/contracts';
import type { Config } from '../../config.ts';

type Deps = { config: Pick<Config, 'orgTimezone' | 'mapTileUrl' | 'mapTileAttribution'> };

/**
 * The organisation's time zone, today's date in it, and the map tiles to use. Every signed-in user may read it (the route's
 * authenticate hook is the only gate); it holds nothing about anyone.
 */
export function organisationInfo(deps: Deps, now: Date = new Date()): Organisation {
  const timezone = deps.config.orgTimezone;
  const { mapTileUrl, mapTileAttribution } = deps.config;
  return {
    timezone,
    today: todayIn(timezone, now),
    mapTiles: mapTileUrl ? { url: mapTileUrl, attribution: mapTileAttribution } : null,
  };
}

import { todayIn, type Organisation } from '@csp/contracts';
import type { Config } from '../../config.ts';

type Deps = { config: Pick<Config, 'orgTimezone'> };

/**
 * The organisation's time zone and today's date in it. Every signed-in user may read it (the route's
 * authenticate hook is the only gate); it holds nothing about anyone.
 */
export function organisationInfo(deps: Deps, now: Date = new Date()): Organisation {
  const timezone = deps.config.orgTimezone;
  return { timezone, today: todayIn(timezone, now) };
}

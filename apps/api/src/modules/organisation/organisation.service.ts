import { todayIn, type Organisation } from '@csp/contracts';
import type { Config } from '../../config.ts';
import { requireSignedIn } from '../../lib/permissions.ts';
import type { Actor } from '../../plugins/auth.ts';

type Deps = { config: Pick<Config, 'orgTimezone'> };

/** The organisation's time zone and today's date in it, for every signed-in user. */
export function organisationInfo(deps: Deps, actor: Actor, now: Date = new Date()): Organisation {
  requireSignedIn(actor);
  const timezone = deps.config.orgTimezone;
  return { timezone, today: todayIn(timezone, now) };
}

import { todayIn, type Organisation } from '@csp/contracts';
import dayjs from 'dayjs';

/**
 * Today in the organisation's time zone; the server's `today` when the zone is unknown to this browser;
 * the browser's own day while nothing is known yet.
 */
export function orgToday(
  organisation: Pick<Organisation, 'timezone' | 'today'> | undefined,
  now: Date = new Date(),
): string {
  if (!organisation) return dayjs(now).format('YYYY-MM-DD');
  try {
    return todayIn(organisation.timezone, now);
  } catch {
    return organisation.today;
  }
}

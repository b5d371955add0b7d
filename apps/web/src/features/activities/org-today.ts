import { todayIn } from '../../lib/dates.ts';

/** The organisation's time zone (the API's ORG_TIMEZONE default). */
const ORG_TIME_ZONE = 'Asia/Colombo';

/**
 * "Today" on the activity and measurement forms: the organisation's day, which the server checks dates
 * against ("cannot be in the future"). The one place to switch to the shared `useOrgToday()` (the
 * organisation's own time zone from GET /api/organisation) once it exists.
 */
export function useOrgDay(): string {
  return todayIn(ORG_TIME_ZONE);
}

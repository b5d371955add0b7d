import { z } from 'zod';
import { ISO_DATE_PATTERN } from './dates.ts';

// GET /api/organisation (any signed-in user): the organisation's time zone (ORG_TIMEZONE) and its
// day at the time of the answer. Clients work out "today" from the time zone (todayIn), so a page left
// open over midnight moves on with the organisation's calendar; `today` is the server's own answer.
export const organisationSchema = z.object({
  /** IANA time zone, e.g. 'Asia/Colombo'. */
  timezone: z.string(),
  /** The organisation's day, YYYY-MM-DD. */
  today: z.string().regex(ISO_DATE_PATTERN),
  /**
   * Map tiles for the small maps (MAP_TILE_URL, a Leaflet URL template such as
   * https://tile.example.org/{z}/{x}/{y}.png, and its attribution). Null when none is configured: pages
   * then show links to a maps service instead of a map.
   */
  mapTiles: z.object({ url: z.string(), attribution: z.string() }).nullable(),
});
export type Organisation = z.infer<typeof organisationSchema>;

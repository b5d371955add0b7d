import { z } from 'zod';

/**
 * Places on the earth: the great-circle distance the server uses to check a visit against a home (and,
 * later, a check-in against the office), and the reverse
 * geocoding answer of `GET /api/geocode/reverse` (the API proxies the geocoder so the browser never
 * calls a third party).
 */

/** Mean earth radius (IUGG), metres. */
export const EARTH_RADIUS_METERS = 6_371_008.8;

export interface LatLng {
  latitude: number;
  longitude: number;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * Great-circle distance in metres (haversine), rounded to 0.1 m so that a point exactly at a threshold
 * compares as exactly at it (floating-point noise never tips a visit out of range).
 */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  const meters = 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
  return Math.round(meters * 10) / 10;
}

/** A distance: '120 m' below a kilometre, '1.2 km' (one decimal) from one on; never below 0. */
export function metresText(metres: number): string {
  const m = Math.max(0, metres);
  if (Math.round(m) < 1000) return `${Math.round(m)} m`;
  return `${(m / 1000).toFixed(1)} km`;
}

/** Coordinates as text, 6 decimals (about 0.1 m): the place name when no geocoder answers. */
export function coordinatesText(latitude: number, longitude: number): string {
  return `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`;
}

export const latitudeField = z
  .number({ message: 'Latitude must be a number' })
  .min(-90, { message: 'Latitude must be between -90 and 90' })
  .max(90, { message: 'Latitude must be between -90 and 90' });

export const longitudeField = z
  .number({ message: 'Longitude must be a number' })
  .min(-180, { message: 'Longitude must be between -180 and 180' })
  .max(180, { message: 'Longitude must be between -180 and 180' });

/** The radius of a GPS fix (the browser's `coords.accuracy`), metres. */
export const accuracyField = z
  .number({ message: 'Accuracy must be a number of metres' })
  .min(0, { message: 'Accuracy must be a number of metres' })
  .max(1_000_000, { message: 'Accuracy must be a number of metres' });

// GET /api/geocode/reverse?latitude=&longitude=
export const reverseGeocodeQuerySchema = z.strictObject({
  latitude: z.coerce.number({ message: 'Latitude must be a number' }).pipe(latitudeField),
  longitude: z.coerce.number({ message: 'Longitude must be a number' }).pipe(longitudeField),
});
export type ReverseGeocodeQuery = z.infer<typeof reverseGeocodeQuerySchema>;

export const reverseGeocodeSchema = z.object({
  /** The place's name, or the coordinates as text when no geocoder answered. */
  name: z.string(),
  /** `geocoder` when GEOCODER_URL named the place; `coordinates` for the fallback. */
  source: z.enum(['geocoder', 'coordinates']),
});
export type ReverseGeocode = z.infer<typeof reverseGeocodeSchema>;

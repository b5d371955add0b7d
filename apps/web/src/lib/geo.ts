/**
 * The device's position for location fields (spec part 1 §8 "Geolocation", §9): high accuracy, a
 * 10 s timeout and a cached position up to 60 s old. Reverse geocoding is not available here, so the
 * coordinates as text name a captured place (the spec's fallback).
 */

export const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 10_000,
  maximumAge: 60_000,
};

export const GEOLOCATION_MESSAGES = {
  unsupported: 'Geolocation is not supported by this browser',
  denied: 'Location access denied. Please enable location permissions.',
  unavailable: 'Location information is unavailable.',
  timeout: 'Location request timed out.',
  failed: 'Failed to get location',
  success: 'Location captured successfully!',
} as const;

/** The message for a failed position request (GeolocationPositionError codes 1, 2 and 3). */
export function geolocationErrorMessage(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  switch (code) {
    case 1:
      return GEOLOCATION_MESSAGES.denied;
    case 2:
      return GEOLOCATION_MESSAGES.unavailable;
    case 3:
      return GEOLOCATION_MESSAGES.timeout;
    default:
      return GEOLOCATION_MESSAGES.failed;
  }
}

/** Rounds a coordinate to the 6 decimals the spec shows (about 0.1 m). */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** '9.306400, 80.403700': coordinates as text, the name of a place when no geocoder is available. */
export { coordinatesText } from '@csp/contracts';

/** A link that shows the point on a maps service. */
export function mapsUrl(latitude: number, longitude: number): string {
  const params = new URLSearchParams({ q: `${latitude},${longitude}` });
  return `https://www.google.com/maps?${params.toString()}`;
}

export interface CapturedPosition {
  latitude: number;
  longitude: number;
  accuracy: number;
}

/**
 * Asks the browser for the current position. Rejects with an Error whose message is the spec's text
 * for what went wrong.
 */
export function getCurrentPosition(
  geolocation: Geolocation | undefined = typeof navigator === 'undefined' ? undefined : navigator.geolocation,
): Promise<CapturedPosition> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(new Error(GEOLOCATION_MESSAGES.unsupported));
      return;
    }
    geolocation.getCurrentPosition(
      (position) =>
        resolve({
          latitude: roundCoordinate(position.coords.latitude),
          longitude: roundCoordinate(position.coords.longitude),
          accuracy: position.coords.accuracy,
        }),
      (error) => reject(new Error(geolocationErrorMessage(error))),
      GEOLOCATION_OPTIONS,
    );
  });
}

import {
  ATTENDANCE_LIMITS as L,
  ATTENDANCE_MESSAGES as M,
  coordinatesText,
  isPlainText,
  locationText,
  type CheckInBody,
  type CheckOutBody,
} from '@csp/contracts';

/**
 * The check-in and check-out's device position (spec part 2 §8 "Location", §9): high accuracy, a 10 s
 * timeout and a cached position up to 5 minutes old. A position that cannot be read never stops the
 * check-in: it goes ahead without coordinates, named 'Location not available'.
 */
export const ATTENDANCE_GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: L.geolocationTimeoutMs,
  maximumAge: L.geolocationMaxAgeMs,
};

export interface DevicePosition {
  latitude: number;
  longitude: number;
  /** The fix's radius, metres. */
  accuracy: number;
}

export type PositionResult =
  { ok: true; position: DevicePosition } | { ok: false; reason: 'unsupported' | 'failed' };

/** Asks the device where it is; never rejects. */
export function readPosition(
  geolocation: Geolocation | undefined = typeof navigator === 'undefined' ? undefined : navigator.geolocation,
): Promise<PositionResult> {
  if (!geolocation) return Promise.resolve({ ok: false, reason: 'unsupported' });
  return new Promise((resolve) => {
    try {
      geolocation.getCurrentPosition(
        ({ coords }) =>
          resolve({
            ok: true,
            position: { latitude: coords.latitude, longitude: coords.longitude, accuracy: coords.accuracy },
          }),
        () => resolve({ ok: false, reason: 'failed' }),
        ATTENDANCE_GEOLOCATION_OPTIONS,
      );
    } catch {
      resolve({ ok: false, reason: 'failed' });
    }
  });
}

/** The warning for a position that could not be read (spec §8). */
export const positionWarning = (reason: 'unsupported' | 'failed') =>
  reason === 'unsupported' ? M.geolocationUnsupported : M.couldNotGetLocation;

/** Where the check-in or check-out happened: 'lat,long', its name and the fix's accuracy, or nothing. */
export interface PlaceFields {
  location: string | null;
  name: string;
  accuracy: number | null;
}

/** A position and its name as the fields to send; no position → null coordinates, 'Location not available'. */
export function placeFields(position: DevicePosition | null, name?: string | null): PlaceFields {
  if (!position) return { location: null, name: M.locationNotAvailable, accuracy: null };
  const accuracy = Number.isFinite(position.accuracy) ? Math.max(0, position.accuracy) : null;
  const named = name?.trim() && isPlainText(name.trim()) ? name.trim() : '';
  return {
    location: locationText(position.latitude, position.longitude),
    name: (named || coordinatesText(position.latitude, position.longitude)).slice(0, L.locationNameMaxLength),
    accuracy,
  };
}

/** POST /attendance/check-in's body (the time is the spec's field; the server records its own). */
export function checkInBody(place: PlaceFields, now: Date = new Date()): CheckInBody {
  return {
    checkIn: now.toISOString(),
    checkInLocation: place.location,
    checkInLocationName: place.name,
    accuracy: place.accuracy,
  };
}

/** POST /attendance/check-out's body. */
export function checkOutBody(place: PlaceFields, now: Date = new Date()): CheckOutBody {
  return {
    checkOut: now.toISOString(),
    checkOutLocation: place.location,
    checkOutLocationName: place.name,
    accuracy: place.accuracy,
  };
}

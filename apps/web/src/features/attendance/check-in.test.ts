import { ATTENDANCE_MESSAGES as M } from '@csp/contracts';
import { describe, expect, it } from 'vitest';
import {
  ATTENDANCE_GEOLOCATION_OPTIONS,
  checkInBody,
  checkOutBody,
  placeFields,
  positionWarning,
  readPosition,
} from './check-in.ts';

/** A stand-in for navigator.geolocation that answers once, as told. */
function fakeGeolocation(answer: 'ok' | 'denied' | 'throws', seen: PositionOptions[] = []): Geolocation {
  return {
    getCurrentPosition: (
      success: PositionCallback,
      error?: PositionErrorCallback | null,
      options?: PositionOptions,
    ) => {
      if (options) seen.push(options);
      if (answer === 'throws') throw new Error('blocked');
      if (answer === 'ok')
        success({ coords: { latitude: 9.3064, longitude: 80.4037, accuracy: 12 } } as GeolocationPosition);
      else error?.({ code: 1, message: 'denied' } as GeolocationPositionError);
    },
  } as unknown as Geolocation;
}

describe('reading the device position', () => {
  it('asks for high accuracy, a 10 s timeout and a position up to 5 minutes old', async () => {
    expect(ATTENDANCE_GEOLOCATION_OPTIONS).toEqual({
      enableHighAccuracy: true,
      timeout: 10_000,
      maximumAge: 300_000,
    });
    const seen: PositionOptions[] = [];
    const result = await readPosition(fakeGeolocation('ok', seen));
    expect(seen).toEqual([ATTENDANCE_GEOLOCATION_OPTIONS]);
    expect(result).toEqual({ ok: true, position: { latitude: 9.3064, longitude: 80.4037, accuracy: 12 } });
  });

  it('answers why it could not, never rejecting', async () => {
    expect(await readPosition(undefined)).toEqual({ ok: false, reason: 'unsupported' });
    expect(await readPosition(fakeGeolocation('denied'))).toEqual({ ok: false, reason: 'failed' });
    expect(await readPosition(fakeGeolocation('throws'))).toEqual({ ok: false, reason: 'failed' });
  });

  it('warns with the spec’s texts', () => {
    expect(positionWarning('unsupported')).toBe('Geolocation is not supported by this browser.');
    expect(positionWarning('failed')).toBe('Could not get your location');
  });
});

describe('the check-in and check-out bodies', () => {
  const now = new Date('2026-05-19T03:15:00Z');

  it('sends the position as one "lat,long" text with its name and accuracy', () => {
    const place = placeFields(
      { latitude: 9.3064, longitude: 80.4037, accuracy: 12.5 },
      '  Programme office ',
    );
    expect(checkInBody(place, now)).toEqual({
      checkIn: '2026-05-19T03:15:00.000Z',
      checkInLocation: '9.306400,80.403700',
      checkInLocationName: 'Programme office',
      accuracy: 12.5,
    });
    expect(checkOutBody(place, now)).toEqual({
      checkOut: '2026-05-19T03:15:00.000Z',
      checkOutLocation: '9.306400,80.403700',
      checkOutLocationName: 'Programme office',
      accuracy: 12.5,
    });
  });

  it('names the place by its coordinates when the geocoder has no name', () => {
    expect(placeFields({ latitude: 9.3064, longitude: 80.4037, accuracy: 5 }, '').name).toBe(
      '9.306400, 80.403700',
    );
    expect(placeFields({ latitude: 9.3064, longitude: 80.4037, accuracy: 5 }, 'a\u0000b').name).toBe(
      '9.306400, 80.403700',
    );
  });

  it('keeps a long name within the limit', () => {
    const name = 'x'.repeat(400);
    expect(placeFields({ latitude: 1, longitude: 2, accuracy: 5 }, name).name).toHaveLength(300);
  });

  it('goes ahead without a position: null coordinates, "Location not available"', () => {
    const place = placeFields(null);
    expect(checkInBody(place, now)).toEqual({
      checkIn: '2026-05-19T03:15:00.000Z',
      checkInLocation: null,
      checkInLocationName: M.locationNotAvailable,
      accuracy: null,
    });
    expect(place.name).toBe('Location not available');
  });
});

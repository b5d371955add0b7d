import { describe, expect, it, vi } from 'vitest';
import {
  coordinatesText,
  GEOLOCATION_MESSAGES,
  GEOLOCATION_OPTIONS,
  geolocationErrorMessage,
  getCurrentPosition,
  mapsUrl,
} from './geo.ts';

describe('geolocation', () => {
  it('maps the browser error codes to the spec messages', () => {
    expect(geolocationErrorMessage({ code: 1 })).toBe(
      'Location access denied. Please enable location permissions.',
    );
    expect(geolocationErrorMessage({ code: 2 })).toBe('Location information is unavailable.');
    expect(geolocationErrorMessage({ code: 3 })).toBe('Location request timed out.');
    expect(geolocationErrorMessage({ code: 9 })).toBe('Failed to get location');
    expect(geolocationErrorMessage(new Error('x'))).toBe('Failed to get location');
  });

  it('asks with high accuracy, a 10 s timeout and a 60 s cache, and rounds to 6 decimals', async () => {
    const getCurrentPositionMock = vi.fn((ok: PositionCallback, _err, options?: PositionOptions) => {
      expect(options).toEqual({ enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 });
      ok({ coords: { latitude: 9.30641234, longitude: 80.40371299, accuracy: 5 } } as GeolocationPosition);
    });
    const geo = { getCurrentPosition: getCurrentPositionMock } as unknown as Geolocation;
    await expect(getCurrentPosition(geo)).resolves.toEqual({
      latitude: 9.306412,
      longitude: 80.403713,
      accuracy: 5,
    });
    expect(GEOLOCATION_OPTIONS.timeout).toBe(10_000);
  });

  it('rejects with the spec message when unsupported or denied', async () => {
    await expect(getCurrentPosition(undefined)).rejects.toThrow(GEOLOCATION_MESSAGES.unsupported);
    const geo = {
      getCurrentPosition: (_ok: PositionCallback, err: PositionErrorCallback) =>
        err({ code: 1 } as GeolocationPositionError),
    } as unknown as Geolocation;
    await expect(getCurrentPosition(geo)).rejects.toThrow(GEOLOCATION_MESSAGES.denied);
  });

  it('names a place by its coordinates and links to the maps service', () => {
    expect(coordinatesText(9.3064, 80.4037)).toBe('9.306400, 80.403700');
    const url = new URL(mapsUrl(9.3064, -80.4037));
    expect(url.origin + url.pathname).toBe('https://www.google.com/maps');
    expect(url.searchParams.get('q')).toBe('9.3064,-80.4037');
  });
});

import { coordinatesText, isPlainText, type ReverseGeocode } from '@csp/contracts';
import { bindDeps, type AppDeps } from '../../lib/service-deps.ts';

export type GeocodeDeps = Pick<AppDeps, 'config' | 'log'>;

const NAME_MAX_LENGTH = 500;
const CACHE_SIZE = 1000;
/** Answers by place (coordinates to 5 decimals, about a metre), newest last; the oldest go first. */
const cache = new Map<string, string>();

function remember(key: string, name: string) {
  cache.delete(key);
  cache.set(key, name);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
}

/** `<GEOCODER_URL>/reverse?format=jsonv2&lat=…&lon=…` (Nominatim's reverse endpoint). */
export function reverseUrl(base: string, latitude: number, longitude: number): URL {
  const url = new URL(base);
  if (!url.pathname.endsWith('/reverse')) url.pathname = `${url.pathname.replace(/\/+$/, '')}/reverse`;
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('lat', String(latitude));
  url.searchParams.set('lon', String(longitude));
  return url;
}

/**
 * The name of a place, asked of the configured geocoder (GEOCODER_URL, Nominatim-style) on the
 * browser's behalf, so the page never calls a third party and the CSP stays strict. When no geocoder is
 * configured, or it is unreachable, slow (GEOCODER_TIMEOUT_MS) or answers nothing usable, the
 * coordinates as text are the name. Never throws.
 */
async function reverseGeocode(
  deps: GeocodeDeps,
  latitude: number,
  longitude: number,
): Promise<ReverseGeocode> {
  const fallback: ReverseGeocode = { name: coordinatesText(latitude, longitude), source: 'coordinates' };
  const base = deps.config.geocoderUrl;
  if (!base) return fallback;
  const key = `${latitude.toFixed(5)},${longitude.toFixed(5)}`;
  const cached = cache.get(key);
  if (cached !== undefined) return { name: cached, source: 'geocoder' };
  try {
    const res = await fetch(reverseUrl(base, latitude, longitude), {
      headers: { accept: 'application/json', 'user-agent': 'child-support-programme (reverse geocoding)' },
      signal: AbortSignal.timeout(deps.config.geocoderTimeoutMs),
      redirect: 'error',
    });
    if (!res.ok) {
      deps.log.warn({ status: res.status }, 'geocoder answered an error; using coordinates');
      return fallback;
    }
    const body = (await res.json()) as { display_name?: unknown; name?: unknown };
    const raw = typeof body.display_name === 'string' ? body.display_name : body.name;
    const name = typeof raw === 'string' ? raw.trim().slice(0, NAME_MAX_LENGTH) : '';
    if (!name || !isPlainText(name)) return fallback;
    remember(key, name);
    return { name, source: 'geocoder' };
  } catch (err) {
    // Only the kind of failure: the coordinates are a child's home or a teacher's whereabouts.
    deps.log.warn({ reason: (err as Error).name }, 'geocoder unreachable or slow; using coordinates');
    return fallback;
  }
}

/** Tests: forget what the geocoder answered. */
export function clearGeocodeCache() {
  cache.clear();
}

/** The geocode service (decision 0034): the configuration and the log, nothing else. */
export function createGeocodeService(deps: GeocodeDeps) {
  return bindDeps(deps, { reverseGeocode });
}

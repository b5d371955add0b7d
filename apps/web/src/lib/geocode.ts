import { coordinatesText, type ReverseGeocode } from '@csp/contracts';
import { api } from './api.ts';

/**
 * The name of the place at these coordinates, from GET /api/geocode/reverse (the API asks the geocoder;
 * the browser never calls a third party). Any failure names the place by its coordinates.
 */
export async function placeNameAt(latitude: number, longitude: number): Promise<string> {
  try {
    const res = await api.get<ReverseGeocode>('/geocode/reverse', { params: { latitude, longitude } });
    return res.data.name?.trim() || coordinatesText(latitude, longitude);
  } catch {
    return coordinatesText(latitude, longitude);
  }
}

import { coordinatesText, distanceText, type HomeVisit, type Student } from '@csp/contracts';
import { formatCount } from '../../lib/numbers.ts';

/**
 * How home visits read on the pages (spec part 2 §2.2): the status tags (the status itself reads as
 * lib/visit-status.ts says), distances, categories, the student choices of the record form. Pure, so it
 * can be tested.
 */

/**
 * The tag beside the detail page's status badge: 'Within Range' on an approved visit, 'Location
 * Warning' on a pending one recorded outside the range; none otherwise.
 */
export function statusTag(visit: Pick<HomeVisit, 'status' | 'isWithinRange'>): string | null {
  if (visit.status === 'APPROVED') return 'Within Range';
  if (visit.status === 'PENDING' && visit.isWithinRange === false) return 'Location Warning';
  return null;
}

/**
 * The detail page's distance from home: metres, or 'Location not verified' without a distance; green
 * when within range, red when outside, grey when unknown.
 */
export function distanceFromHome(visit: Pick<HomeVisit, 'distanceFromHome' | 'isWithinRange'>): {
  text: string;
  color: string;
} {
  const { distanceFromHome: d, isWithinRange } = visit;
  const text = d === null ? distanceText(null) : `${formatCount(Math.round(d))} m`;
  const color = d === null || isWithinRange === null ? 'dimmed' : isWithinRange ? 'green' : 'red';
  return { text, color };
}

/** The review cards show a category as it is stored, underscores as spaces: 'HOME BASE'. */
export function categoryText(category: string): string {
  return category.replace(/_/g, ' ');
}

/** '±12 m': the radius of a GPS fix. */
export function accuracyText(accuracy: number): string {
  return `±${Math.round(accuracy)} m`;
}

/** The record form's student choices: home-base students as 'First Last (age)', by name. */
export function studentOptions(
  students: readonly Pick<Student, 'id' | 'firstName' | 'lastName' | 'age' | 'category'>[],
): { value: string; label: string }[] {
  return students
    .filter((s) => s.category === 'HOME_BASE')
    .map((s) => ({ value: s.id, label: `${s.firstName} ${s.lastName} (${s.age})` }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** '3 files', '1 file'. */
export function filesCountText(count: number): string {
  return `${count} ${count === 1 ? 'file' : 'files'}`;
}

/** A visit's duration as its pages say it: '60 minutes', '1 minute' (an activity's reads '1 hour'). */
export function minutesText(minutes: number): string {
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/**
 * A place's name worth showing beside its coordinates: '' when there is none or when it is only the
 * coordinates as text (the name used when no geocoder answers).
 */
export function placeNameToShow(place: { latitude: number; longitude: number; name: string | null }): string {
  const name = place.name?.trim() ?? '';
  return name === coordinatesText(place.latitude, place.longitude) ? '' : name;
}

import {
  HOME_VISIT_LIMITS,
  HOME_VISIT_MESSAGES,
  isIsoDate,
  isPlainText,
  notAllowedCharacters,
  type CreateHomeVisitBody,
  type HomeVisit,
  type UpdateHomeVisitBody,
} from '@csp/contracts';
import { z } from 'zod';
import { isApiError, serverMessage } from '../../lib/api.ts';

/**
 * The home-visit forms' rules as pure functions (spec part 2 §2.2 "Record Home Visit" and "Edit home
 * visit", §5, §7 POST/PATCH /home-visits, §8), kept apart from the pages so they can be tested.
 */

const L = HOME_VISIT_LIMITS;
const M = HOME_VISIT_MESSAGES;

/** A place captured with the device's GPS (or the visit's stored place on the edit form). */
export interface VisitLocation {
  latitude: number;
  longitude: number;
  /** The radius of the fix in metres, when known. */
  accuracy: number | null;
  /** The place's name from the geocoder, else the coordinates as text. */
  name: string;
}

/** A type, not an interface: @mantine/form's zod resolver takes records of values. */
export type HomeVisitFormValues = {
  /** '' until a student is chosen; fixed on the edit form. */
  studentId: string;
  /** YYYY-MM-DD, or '' when cleared. */
  date: string;
  /** A number input: a number, or '' / the text typed so far. */
  duration: number | string;
  notes: string;
  /** null until a location is captured. */
  location: VisitLocation | null;
};

/** A new visit: today, 60 minutes, no student, no place. */
export function emptyVisitValues(today: string, studentId = ''): HomeVisitFormValues {
  return { studentId, date: today, duration: L.defaultDuration, notes: '', location: null };
}

/** The visit's own place, when it has one. */
export function locationOfVisit(
  visit: Pick<HomeVisit, 'latitude' | 'longitude' | 'locationName' | 'locationAccuracy'>,
): VisitLocation | null {
  if (visit.latitude === null || visit.longitude === null) return null;
  return {
    latitude: visit.latitude,
    longitude: visit.longitude,
    accuracy: visit.locationAccuracy,
    name: visit.locationName ?? '',
  };
}

export function editVisitValues(visit: HomeVisit): HomeVisitFormValues {
  return {
    studentId: visit.studentId,
    date: visit.visitDate.slice(0, 10),
    duration: visit.duration,
    notes: visit.notes ?? '',
    location: locationOfVisit(visit),
  };
}

/** The duration as sent: a number, NaN for an empty box or text that is not a number. */
function durationOf(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return Number.NaN;
  return Number(value);
}

const durationRule = z.preprocess(
  durationOf,
  z
    .number({ message: M.durationInvalid })
    .int({ message: M.durationInvalid })
    .min(L.minDuration, { message: M.durationInvalid })
    .max(L.maxDuration, { message: M.durationMax }),
);

const dateRule = (today: string) =>
  z
    .string({ message: M.dateRequired })
    .trim()
    .min(1, { message: M.dateRequired })
    .refine(isIsoDate, { message: M.dateInvalid })
    .refine((d) => d <= today, { message: M.dateInFuture });

const notesRule = z
  .string()
  .refine((v) => v.trim().length <= L.notesMaxLength, { message: M.notesTooLong })
  .refine((v) => isPlainText(v, true), { message: notAllowedCharacters('Notes') });

/**
 * The record form (for @mantine/form through a zod resolver): a student ('Please select a student'),
 * the visit date (required, not after the organisation's today), a duration of 1 to 480 whole minutes
 * and notes. The place is optional: without one the visit waits for review.
 */
export function createVisitFormSchema(today: string) {
  return z.object({
    studentId: z.string().min(1, { message: M.studentRequired }),
    date: dateRule(today),
    duration: durationRule,
    notes: notesRule,
  });
}

/** The edit form: 'Please select a visit date', 'Please enter a valid duration' (1 to 480), notes. */
export function editVisitFormSchema(today: string) {
  return z.object({ date: dateRule(today), duration: durationRule, notes: notesRule });
}

function locationFields(location: VisitLocation | null) {
  if (!location) return {};
  return {
    latitude: location.latitude,
    longitude: location.longitude,
    locationName: location.name.trim() || null,
    accuracy: location.accuracy,
  };
}

/**
 * POST /api/home-visits: studentId, date, duration, notes (when given), photos (the uploads' ids) and the
 * captured place with its accuracy.
 */
export function toCreateVisitBody(values: HomeVisitFormValues, photos: string[]): CreateHomeVisitBody {
  const notes = values.notes.trim();
  return {
    studentId: values.studentId,
    date: values.date.trim(),
    duration: durationOf(values.duration),
    ...(notes ? { notes } : {}),
    photos,
    ...locationFields(values.location),
  };
}

const samePlace = (a: VisitLocation | null, b: VisitLocation | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.latitude === b.latitude &&
    a.longitude === b.longitude &&
    a.accuracy === b.accuracy &&
    a.name === b.name);

/**
 * PATCH /api/home-visits/{id}: visitDate (YYYY-MM-DD), duration, notes (null when emptied), photos (the
 * full new list) and, only when a new place was captured, the place: an unchanged place is not sent, so
 * the server does not judge the stored one again.
 */
export function toUpdateVisitBody(
  values: HomeVisitFormValues,
  photos: string[],
  before: VisitLocation | null,
): UpdateHomeVisitBody {
  const notes = values.notes.trim();
  return {
    visitDate: values.date.trim(),
    duration: durationOf(values.duration),
    notes: notes || null,
    photos,
    ...(samePlace(values.location, before) ? {} : locationFields(values.location)),
  };
}

/** Only the teacher who recorded a visit edits or deletes it; an administrator never does. */
export function canChangeVisit(
  visit: Pick<HomeVisit, 'teacherId'>,
  me: { id: string; role: string },
): boolean {
  return me.role === 'TEACHER' && visit.teacherId === me.id;
}

/**
 * A visit an administrator approved or rejected can no longer be edited (the server answers 409); one
 * the server approved by itself (no reviewer) still can.
 */
export function isReviewed(visit: Pick<HomeVisit, 'reviewedAt'>): boolean {
  // reviewedAt, not reviewedBy: the reviewer's account may since have been deleted.
  return visit.reviewedAt !== null;
}

/** The toast of a failed call (spec part 2 §8): the server's message, else the given default. */
export function visitErrorText(error: unknown, fallback: string): string {
  return serverMessage(error) ?? fallback;
}

/** A failed delete also tries the answer's error field (spec part 2 §8 "Home visits"). */
export function deleteErrorText(error: unknown): string {
  const message = serverMessage(error);
  if (message) return message;
  if (isApiError(error)) {
    const data: unknown = error.response?.data;
    if (data && typeof data === 'object' && 'error' in data) {
      const name = (data as { error: unknown }).error;
      if (typeof name === 'string' && name.trim()) return name;
    }
  }
  return M.deleteFailed;
}

/** The review dialog's notes: required (trimmed) to reject, optional to approve. */
export function reviewNotesError(decision: 'approve' | 'reject', notes: string): string | null {
  if (decision === 'reject' && notes.trim() === '') return M.rejectReason;
  if (notes.trim().length > L.reviewNotesMaxLength) return M.reviewNotesTooLong;
  if (!isPlainText(notes, true)) return notAllowedCharacters('Review notes');
  return null;
}

/** Whether a distance threshold can be saved: a whole number of metres from 10 to 500. */
export function isValidThreshold(value: number | string, min: number, max: number): boolean {
  const n = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  return Number.isInteger(n) && n >= min && n <= max;
}

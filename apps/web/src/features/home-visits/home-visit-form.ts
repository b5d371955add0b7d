import {
  approveHomeVisitBodySchema,
  createHomeVisitBodySchema,
  HOME_VISIT_LIMITS,
  HOME_VISIT_MESSAGES,
  rejectHomeVisitBodySchema,
  updateHomeVisitBodySchema,
  updateHomeVisitDistanceBodySchema,
  type CreateHomeVisitBody,
  type HomeVisit,
  type UpdateHomeVisitBody,
} from '@csp/contracts';
import { isApiError, serverMessage } from '../../lib/api.ts';
import { contractErrors, withFormRule, type FormErrors } from '../../lib/forms.ts';

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

export interface HomeVisitFormValues {
  /** '' until a student is chosen; fixed on the edit form. */
  studentId: string;
  /** YYYY-MM-DD, or '' when cleared. */
  date: string;
  /** A number input: a number, or '' / the text typed so far. */
  duration: number | string;
  notes: string;
  /** null until a location is captured. */
  location: VisitLocation | null;
}

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
function durationOf(value: number | string): number {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? Number.NaN : Number(value);
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

/**
 * The record form's checks, the contract's (the captured place aside: the device gives it, and the
 * server answers for it): 'Please select a student', the visit date, a duration of 1 to 480 whole
 * minutes and the notes; and no day after the organisation's today. Without a place the visit waits for
 * review.
 */
export function validateCreateVisit(values: HomeVisitFormValues, today: string): FormErrors {
  const errors = contractErrors(
    createHomeVisitBodySchema,
    toCreateVisitBody({ ...values, location: null }, []),
  );
  return withFormRule(errors, 'date', values.date.trim() > today, M.dateInFuture);
}

/**
 * The edit form's checks: the same date, duration and notes rules (the student cannot change). The
 * PATCH names the date `visitDate`; the form's field is `date`.
 */
export function validateEditVisit(values: HomeVisitFormValues, today: string): FormErrors {
  const { visitDate, ...errors } = contractErrors(
    updateHomeVisitBodySchema,
    toUpdateVisitBody({ ...values, location: null }, [], null),
  );
  if (visitDate) errors.date = visitDate;
  return withFormRule(errors, 'date', values.date.trim() > today, M.dateInFuture);
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

/** The review dialog's notes, the contract's: required (trimmed) to reject, optional to approve. */
export function reviewNotesError(decision: 'approve' | 'reject', notes: string): string | null {
  const schema = decision === 'reject' ? rejectHomeVisitBodySchema : approveHomeVisitBodySchema;
  return contractErrors(schema, { reviewNotes: notes }).reviewNotes ?? null;
}

/** Whether a distance threshold can be saved: the contract's whole number of metres from 10 to 500. */
export function isValidThreshold(value: number | string): boolean {
  const distanceMeters = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  return updateHomeVisitDistanceBodySchema.safeParse({ distanceMeters }).success;
}

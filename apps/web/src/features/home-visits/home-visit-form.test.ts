import { HOME_VISIT_MESSAGES as M, type HomeVisit } from '@csp/contracts';
import { describe, expect, it } from 'vitest';
import { httpError } from '../../lib/api-error.testing.ts';
import {
  canChangeVisit,
  deleteErrorText,
  editVisitValues,
  emptyVisitValues,
  isReviewed,
  isValidThreshold,
  locationOfVisit,
  reviewNotesError,
  toCreateVisitBody,
  toUpdateVisitBody,
  validateCreateVisit,
  validateEditVisit,
  visitErrorText,
  type HomeVisitFormValues,
  type VisitLocation,
} from './home-visit-form.ts';

const TODAY = '2026-06-15';
const STUDENT = '6f1c1d3e-9b7a-4c3e-8f51-2d0b7a1e9c44';
const TEACHER = 'a1b2c3d4-0000-4000-8000-000000000001';
const FILE = '/api/files/0b7a1e9c-9b7a-4c3e-8f51-2d0b7a1e9c44?expires=1&sig=x';
const PLACE: VisitLocation = { latitude: 9.6615, longitude: 80.0255, accuracy: 12, name: 'Main Street' };

const values = (changes: Partial<HomeVisitFormValues> = {}): HomeVisitFormValues => ({
  ...emptyVisitValues(TODAY, STUDENT),
  ...changes,
});

function visit(changes: Partial<HomeVisit> = {}): HomeVisit {
  return {
    id: 'b1b2c3d4-0000-4000-8000-000000000002',
    studentId: STUDENT,
    teacherId: TEACHER,
    teacher: { id: TEACHER, firstName: 'Tara', lastName: 'Field' },
    student: {
      id: STUDENT,
      firstName: 'Maya',
      lastName: 'Silva',
      age: 2,
      category: 'HOME_BASE',
      address: '12 Temple Road',
      homeLatitude: 9.6612,
      homeLongitude: 80.0251,
      homeLocationName: 'Temple Road',
    },
    visitDate: '2026-06-13',
    duration: 45,
    notes: null,
    photos: [FILE],
    files: [{ url: FILE, name: 'room.jpg', mimeType: 'image/jpeg', sizeBytes: 1000 }],
    latitude: PLACE.latitude,
    longitude: PLACE.longitude,
    locationName: PLACE.name,
    locationAccuracy: PLACE.accuracy,
    status: 'APPROVED',
    isWithinRange: true,
    distanceFromHome: 12.4,
    reviewNotes: null,
    reviewedBy: null,
    reviewedAt: null,
    recordedAt: '2026-06-13T08:00:00.000Z',
    createdAt: '2026-06-13T08:00:00.000Z',
    updatedAt: '2026-06-13T08:00:00.000Z',
    ...changes,
  };
}

describe('home visit form values', () => {
  it('starts today with 60 minutes, no notes and no place', () => {
    expect(emptyVisitValues(TODAY)).toEqual({
      studentId: '',
      date: TODAY,
      duration: 60,
      notes: '',
      location: null,
    });
  });

  it('edits a visit with its values and its stored place', () => {
    expect(editVisitValues(visit({ visitDate: '2026-06-13T00:00:00.000Z', notes: 'Fine' }))).toEqual({
      studentId: STUDENT,
      date: '2026-06-13',
      duration: 45,
      notes: 'Fine',
      location: PLACE,
    });
    expect(locationOfVisit(visit({ latitude: null, longitude: null }))).toBeNull();
    expect(locationOfVisit(visit({ locationName: null, locationAccuracy: null }))).toEqual({
      ...PLACE,
      name: '',
      accuracy: null,
    });
  });
});

describe("the record form's checks", () => {
  const validate = (v: HomeVisitFormValues) => validateCreateVisit(v, TODAY);

  it('passes a complete form, with or without a place', () => {
    expect(validate(values())).toEqual({});
    expect(validate(values({ location: PLACE, notes: 'All well' }))).toEqual({});
  });

  it('refuses notes over 5000 characters', () => {
    expect(validate(values({ notes: 'x'.repeat(5001) }))).toEqual({ notes: M.notesTooLong });
  });

  it('needs a student and a date', () => {
    expect(validate(values({ studentId: '', date: '' }))).toEqual({
      studentId: M.studentRequired,
      date: M.dateRequired,
    });
  });

  it('refuses a day after today', () => {
    expect(validate(values({ date: '2026-06-16' }))).toEqual({ date: M.dateInFuture });
  });

  it('needs a whole number of minutes from 1 to 480', () => {
    expect(validate(values({ duration: 0 }))).toEqual({ duration: M.durationInvalid });
    expect(validate(values({ duration: '' }))).toEqual({ duration: M.durationInvalid });
    expect(validate(values({ duration: 12.5 }))).toEqual({ duration: M.durationInvalid });
    expect(validate(values({ duration: 481 }))).toEqual({ duration: M.durationMax });
    expect(validate(values({ duration: '480' }))).toEqual({});
  });

  it('refuses control characters in the notes', () => {
    expect(validate(values({ notes: 'a\u0007b' }))).toEqual({
      notes: 'Notes contains characters that are not allowed',
    });
  });
});

describe("the edit form's checks", () => {
  const validate = (v: HomeVisitFormValues) => validateEditVisit(v, TODAY);

  it("shows the spec's messages for no date and a bad duration", () => {
    expect(validate(values({ date: '', duration: 0 }))).toEqual({
      date: 'Please select a visit date',
      duration: 'Please enter a valid duration',
    });
  });

  it('does not ask for the student (it cannot change)', () => {
    expect(validate(values({ studentId: '' }))).toEqual({});
  });

  it('refuses a day after today and a duration past 480 minutes', () => {
    expect(validate(values({ date: '2026-06-16', duration: 481 }))).toEqual({
      date: M.dateInFuture,
      duration: M.durationMax,
    });
  });

  it('does not judge the captured place (the server does)', () => {
    expect(validate(values({ location: { ...PLACE, name: 'x'.repeat(600) } }))).toEqual({});
  });
});

describe('toCreateVisitBody', () => {
  it('sends the student, date, minutes, trimmed notes, files and the captured place', () => {
    expect(
      toCreateVisitBody(values({ notes: '  Talked  ', duration: '30', location: PLACE }), [FILE]),
    ).toEqual({
      studentId: STUDENT,
      date: TODAY,
      duration: 30,
      notes: 'Talked',
      photos: [FILE],
      latitude: PLACE.latitude,
      longitude: PLACE.longitude,
      locationName: 'Main Street',
      accuracy: 12,
    });
  });

  it('leaves empty notes and a missing place out', () => {
    const body = toCreateVisitBody(values({ notes: '  ' }), []);
    expect(body).toEqual({ studentId: STUDENT, date: TODAY, duration: 60, photos: [] });
  });
});

describe('toUpdateVisitBody', () => {
  it('sends visitDate as YYYY-MM-DD, duration, notes and files, not an unchanged place', () => {
    const before = locationOfVisit(visit());
    const body = toUpdateVisitBody(editVisitValues(visit({ notes: 'x' })), [FILE], before);
    expect(body).toEqual({ visitDate: '2026-06-13', duration: 45, notes: 'x', photos: [FILE] });
  });

  it('sends null for emptied notes and a newly captured place', () => {
    const moved: VisitLocation = {
      latitude: 9.7,
      longitude: 80.1,
      accuracy: 80,
      name: '9.700000, 80.100000',
    };
    const body = toUpdateVisitBody(values({ notes: ' ', location: moved }), [], PLACE);
    expect(body).toEqual({
      visitDate: TODAY,
      duration: 60,
      notes: null,
      photos: [],
      latitude: 9.7,
      longitude: 80.1,
      locationName: '9.700000, 80.100000',
      accuracy: 80,
    });
  });

  it('sends a first place for a visit that had none', () => {
    expect(toUpdateVisitBody(values({ location: PLACE }), [], null)).toMatchObject({
      latitude: PLACE.latitude,
    });
  });
});

describe('who may change a visit', () => {
  it('is only the teacher who recorded it', () => {
    expect(canChangeVisit(visit(), { id: TEACHER, role: 'TEACHER' })).toBe(true);
    expect(canChangeVisit(visit(), { id: STUDENT, role: 'TEACHER' })).toBe(false);
    expect(canChangeVisit(visit(), { id: TEACHER, role: 'ADMIN' })).toBe(false);
  });

  it('an administrator-reviewed visit is locked; a server-approved one is not', () => {
    expect(isReviewed(visit())).toBe(false);
    expect(
      isReviewed(
        visit({
          reviewedBy: { firstName: 'Ada', lastName: 'Admin' },
          reviewedAt: '2026-11-20T10:00:00.000Z',
        }),
      ),
    ).toBe(true);
    // The reviewer's account deleted since: still reviewed.
    expect(isReviewed(visit({ reviewedBy: null, reviewedAt: '2026-11-20T10:00:00.000Z' }))).toBe(true);
  });
});

describe('error texts', () => {
  it("uses the server's message, else the default", () => {
    expect(visitErrorText(httpError(409, { message: 'Taken' }), M.updateFailed)).toBe('Taken');
    expect(visitErrorText(httpError(500, { error: 'Internal Server Error' }), M.updateFailed)).toBe(
      M.updateFailed,
    );
    expect(visitErrorText(new Error('network'), M.approveFailed)).toBe(M.approveFailed);
  });

  it('a failed delete also tries the error field', () => {
    expect(deleteErrorText(httpError(403, { message: M.deleteOwn, error: 'Forbidden' }))).toBe(M.deleteOwn);
    expect(deleteErrorText(httpError(500, { error: 'Internal Server Error' }))).toBe('Internal Server Error');
    expect(deleteErrorText(new Error('network'))).toBe(M.deleteFailed);
  });
});

describe('review notes', () => {
  it('are needed (trimmed) to reject, optional to approve', () => {
    expect(reviewNotesError('reject', '   ')).toBe('Please provide a reason for rejection');
    expect(reviewNotesError('reject', 'Wrong house')).toBeNull();
    expect(reviewNotesError('approve', '')).toBeNull();
    expect(reviewNotesError('approve', 'x'.repeat(2001))).toBe(M.reviewNotesTooLong);
    expect(reviewNotesError('reject', 'x'.repeat(2001))).toBe(M.reviewNotesTooLong);
    expect(reviewNotesError('approve', 'a\u0007b')).toBe(
      'Review notes contains characters that are not allowed',
    );
  });
});

describe('the distance threshold', () => {
  it('saves whole metres from 10 to 500 only', () => {
    expect(isValidThreshold(10)).toBe(true);
    expect(isValidThreshold(500)).toBe(true);
    expect(isValidThreshold('75')).toBe(true);
    expect(isValidThreshold(9)).toBe(false);
    expect(isValidThreshold(501)).toBe(false);
    expect(isValidThreshold(50.5)).toBe(false);
    expect(isValidThreshold('')).toBe(false);
  });
});

import { ACTIVITY_MESSAGES, type Activity } from '@csp/contracts';
import { describe, expect, it } from 'vitest';
import { httpError } from '../../lib/api-error.testing.ts';
import {
  activityErrorText,
  canChangeActivity,
  editActivityValues,
  emptyActivityValues,
  toCreateActivityBody,
  toUpdateActivityBody,
  validateCreateActivity,
  validateEditActivity,
  type ActivityFormValues,
} from './activity-form.ts';

const TODAY = '2026-06-15';
const STUDENT = '6f1c1d3e-9b7a-4c3e-8f51-2d0b7a1e9c44';
const TEACHER = 'a1b2c3d4-0000-4000-8000-000000000001';
const PHOTO = '/api/files/0b7a1e9c-9b7a-4c3e-8f51-2d0b7a1e9c44?expires=1&sig=x';

const values = (changes: Partial<ActivityFormValues> = {}): ActivityFormValues => ({
  ...emptyActivityValues(TODAY, STUDENT),
  title: 'Painting',
  ...changes,
});

function activity(changes: Partial<Activity> = {}): Activity {
  return {
    id: 'b1b2c3d4-0000-4000-8000-000000000002',
    title: 'Painting',
    date: '2026-06-13',
    duration: 90,
    description: null,
    photos: [PHOTO],
    photoUrl: PHOTO,
    student: { id: STUDENT, firstName: 'Maya', lastName: 'Silva', age: 4 },
    teacher: { id: TEACHER, firstName: 'Tara', lastName: 'Field' },
    studentId: STUDENT,
    teacherId: TEACHER,
    createdAt: '2026-06-13T08:00:00.000Z',
    updatedAt: '2026-06-13T08:00:00.000Z',
    ...changes,
  };
}

describe('activity form defaults', () => {
  it('starts today with 120 minutes and no student', () => {
    expect(emptyActivityValues(TODAY)).toEqual({
      title: '',
      studentId: '',
      date: TODAY,
      duration: 120,
      description: '',
    });
  });

  it('edits an activity with its values; no description is an empty box', () => {
    expect(editActivityValues(activity())).toEqual({
      title: 'Painting',
      studentId: STUDENT,
      date: '2026-06-13',
      duration: 90,
      description: '',
    });
  });
});

describe('toCreateActivityBody', () => {
  it('sends trimmed text, the number of minutes and the uploaded photos', () => {
    expect(
      toCreateActivityBody(values({ title: '  Painting  ', description: ' Blue skies ', duration: '45' }), [
        PHOTO,
      ]),
    ).toEqual({
      title: 'Painting',
      studentId: STUDENT,
      date: TODAY,
      duration: 45,
      description: 'Blue skies',
      photos: [PHOTO],
    });
  });

  it('leaves an empty description out', () => {
    const body = toCreateActivityBody(values({ description: '   ' }), []);
    expect(body).not.toHaveProperty('description');
    expect(body.photos).toEqual([]);
  });
});

describe('toUpdateActivityBody', () => {
  it('sends title, date, duration and photos, and the description only when not empty', () => {
    const withText = toUpdateActivityBody(values({ description: 'New words' }), [PHOTO]);
    expect(withText).toEqual({
      title: 'Painting',
      date: TODAY,
      duration: 120,
      description: 'New words',
      photos: [PHOTO],
    });
    const emptied = toUpdateActivityBody(values({ description: '  ' }), []);
    expect(emptied).toEqual({ title: 'Painting', date: TODAY, duration: 120, photos: [] });
    expect(emptied).not.toHaveProperty('description');
  });

  it('never sends the student', () => {
    expect(toUpdateActivityBody(values(), [])).not.toHaveProperty('studentId');
  });
});

describe('validateCreateActivity', () => {
  it('passes a complete form', () => {
    expect(validateCreateActivity(values(), TODAY)).toEqual({});
  });

  it("shows the spec's messages for a blank title, no student and no date", () => {
    expect(validateCreateActivity(values({ title: '   ', studentId: '', date: '' }), TODAY)).toEqual({
      title: 'Please enter an activity title',
      studentId: 'Please select a student',
      date: 'Please select an activity date',
    });
  });

  it('needs at least one whole minute', () => {
    expect(validateCreateActivity(values({ duration: 0 }), TODAY).duration).toBe(
      ACTIVITY_MESSAGES.durationMin,
    );
    expect(validateCreateActivity(values({ duration: '' }), TODAY).duration).toBe(
      ACTIVITY_MESSAGES.durationWhole,
    );
  });

  it('refuses a day after today', () => {
    expect(validateCreateActivity(values({ date: '2026-06-16' }), TODAY).date).toBe(
      ACTIVITY_MESSAGES.dateInFuture,
    );
  });
});

describe('validateEditActivity', () => {
  it('keeps the title and date rules', () => {
    expect(validateEditActivity(values(), TODAY)).toEqual({});
    expect(validateEditActivity(values({ title: '', date: '' }), TODAY)).toEqual({
      title: 'Please enter an activity title',
      date: 'Please select an activity date',
    });
  });
});

describe('activityErrorText', () => {
  it("uses the server's message, else its error field, else the default", () => {
    expect(activityErrorText(httpError(409, { message: 'Taken', error: 'Conflict' }), 'x')).toBe('Taken');
    expect(activityErrorText(httpError(500, { error: 'Internal Server Error' }), 'x')).toBe(
      'Internal Server Error',
    );
    expect(activityErrorText(httpError(500, ''), 'Failed to create activity')).toBe(
      'Failed to create activity',
    );
    expect(activityErrorText(new Error('network'), 'Failed to delete activity')).toBe(
      'Failed to delete activity',
    );
  });
});

describe('canChangeActivity', () => {
  it('is true only for the teacher who recorded it', () => {
    expect(canChangeActivity(activity(), { id: TEACHER, role: 'TEACHER' })).toBe(true);
    expect(canChangeActivity(activity(), { id: STUDENT, role: 'TEACHER' })).toBe(false);
    expect(canChangeActivity(activity(), { id: TEACHER, role: 'ADMIN' })).toBe(false);
  });
});

import {
  createMeasurementBodySchema,
  daysBetween,
  isIsoDate,
  MEASUREMENT_MESSAGES,
  type CreateMeasurementBody,
  type Measurement,
  type MeasurementPosition,
} from '@csp/contracts';
import { contractErrors, withFormRule, type FormErrors } from '../../lib/forms.ts';

/**
 * The measurement form's rules as pure functions (spec part 1 §5 "Create measurement", §7 POST
 * /measurements, §8 "Measurements"), kept apart from the page so they can be tested.
 */

/** A number input's value: a number, or '' / the text typed so far. */
type NumberValue = number | string;

export interface MeasurementFormValues {
  studentId: string;
  height: NumberValue;
  weight: NumberValue;
  /** YYYY-MM-DD, or '' when cleared. */
  date: string;
  notes: string;
  /** '' until chosen: the form then uses the suggestion for the child's age (suggestedPosition). */
  position: MeasurementPosition | '';
}

export function emptyMeasurementValues(today: string, studentId = ''): MeasurementFormValues {
  return { studentId, height: '', weight: '', date: today, notes: '', position: '' };
}

/** An empty box is left out (the schema then says 'Please enter height and weight'). */
function figureOf(value: NumberValue): number | undefined {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? undefined : Number(value);
}

/** POST /api/measurements: studentId, height, weight, date, notes and position when given, photos. */
export function toCreateMeasurementBody(
  values: MeasurementFormValues,
  photos: string[],
): CreateMeasurementBody {
  const notes = values.notes.trim();
  const height = figureOf(values.height);
  const weight = figureOf(values.weight);
  return {
    studentId: values.studentId,
    ...(height === undefined ? {} : { height }),
    ...(weight === undefined ? {} : { weight }),
    date: values.date.trim(),
    ...(notes ? { notes } : {}),
    ...(values.position ? { position: values.position } : {}),
    photos,
  } as CreateMeasurementBody;
}

/**
 * The form's checks, the contract's: 'Please select a student', 'Please enter height and weight'
 * (missing or 0), the plausible ranges, a date that is given; and no day after today.
 */
export function validateMeasurement(values: MeasurementFormValues, today: string): FormErrors {
  const errors = contractErrors(createMeasurementBodySchema, toCreateMeasurementBody(values, []));
  return withFormRule(errors, 'date', values.date.trim() > today, MEASUREMENT_MESSAGES.dateInFuture);
}

export const MEASUREMENT_FAILURE = 'Failed to record measurement';

export const POSITION_LABELS: Record<MeasurementPosition, string> = {
  LYING: 'Lying (length)',
  STANDING: 'Standing (height)',
};

/** The WHO standards measure length lying before 2 years (731 days) and height standing from then. */
export const STANDING_FROM_DAYS = 731;

/**
 * The position suggested for the chosen student on the measurement's date (today's when the date box
 * is empty): lying under 2 years, standing from 2 years; a pregnant mother stands. '' before a student
 * is known.
 */
export function suggestedPosition(
  student: { dateOfBirth: string; isPregnant: boolean } | undefined,
  date: string,
  today: string,
): MeasurementPosition | '' {
  if (!student) return '';
  if (student.isPregnant) return 'STANDING';
  if (!isIsoDate(student.dateOfBirth)) return '';
  const on = isIsoDate(date.trim()) ? date.trim() : today;
  return daysBetween(student.dateOfBirth, on) < STANDING_FROM_DAYS ? 'LYING' : 'STANDING';
}

/**
 * Who may delete a measurement recorded in error: an administrator any, a teacher one they recorded
 * (the server also requires the student to be theirs, which any measurement they can open is).
 */
export function canDeleteMeasurement(
  measurement: Pick<Measurement, 'measuredBy'>,
  me: { id: string; role: string },
): boolean {
  return me.role === 'ADMIN' || (me.role === 'TEACHER' && measurement.measuredBy?.id === me.id);
}

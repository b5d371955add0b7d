import {
  createMeasurementBodySchema,
  MEASUREMENT_MESSAGES,
  type CreateMeasurementBody,
  type MeasurementPosition,
} from '@csp/contracts';

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
  /** '' when not given. */
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

type FormErrors = Record<string, string>;

/**
 * The form's checks with the contracts' schema: 'Please select a student', 'Please enter height and
 * weight' (missing or 0), the plausible ranges, a date that is given and not after today.
 */
export function validateMeasurement(values: MeasurementFormValues, today: string): FormErrors {
  const parsed = createMeasurementBodySchema.safeParse(toCreateMeasurementBody(values, []));
  const errors: FormErrors = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field] = issue.message;
  }
  if (!errors.date && values.date.trim() > today) errors.date = MEASUREMENT_MESSAGES.dateInFuture;
  return errors;
}

export const MEASUREMENT_FAILURE = 'Failed to record measurement';

export const POSITION_LABELS: Record<MeasurementPosition, string> = {
  LYING: 'Lying',
  STANDING: 'Standing',
};

/** '102.5 cm', '16 kg': one decimal at most, as entered. */
export const heightText = (cm: number) => `${Number(cm.toFixed(1))} cm`;
export const weightText = (kg: number) => `${Number(kg.toFixed(1))} kg`;

import { z } from 'zod';
import { isPlainText, notAllowedCharacters, searchQueryField, studentCategorySchema } from './common.ts';
import { addMonths, daysBetween, isIsoDate } from './dates.ts';
import { PHOTO_MAX_BYTES, photoEntriesField } from './files.ts';
import { keysetQueryFields, pageQueryFields } from './paging.ts';
import { growthSchema } from './growth/api.ts';
import { personRefSchema } from './students.ts';

/** Measurements are due every 2 calendar months after the last one; "due soon" is within 15 days. */
export const MEASUREMENT_RULES = { cycleMonths: 2, dueSoonDays: 15 } as const;

export const MEASUREMENT_STATUSES = ['overdue', 'due_soon', 'up_to_date'] as const;
export type MeasurementStatus = (typeof MEASUREMENT_STATUSES)[number];

export interface MeasurementStatusFigures {
  status: MeasurementStatus;
  nextDueDate: string | null;
  overdueBy: number;
  daysSinceLastMeasurement: number | null;
}

/**
 * The status of a student's measurements on `today`. A student never measured is due now: status
 * 'overdue' with no due date (the lists tell them apart by `lastMeasurement: null`).
 */
export function measurementStatus(lastDate: string | null, today: string): MeasurementStatusFigures {
  if (!lastDate)
    return { status: 'overdue', nextDueDate: null, overdueBy: 0, daysSinceLastMeasurement: null };
  const nextDueDate = addMonths(lastDate, MEASUREMENT_RULES.cycleMonths);
  const daysToDue = daysBetween(today, nextDueDate);
  const daysSinceLastMeasurement = daysBetween(lastDate, today);
  if (daysToDue < 0)
    return { status: 'overdue', nextDueDate, overdueBy: -daysToDue, daysSinceLastMeasurement };
  if (daysToDue <= MEASUREMENT_RULES.dueSoonDays) {
    return { status: 'due_soon', nextDueDate, overdueBy: 0, daysSinceLastMeasurement };
  }
  return { status: 'up_to_date', nextDueDate, overdueBy: 0, daysSinceLastMeasurement };
}

export const measurementStatusEntrySchema = z.object({
  id: z.string(),
  studentId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  age: z.number().int(),
  category: studentCategorySchema,
  status: z.enum(MEASUREMENT_STATUSES),
  overdueBy: z.number().int(),
  daysSinceLastMeasurement: z.number().int().nullable(),
  nextDueDate: z.string().nullable(),
  lastMeasurement: z.object({ id: z.string(), date: z.string() }).nullable(),
  assignedTeacher: personRefSchema.nullable(),
});
export type MeasurementStatusEntry = z.infer<typeof measurementStatusEntrySchema>;

/**
 * The status page's filter: a status of the list ('overdue' means measured but past due; a student never
 * measured is 'never_measured' here, though the entry itself says 'overdue' with no last measurement).
 */
export const MEASUREMENT_STATUS_FILTERS = ['overdue', 'due_soon', 'up_to_date', 'never_measured'] as const;
export type MeasurementStatusFilter = (typeof MEASUREMENT_STATUS_FILTERS)[number];

/**
 * The order of the status list: 'name' (first name, last name, id) or 'due' (soonest due first: the
 * last measurement's date ascending, never measured last, then name and id) — the most overdue first
 * in the overdue list, the soonest due first in the due-soon list (the dashboard panel's previews).
 */
export const MEASUREMENT_STATUS_ORDERS = ['name', 'due'] as const;
export type MeasurementStatusOrder = (typeof MEASUREMENT_STATUS_ORDERS)[number];

// GET /api/measurements/status/all: without parameters every student in scope, by name (a client of
// the spec's calls table reads it whole); with filters, order and page/limit, one page of them
// (X-Total-Count), filtered and ordered in SQL (the status page; the dashboard panel's previews).
export const measurementStatusQuerySchema = z.strictObject({
  status: z
    .enum(MEASUREMENT_STATUS_FILTERS, {
      message: `status must be one of ${MEASUREMENT_STATUS_FILTERS.join(', ')}`,
    })
    .optional(),
  category: studentCategorySchema.optional(),
  /** Admins only: one teacher's students. */
  teacherId: z.uuid({ message: 'teacherId must be a valid identifier' }).optional(),
  search: searchQueryField,
  order: z
    .enum(MEASUREMENT_STATUS_ORDERS, {
      message: `order must be one of ${MEASUREMENT_STATUS_ORDERS.join(', ')}`,
    })
    .optional()
    .describe(
      "'name' (default): first name, last name. 'due': soonest due first (the last measurement's date " +
        'ascending, never measured last), then name',
    ),
  ...pageQueryFields,
});
export type MeasurementStatusQuery = z.input<typeof measurementStatusQuerySchema>;

// GET /api/measurements/status/summary: the status page's five counters, counted in SQL.
export const measurementStatusSummarySchema = z.object({
  total: z.number().int(),
  upToDate: z.number().int(),
  dueSoon: z.number().int(),
  overdue: z.number().int(),
  neverMeasured: z.number().int(),
});
export type MeasurementStatusSummary = z.infer<typeof measurementStatusSummarySchema>;

// ---------------------------------------------------------------------------------------------------
// Measurement records: GET/POST /api/measurements, GET /api/measurements/{id},
// POST /api/file-upload/measurement

/**
 * Plausible figures for a child (a newborn is about 45–55 cm and 2–4 kg) or a mother; anything outside
 * is a typing slip (900 cm, 500 kg). Values keep one decimal (the form's step 0.1); more are rounded.
 */
export const MEASUREMENT_LIMITS = {
  minHeightCm: 20,
  maxHeightCm: 250,
  minWeightKg: 0.5,
  maxWeightKg: 300,
  notesMaxLength: 2000,
  maxPhotos: 5,
  photoMaxBytes: PHOTO_MAX_BYTES,
  pageSize: 12,
} as const;

export const MEASUREMENT_POSITIONS = ['LYING', 'STANDING'] as const;
export type MeasurementPosition = (typeof MEASUREMENT_POSITIONS)[number];

/** POST /api/file-upload/measurement: the multipart field of the photo (one file per request). */
export const MEASUREMENT_PHOTO_FIELD = 'file';

const L = MEASUREMENT_LIMITS;
export const MEASUREMENT_MESSAGES = {
  notFound: 'Measurement not found.',
  studentNotFound: 'Student not found',
  studentRequired: 'Please select a student',
  heightAndWeightRequired: 'Please enter height and weight',
  heightNotNumber: 'Height must be a number',
  heightRange: `Height must be between ${L.minHeightCm} and ${L.maxHeightCm} cm`,
  weightNotNumber: 'Weight must be a number',
  weightRange: `Weight must be between ${L.minWeightKg} and ${L.maxWeightKg} kg`,
  dateRequired: 'Please select a measurement date',
  dateInvalid: 'Measurement date must be a date (YYYY-MM-DD)',
  dateInFuture: 'Measurement date cannot be in the future',
  notesTooLong: `Notes must be at most ${L.notesMaxLength} characters`,
  positionInvalid: 'Position must be LYING or STANDING',
  photoInvalid: 'Photos must be images uploaded through the measurement photo upload',
  photoInUse: 'A photo is already attached to another measurement',
  tooManyPhotos: `A measurement can have at most ${L.maxPhotos} photos`,
  listOwn: 'Teachers can only list measurements of their own students',
  created: 'Measurement recorded successfully!',
} as const;

const MM = MEASUREMENT_MESSAGES;
const roundToTenth = (v: number) => Math.round(v * 10) / 10;

/** Missing, null or 0: the spec's 'Please enter height and weight'; otherwise a range naming the field. */
const bodyFigure = (notNumber: string, range: string, min: number, max: number) =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? MM.heightAndWeightRequired : notNumber,
    })
    .refine((v) => v !== 0, { message: MM.heightAndWeightRequired, abort: true })
    .min(min, { message: range })
    .max(max, { message: range })
    .transform(roundToTenth);

export const createMeasurementBodySchema = z.strictObject({
  studentId: z.uuid({ message: MM.studentRequired }),
  height: bodyFigure(MM.heightNotNumber, MM.heightRange, L.minHeightCm, L.maxHeightCm).describe(
    `Centimetres, ${L.minHeightCm}–${L.maxHeightCm}; rounded to one decimal`,
  ),
  weight: bodyFigure(MM.weightNotNumber, MM.weightRange, L.minWeightKg, L.maxWeightKg).describe(
    `Kilograms, ${L.minWeightKg}–${L.maxWeightKg}; rounded to one decimal`,
  ),
  date: z
    .string({ message: MM.dateRequired })
    .trim()
    .min(1, { message: MM.dateRequired })
    .refine(isIsoDate, { message: MM.dateInvalid }),
  notes: z
    .string({ message: 'Notes must be text' })
    .trim()
    .max(L.notesMaxLength, { message: MM.notesTooLong })
    .refine((v) => isPlainText(v, true), { message: notAllowedCharacters('Notes') })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  position: z
    .enum(MEASUREMENT_POSITIONS, { message: MM.positionInvalid })
    .nullable()
    .optional()
    .describe('How the length/height was taken: LYING (length) or STANDING (height)'),
  photos: photoEntriesField({ max: L.maxPhotos, invalid: MM.photoInvalid, tooMany: MM.tooManyPhotos })
    .default([])
    .describe('File ids or links answered by POST /api/file-upload/measurement'),
});
export type CreateMeasurementBody = z.input<typeof createMeasurementBodySchema>;

export const measurementListQuerySchema = z.strictObject({
  date: z
    .string()
    .refine(isIsoDate, { message: 'date must be a date (YYYY-MM-DD)' })
    .optional()
    .describe('Only measurements taken on this day'),
  teacherId: z
    .uuid({ message: 'teacherId must be a valid identifier' })
    .optional()
    .describe('Only students assigned to this teacher (teachers: their own id only)'),
  studentId: z
    .uuid({ message: 'studentId must be a valid identifier' })
    .optional()
    .describe('Only this student'),
  ...pageQueryFields,
  ...keysetQueryFields,
});
export type MeasurementListQuery = z.infer<typeof measurementListQuerySchema>;

export const measurementSchema = z.object({
  id: z.string(),
  height: z.number(),
  weight: z.number(),
  date: z.string(),
  notes: z.string().nullable(),
  position: z.enum(MEASUREMENT_POSITIONS).nullable(),
  /** Signed, expiring links of the photos. */
  photos: z.array(z.string()),
  /** The first photo's link, or null. */
  photoUrl: z.string().nullable(),
  student: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), age: z.number().int() }),
  /** Who recorded it; null when that account no longer exists. */
  measuredBy: personRefSchema.nullable(),
  studentId: z.string(),
  createdAt: z.string(),
  /** The WHO z-scores and classifications (growth monitoring). */
  growth: growthSchema,
});
export type Measurement = z.infer<typeof measurementSchema>;

/** POST /api/file-upload/measurement: `url` to show, `id` (or the url) to put into `photos`. */
export const measurementPhotoUploadResponseSchema = z.object({
  url: z.string().describe('Signed link of the stored photo'),
  id: z.string().describe('The stored file id'),
});
export type MeasurementPhotoUploadResponse = z.infer<typeof measurementPhotoUploadResponseSchema>;

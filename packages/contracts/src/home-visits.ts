import { z } from 'zod';
import {
  editedVersionField,
  isPlainText,
  notAllowedCharacters,
  searchQueryField,
  studentCategorySchema,
} from './common.ts';
import { isIsoDate } from './dates.ts';
import { PHOTO_MIME_TYPES, photoEntriesField } from './files.ts';
import { accuracyField, latitudeField, longitudeField, metresText } from './geolocation.ts';
import {
  dateQueryField,
  monthQueryField,
  keysetQueryFields,
  pageQueryFields,
  yearQueryField,
} from './paging.ts';
import { personRefSchema } from './students.ts';

/** Spec part 2 §5 and §9: home visits. */
export const HOME_VISIT_LIMITS = {
  defaultDuration: 60,
  minDuration: 1,
  maxDuration: 480,
  notesMaxLength: 5000,
  locationNameMaxLength: 500,
  reviewNotesMaxLength: 2000,
  maxFiles: 10,
  /** Each uploaded file (images, PDF, Word). */
  fileMaxBytes: 10 * 1024 * 1024,
  pageSize: 12,
  reviewPageSize: 10,
  /** The review pager shows up to this many page buttons. */
  reviewPagerButtons: 5,
  /** A visit farther than this from home carries a Location Warning (spec: "over 50"). */
  locationWarningMeters: 50,
} as const;

/** Spec part 2 §3 and §9: the auto-approval distance threshold (`Settings.homeVisitDistanceThreshold`). */
export const DISTANCE_THRESHOLD = { default: 50, min: 10, max: 500 } as const;

export const HOME_VISIT_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type HomeVisitStatus = (typeof HOME_VISIT_STATUSES)[number];

/** The location filter of the list and the review queue. */
export const LOCATION_FILTERS = ['all', 'warnings', 'normal'] as const;
export type LocationFilter = (typeof LOCATION_FILTERS)[number];

/** Categories a home visit can be recorded for (the ones the student page counts visits for). */
export const HOME_VISIT_CATEGORIES = ['HOME_BASE', 'SURVIVAL_PROGRAM'] as const;

/** POST /api/file-upload/home-visit: the multipart field of the file (one file per request). */
export const HOME_VISIT_FILE_FIELD = 'file';
export const WORD_MIME_TYPES = [
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;
/** Images, PDF and Word documents, recognised by their bytes on the server. */
export const HOME_VISIT_FILE_MIME_TYPES = [
  ...PHOTO_MIME_TYPES,
  'application/pdf',
  ...WORD_MIME_TYPES,
] as const;
/** For `<input accept>` / a dropzone. */
export const HOME_VISIT_FILE_ACCEPT = [...HOME_VISIT_FILE_MIME_TYPES, '.doc', '.docx', '.pdf'].join(',');

const L = HOME_VISIT_LIMITS;

export const HOME_VISIT_MESSAGES = {
  notFound: 'Home visit not found',
  studentNotFound: 'Student not found',
  studentRequired: 'Please select a student',
  studentCategory: 'Home visits are recorded for home-base and survival-programme students',
  dateRequired: 'Please select a visit date',
  dateInvalid: 'Visit date must be a date (YYYY-MM-DD)',
  recordedAtInvalid: 'The time the visit was recorded must be a date and time (ISO 8601)',
  dateInFuture: 'Visit date cannot be in the future',
  durationInvalid: 'Please enter a valid duration',
  durationMax: `Duration must be at most ${L.maxDuration} minutes`,
  notesTooLong: `Notes must be at most ${L.notesMaxLength} characters`,
  locationNameTooLong: `Location name must be at most ${L.locationNameMaxLength} characters`,
  locationPair: 'Latitude and longitude must be given together',
  fileInvalid: 'Files must be uploaded through the home visit upload',
  fileInUse: 'A file is already attached to another home visit',
  tooManyFiles: `A home visit can have at most ${L.maxFiles} files`,
  fileWrongType: 'Files must be images (JPG, PNG, GIF, WebP), PDF, DOC or DOCX',
  fileTooLarge: `Each file must be ${L.fileMaxBytes / 1024 / 1024} MB or smaller`,
  fileMissing: 'Choose a file to upload',
  onlyTeachersRecord: 'Only teachers can record home visits',
  editOwn: 'You can only edit your own home visits',
  deleteOwn: 'You can only delete your own home visits',
  listOwn: 'Teachers can only list their own home visits',
  reviewedLocked: 'This home visit has been reviewed and can no longer be changed',
  alreadyReviewed: 'This home visit has already been reviewed',
  onlyAdminsReview: 'Only administrators can review home visits',
  rejectReason: 'Please provide a reason for rejection',
  reviewNotesTooLong: `Review notes must be at most ${L.reviewNotesMaxLength} characters`,
  notVerified: 'Location not verified',
  captureFailed: 'Failed to capture location. Please enable location services.',
  captured: 'Location captured successfully!',
  created: 'Home visit recorded successfully!',
  updated: 'Home visit updated successfully!',
  deleted: 'Home visit deleted successfully',
  approved: 'Home visit approved successfully',
  rejected: 'Home visit rejected',
  createFailed: 'Failed to record home visit',
  updateFailed: 'Failed to update home visit',
  deleteFailed: 'Failed to delete home visit',
  approveFailed: 'Failed to approve home visit',
  rejectFailed: 'Failed to reject home visit',
  deleteConfirm:
    'Are you sure you want to delete this home visit? An administrator can restore it from the Deleted Records page.',
  thresholdUpdated: 'Distance threshold updated successfully',
  thresholdFailed: 'Failed to update distance threshold',
  thresholdRange: `Distance must be a whole number of metres between ${DISTANCE_THRESHOLD.min} and ${DISTANCE_THRESHOLD.max}`,
  onlyAdminsThreshold: 'Only administrators can change the distance threshold',
} as const;

const M = HOME_VISIT_MESSAGES;

/**
 * The page's note when the GPS fix is coarser than the threshold: the place cannot be proved, so the
 * server does not approve the visit by itself.
 */
export const coarseFixMessage = (accuracy: number, threshold: number) =>
  `Your location is accurate only to ±${Math.round(accuracy)} m, more than the ${threshold} m range: ` +
  'an administrator will review this visit.';

/** A fix is too coarse to prove the place when its radius is larger than the threshold. */
export const isCoarseFix = (accuracy: number | null | undefined, threshold: number) =>
  accuracy !== null && accuracy !== undefined && accuracy > threshold;

/**
 * Spec part 2 §2.2: metres when under 1000, otherwise kilometres with one decimal, or 'Location not
 * verified' when there is no distance.
 */
export function distanceText(distance: number | null | undefined): string {
  if (distance === null || distance === undefined) return M.notVerified;
  return metresText(distance);
}

/** Spec part 2 §2.2: a Location Warning when the distance is over 50. */
export const hasLocationWarning = (distance: number | null | undefined) =>
  distance !== null && distance !== undefined && distance > L.locationWarningMeters;

const visitDate = z
  .string({ message: M.dateRequired })
  .trim()
  .min(1, { message: M.dateRequired })
  .refine(isIsoDate, { message: M.dateInvalid });

/**
 * PATCH sends `visitDate` as ISO (spec part 2 §7): a date, or a date-time that the server reads as a
 * day in the organisation's time zone.
 */
const isoVisitDate = z
  .string({ message: M.dateRequired })
  .trim()
  .min(1, { message: M.dateRequired })
  .refine((v) => isIsoDate(v) || z.iso.datetime({ offset: true }).safeParse(v).success, {
    message: M.dateInvalid,
  });

const duration = z
  .number({ message: M.durationInvalid })
  .int({ message: M.durationInvalid })
  .min(L.minDuration, { message: M.durationInvalid })
  .max(L.maxDuration, { message: M.durationMax });

const notes = z
  .string({ message: 'Notes must be text' })
  .trim()
  .max(L.notesMaxLength, { message: M.notesTooLong })
  .refine((v) => isPlainText(v, true), { message: notAllowedCharacters('Notes') })
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

const locationName = z
  .string({ message: 'Location name must be text' })
  .trim()
  .max(L.locationNameMaxLength, { message: M.locationNameTooLong })
  .refine((v) => isPlainText(v), { message: notAllowedCharacters('Location name') })
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

const photos = photoEntriesField({ max: L.maxFiles, invalid: M.fileInvalid, tooMany: M.tooManyFiles });

const location = {
  latitude: latitudeField.nullable().optional(),
  longitude: longitudeField.nullable().optional(),
  locationName,
  accuracy: accuracyField
    .nullable()
    .optional()
    .describe('The radius of the GPS fix in metres (the browser’s coords.accuracy), when known'),
};

const bothOrNeither = (v: { latitude?: number | null; longitude?: number | null }) =>
  (v.latitude === undefined || v.latitude === null) === (v.longitude === undefined || v.longitude === null);

// POST /api/home-visits
export const createHomeVisitBodySchema = z
  .strictObject({
    studentId: z.uuid({ message: M.studentRequired }),
    date: visitDate,
    duration: duration.default(L.defaultDuration),
    notes,
    photos: photos
      .default([])
      .describe('File ids or links answered by POST /api/file-upload/home-visit (`url` or `id`)'),
    ...location,
    recordedAt: z
      .string({ message: M.recordedAtInvalid })
      .max(40, { message: M.recordedAtInvalid })
      .refine((v) => !Number.isNaN(Date.parse(v)), { message: M.recordedAtInvalid })
      .optional()
      .describe(
        'When the visit was recorded on the phone (ISO date-time): a visit recorded offline and sent later ' +
          'keeps this time. Refused in the future or older than OFFLINE_MAX_AGE_DAYS (7 days by default).',
      ),
    teacherId: z
      .uuid({ message: 'teacherId must be a valid identifier' })
      .optional()
      .describe('Ignored: the teacher of a new visit is always the signed-in teacher'),
    status: z
      .unknown()
      .optional()
      .describe('Ignored: the server decides the status from the distance to the home'),
  })
  .refine(bothOrNeither, { message: M.locationPair, path: ['longitude'] });
export type CreateHomeVisitBody = z.input<typeof createHomeVisitBodySchema>;

// PATCH /api/home-visits/{id}
export const updateHomeVisitBodySchema = z
  .strictObject({
    visitDate: isoVisitDate.optional(),
    duration: duration.optional(),
    notes,
    photos: photos.optional().describe('The full new list: kept files (their links or ids) and new uploads'),
    ...location,
    status: z.unknown().optional().describe('Ignored: the server decides the status'),
    updatedAt: editedVersionField,
  })
  .refine(bothOrNeither, { message: M.locationPair, path: ['longitude'] });
export type UpdateHomeVisitBody = z.input<typeof updateHomeVisitBodySchema>;

const reviewNotes = z
  .string({ message: 'Review notes must be text' })
  .trim()
  .max(L.reviewNotesMaxLength, { message: M.reviewNotesTooLong })
  .refine((v) => isPlainText(v, true), { message: notAllowedCharacters('Review notes') });

/** The visit's updatedAt as the reviewer saw it: a visit edited since answers 409 (decision 0027). */
const reviewedVersionField = editedVersionField.describe(
  'The visit’s updatedAt as the reviewer saw it: the review answers 409 if the teacher changed it since',
);

// PATCH /api/home-visits/{id}/approve
export const approveHomeVisitBodySchema = z
  .strictObject({
    reviewNotes: reviewNotes
      .transform((v) => (v === '' ? null : v))
      .nullable()
      .optional(),
    updatedAt: reviewedVersionField,
  })
  .nullish()
  .describe('May be left out altogether');

// PATCH /api/home-visits/{id}/reject
export const rejectHomeVisitBodySchema = z.strictObject({
  reviewNotes: z
    .string({ message: M.rejectReason })
    .pipe(reviewNotes)
    .refine((v) => v.length > 0, { message: M.rejectReason }),
  updatedAt: reviewedVersionField,
});

const filterFields = {
  date: dateQueryField.optional().describe('Only visits on this day'),
  year: yearQueryField.optional().describe('Only visits in this year'),
  month: monthQueryField
    .optional()
    .describe('Only visits in this month (of `year` when given, else of any year)'),
  location: z
    .enum(LOCATION_FILTERS, { message: 'location must be all, warnings or normal' })
    .optional()
    .describe('warnings: farther than 50 m from home; normal: verified and within 50 m'),
  search: searchQueryField.describe('Text in the student’s or the teacher’s name'),
};

// GET /api/home-visits
export const homeVisitListQuerySchema = z.strictObject({
  ...filterFields,
  teacherId: z
    .uuid({ message: 'teacherId must be a valid identifier' })
    .optional()
    .describe('Only visits recorded by this teacher (teachers: their own id only)'),
  studentId: z.uuid({ message: 'studentId must be a valid identifier' }).optional(),
  status: z.enum(HOME_VISIT_STATUSES, { message: 'status must be PENDING, APPROVED or REJECTED' }).optional(),
  ...pageQueryFields,
  ...keysetQueryFields,
});
export type HomeVisitListQuery = z.infer<typeof homeVisitListQuerySchema>;

// GET /api/home-visits/pending/review
export const homeVisitReviewQuerySchema = z.strictObject({
  ...filterFields,
  ...pageQueryFields,
  ...keysetQueryFields,
});
export type HomeVisitReviewQuery = z.infer<typeof homeVisitReviewQuerySchema>;

export const homeVisitFileSchema = z.object({
  url: z.string().describe('Signed, expiring link'),
  name: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
});
export type HomeVisitFile = z.infer<typeof homeVisitFileSchema>;

export const homeVisitSchema = z.object({
  id: z.string(),
  studentId: z.string(),
  teacherId: z.string(),
  teacher: personRefSchema,
  student: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    age: z.number().int(),
    category: studentCategorySchema,
    address: z.string().nullable(),
    homeLatitude: z.number().nullable(),
    homeLongitude: z.number().nullable(),
    homeLocationName: z.string().nullable(),
  }),
  visitDate: z.string(),
  duration: z.number().int(),
  notes: z.string().nullable(),
  /** Signed, expiring links of the files, in the order they were given. */
  photos: z.array(z.string()),
  /** The same files with their names and types (images are shown inline, documents linked). */
  files: z.array(homeVisitFileSchema),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  locationName: z.string().nullable(),
  /** The radius of the GPS fix in metres, when the device gave one. */
  locationAccuracy: z.number().nullable(),
  status: z.enum(HOME_VISIT_STATUSES),
  isWithinRange: z.boolean().nullable(),
  distanceFromHome: z.number().nullable(),
  reviewNotes: z.string().nullable(),
  reviewedBy: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  reviewedAt: z.string().nullable(),
  /** When the teacher recorded it on the phone; createdAt is when it reached the server. */
  recordedAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type HomeVisit = z.infer<typeof homeVisitSchema>;

/** GET /api/home-visits/years: the years in which the actor's visible visits fall, newest first. */
export const homeVisitYearsSchema = z.array(z.number().int());

/** POST /api/file-upload/home-visit: `url` to show and to put into a visit's `photos` (or `id`). */
export const homeVisitUploadResponseSchema = homeVisitFileSchema.extend({
  id: z.string().describe('The stored file id'),
});
export type HomeVisitUploadResponse = z.infer<typeof homeVisitUploadResponseSchema>;

// GET /api/settings, PATCH /api/settings/home-visit-distance
export const settingsSchema = z.object({ homeVisitDistanceThreshold: z.number().int() });
export type Settings = z.infer<typeof settingsSchema>;

export const updateHomeVisitDistanceBodySchema = z.strictObject({
  distanceMeters: z
    .number({ message: M.thresholdRange })
    .int({ message: M.thresholdRange })
    .min(DISTANCE_THRESHOLD.min, { message: M.thresholdRange })
    .max(DISTANCE_THRESHOLD.max, { message: M.thresholdRange }),
});

import { z } from 'zod';
import { editedVersionField, isPlainText, notAllowedCharacters, searchQueryField } from './common.ts';
import { isIsoDate } from './dates.ts';
import { PHOTO_MAX_BYTES, photoEntriesField } from './files.ts';
import { keysetQueryFields, pageQueryFields } from './paging.ts';
import { personRefSchema } from './students.ts';

/** Spec part 1 §5 and §9: duration in minutes (default 120); 8 activities per list page. */
export const ACTIVITY_LIMITS = {
  defaultDuration: 120,
  minDuration: 1,
  /** A day; the spec sets no ceiling, the column is an integer. */
  maxDuration: 1440,
  titleMaxLength: 200,
  descriptionMaxLength: 5000,
  maxPhotos: 10,
  photoMaxBytes: PHOTO_MAX_BYTES,
  pageSize: 8,
} as const;

/** POST /api/file-upload/activities: the multipart field of the photo (one file per request). */
export const ACTIVITY_PHOTO_FIELD = 'files';

export const ACTIVITY_MESSAGES = {
  notFound: 'Activity not found.',
  studentNotFound: 'Student not found',
  titleRequired: 'Please enter an activity title',
  titleTooLong: `Activity title must be at most ${ACTIVITY_LIMITS.titleMaxLength} characters`,
  studentRequired: 'Please select a student',
  dateRequired: 'Please select an activity date',
  dateInvalid: 'Activity date must be a date (YYYY-MM-DD)',
  dateInFuture: 'Activity date cannot be in the future',
  durationWhole: 'Duration must be a whole number of minutes',
  durationMin: 'Duration must be at least 1 minute',
  durationMax: `Duration must be at most ${ACTIVITY_LIMITS.maxDuration} minutes`,
  descriptionTooLong: `Description must be at most ${ACTIVITY_LIMITS.descriptionMaxLength} characters`,
  photoInvalid: 'Photos must be images uploaded through the activity photo upload',
  photoInUse: 'A photo is already attached to another activity',
  tooManyPhotos: `An activity can have at most ${ACTIVITY_LIMITS.maxPhotos} photos`,
  studentFixed: 'Student cannot be changed after activity creation',
  onlyTeachersRecord: 'Only teachers can record activities',
  editOwn: 'You can only edit your own activities',
  deleteOwn: 'You can only delete your own activities',
  listOwn: 'Teachers can only list their own activities',
  created: 'Activity created successfully!',
  updated: 'Activity updated successfully!',
  deleted: 'Activity deleted successfully',
} as const;

const M = ACTIVITY_MESSAGES;

const title = z
  .string({ message: M.titleRequired })
  .trim()
  .min(1, { message: M.titleRequired })
  .max(ACTIVITY_LIMITS.titleMaxLength, { message: M.titleTooLong })
  .refine((v) => isPlainText(v), { message: notAllowedCharacters('Title') });

const activityDate = z
  .string({ message: M.dateRequired })
  .trim()
  .min(1, { message: M.dateRequired })
  .refine(isIsoDate, { message: M.dateInvalid });

const duration = z
  .number({ message: M.durationWhole })
  .min(ACTIVITY_LIMITS.minDuration, { message: M.durationMin })
  .max(ACTIVITY_LIMITS.maxDuration, { message: M.durationMax })
  .int({ message: M.durationWhole });

/** Empty text clears the description. */
const description = z
  .string({ message: 'Description must be text' })
  .trim()
  .max(ACTIVITY_LIMITS.descriptionMaxLength, { message: M.descriptionTooLong })
  .refine((v) => isPlainText(v, true), { message: notAllowedCharacters('Description') })
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

const photos = photoEntriesField({
  max: ACTIVITY_LIMITS.maxPhotos,
  invalid: M.photoInvalid,
  tooMany: M.tooManyPhotos,
}).describe('File ids or links answered by POST /api/file-upload/activities (files[0] of each answer)');

// POST /api/activities
export const createActivityBodySchema = z.strictObject({
  title,
  studentId: z.uuid({ message: M.studentRequired }),
  date: activityDate,
  duration: duration.default(ACTIVITY_LIMITS.defaultDuration),
  description,
  photos: photos.default([]),
  teacherId: z
    .uuid({ message: 'teacherId must be a valid identifier' })
    .optional()
    .describe('Ignored: the teacher of a new activity is always the signed-in teacher'),
});
export type CreateActivityBody = z.input<typeof createActivityBodySchema>;

// PATCH /api/activities/{id}
export const updateActivityBodySchema = z.strictObject({
  title: title.optional(),
  date: activityDate.optional(),
  duration: duration.optional(),
  description,
  photos: photos.optional().describe('The full new list: kept photos (their links or ids) and new uploads'),
  studentId: z
    .unknown()
    .refine(() => false, { message: M.studentFixed })
    .optional()
    .describe('Refused: the student of an activity never changes'),
  updatedAt: editedVersionField,
});
export type UpdateActivityBody = z.input<typeof updateActivityBodySchema>;

// GET /api/activities
export const activityListQuerySchema = z.strictObject({
  date: z
    .string()
    .refine(isIsoDate, { message: 'date must be a date (YYYY-MM-DD)' })
    .optional()
    .describe('Only activities on this day'),
  teacherId: z
    .uuid({ message: 'teacherId must be a valid identifier' })
    .optional()
    .describe('Only activities recorded by this teacher (teachers: their own id only)'),
  search: searchQueryField.describe('Text in the title, the description or the student’s name'),
  ...pageQueryFields,
  ...keysetQueryFields,
});
export type ActivityListQuery = z.infer<typeof activityListQuerySchema>;

export const activityStudentSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  age: z.number().int(),
});

export const activitySchema = z.object({
  id: z.string(),
  title: z.string(),
  date: z.string(),
  duration: z.number().int(),
  description: z.string().nullable(),
  /** Signed, expiring links of the photos, in the order they were given. */
  photos: z.array(z.string()),
  /** The first photo's link, or null. */
  photoUrl: z.string().nullable(),
  student: activityStudentSchema,
  teacher: personRefSchema,
  studentId: z.string(),
  teacherId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;

/** POST /api/file-upload/activities: files[0] is the entry a client puts into `photos`. */
export const activityPhotoUploadResponseSchema = z.object({
  files: z.array(z.string()).describe('The signed link of the stored photo (one per request)'),
});
export type ActivityPhotoUploadResponse = z.infer<typeof activityPhotoUploadResponseSchema>;

import { z } from 'zod';
import {
  editedVersionField,
  isPlainText,
  notAllowedCharacters,
  searchQueryField,
  studentCategorySchema,
} from './common.ts';
import { isIsoDate } from './dates.ts';
import {
  dateQueryField,
  monthQueryField,
  keysetQueryFields,
  pageQueryFields,
  yearQueryField,
} from './paging.ts';
import { personRefSchema } from './students.ts';

/** Spec part 2 §5 and §9: gifts. */
export const GIFT_LIMITS = {
  pageSize: 12,
  /** The evidence photo of a delivery. */
  evidenceMaxBytes: 5 * 1024 * 1024,
  /** Rows of one bulk assignment. */
  bulkMaxRows: 500,
  /** The largest amount a gift can carry (numeric(12, 2)). */
  maxAmount: 9_999_999_999.99,
  codeMaxLength: 100,
  nameMaxLength: 200,
  descriptionMaxLength: 2000,
  notesMaxLength: 2000,
} as const;

/** Spec part 2 §3: a gift's status; IN_PROGRESS is offered by the bulk form only. */
export const GIFT_STATUSES = ['IN_PROGRESS', 'PENDING', 'DELIVERED', 'CANCELLED'] as const;
export type GiftStatus = (typeof GIFT_STATUSES)[number];
export const giftStatusSchema = z.enum(GIFT_STATUSES, {
  message: 'Gift status must be IN_PROGRESS, PENDING, DELIVERED or CANCELLED',
});

export const GIFT_STATUS_LABELS: Record<GiftStatus, string> = {
  IN_PROGRESS: 'In Progress',
  PENDING: 'Pending',
  DELIVERED: 'Delivered',
  CANCELLED: 'Cancelled',
};

/** Gifts still waiting for a teacher: they can be delivered or cancelled (spec §4). */
export const OPEN_GIFT_STATUSES = ['IN_PROGRESS', 'PENDING'] as const satisfies readonly GiftStatus[];
export const isOpenGift = (status: GiftStatus) => (OPEN_GIFT_STATUSES as readonly string[]).includes(status);

/** The multipart field of PATCH /api/gifts/{id}/deliver-with-evidence. */
export const GIFT_EVIDENCE_FIELD = 'evidenceImage';
/** Evidence photos: JPEG, PNG or WebP, recognised by their bytes on the server. */
export const GIFT_EVIDENCE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const GIFT_EVIDENCE_ACCEPT = GIFT_EVIDENCE_MIME_TYPES.join(',');

const L = GIFT_LIMITS;

export const GIFT_MESSAGES = {
  notFound: 'Gift not found.',
  studentRequired: 'Please select a student',
  studentNotFound: 'Student not found',
  nameOrSubType: 'Please provide either gift name or gift sub-type',
  evidenceTooLarge: 'Image size should be less than 5MB',
  evidenceNotImage: 'Please select a valid image file',
  notOpen: 'This gift has already been delivered or cancelled',
  giftIdTaken: 'A gift with this gift ID already exists',
  onlyAdmins: 'Only administrators can do this',
  listOwn: 'Teachers can only list gifts of their own students',
  completeRow: 'Please fill in at least one complete row',
  bulkInvalid: 'Some rows could not be assigned: nothing was saved',
  bulkTooMany: `A bulk assignment can hold at most ${L.bulkMaxRows} rows`,
  rowStudentUnknown: 'No student has this student ID',
  rowStudentRequired: 'Student ID is required',
  rowGiftIdRequired: 'Gift ID is required',
  rowGiftIdDuplicate: 'This gift ID appears more than once in the list',
  rowGiftIdTaken: 'A gift with this gift ID already exists',
  rowAmountNegative: 'Gift amount cannot be below 0',
  rowAmountInvalid: `Gift amount must be a number from 0 to ${L.maxAmount} with at most 2 decimals`,
  rowDateInvalid: 'Gift date must be a date (YYYY-MM-DD)',
  waiting: 'Waiting for Teacher Action',
  noTeacher: 'No teacher assigned',
  empty: 'No gifts found',
  statusUpdated: 'Gift status updated successfully!',
  statusFailed: 'Failed to update gift status',
  deleted: 'Gift deleted successfully!',
  deleteFailed: 'Failed to delete gift',
  updated: 'Gift updated successfully!',
  updateFailed: 'Failed to update gift',
  assigned: 'Gifts assigned successfully!',
  assignFailed: 'Failed to assign gifts',
  deleteConfirm: 'Are you sure you want to delete this gift?',
} as const;

const M = GIFT_MESSAGES;

const text = (label: string, max: number, multiLine = false) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters` })
    .refine((v) => isPlainText(v, multiLine), { message: notAllowedCharacters(label) })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

const amount = z
  .number({ message: M.rowAmountInvalid })
  .min(0, { message: M.rowAmountNegative })
  .max(L.maxAmount, { message: M.rowAmountInvalid })
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { message: M.rowAmountInvalid });

// POST /api/gifts/bulk-assign: one row of the table
export const bulkGiftRowSchema = z.strictObject({
  studentId: z
    .string({ message: M.rowStudentRequired })
    .trim()
    .min(1, { message: M.rowStudentRequired })
    .max(50, { message: M.rowStudentUnknown })
    .describe('The student ID the programme gives a child (as on the student page), not the record id'),
  giftId: z
    .string({ message: M.rowGiftIdRequired })
    .trim()
    .min(1, { message: M.rowGiftIdRequired })
    .max(L.codeMaxLength, { message: `Gift ID must be at most ${L.codeMaxLength} characters` })
    .refine((v) => isPlainText(v), { message: notAllowedCharacters('Gift ID') }),
  globalSponsorId: text('Global sponsor ID', L.codeMaxLength),
  giftSubType: text('Gift sub type', L.nameMaxLength),
  giftDate: z
    .string({ message: M.rowDateInvalid })
    .trim()
    .refine((v) => v === '' || isIsoDate(v), { message: M.rowDateInvalid })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional()
    .describe('Default: today (the organisation’s day)'),
  giftStatus: giftStatusSchema.default('PENDING'),
  giftAmount: amount.nullable().optional(),
});
export type BulkGiftRow = z.input<typeof bulkGiftRowSchema>;

export const bulkAssignGiftsBodySchema = z.strictObject({
  gifts: z
    .array(bulkGiftRowSchema, { message: 'gifts must be a list of rows' })
    .min(1, { message: M.completeRow })
    .max(L.bulkMaxRows, { message: M.bulkTooMany }),
});
export type BulkAssignGiftsBody = z.input<typeof bulkAssignGiftsBodySchema>;

/** One refused row of a bulk assignment (`row` counts from 1 in the order sent). */
export const bulkGiftRowErrorSchema = z.object({
  row: z.number().int(),
  field: z.string(),
  message: z.string(),
});
export type BulkGiftRowError = z.infer<typeof bulkGiftRowErrorSchema>;

/** 400 of a bulk assignment: nothing stored, and why for each refused row. */
export const bulkGiftErrorSchema = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  errors: z.array(bulkGiftRowErrorSchema),
});

export const bulkAssignGiftsResponseSchema = z.object({
  message: z.string(),
  count: z.number().int(),
  ids: z.array(z.string()),
});

/** The spec's bulk rule: a row is sent when it has a student ID, a gift ID and an amount above 0. */
export const isCompleteBulkRow = (row: { studentId: string; giftId: string; giftAmount: number | null }) =>
  row.studentId.trim() !== '' && row.giftId.trim() !== '' && row.giftAmount !== null && row.giftAmount > 0;

// PATCH /api/gifts/{id}
export const updateGiftBodySchema = z
  .strictObject({
    giftId: text('Gift ID', L.codeMaxLength),
    name: text('Gift name', L.nameMaxLength),
    giftSubType: text('Gift sub-type', L.nameMaxLength),
    description: text('Description', L.descriptionMaxLength, true),
    notes: text('Notes', L.notesMaxLength, true),
    studentId: z.uuid({ message: M.studentRequired }).optional(),
    updatedAt: editedVersionField,
  })
  .describe('Fields left out stay as they are; empty text clears a field');
export type UpdateGiftBody = z.input<typeof updateGiftBodySchema>;

// PATCH /api/gifts/{id}/deliver-with-evidence and /cancel: their bodies are a file or nothing, so the
// version seen (decision 0027) comes in the query.
export const giftStatusChangeQuerySchema = z.strictObject({
  updatedAt: editedVersionField.describe(
    'The gift’s updatedAt as seen: the change answers 409 if the gift was edited since',
  ),
});

/** The edit form: a student, and a name or a sub-type. */
export const giftFormSchema = z
  .object({
    giftId: z.string(),
    studentId: z.string().min(1, { message: M.studentRequired }),
    name: z.string(),
    giftSubType: z.string(),
    description: z.string(),
    notes: z.string(),
  })
  .refine((v) => v.name.trim() !== '' || v.giftSubType.trim() !== '', {
    message: M.nameOrSubType,
    path: ['name'],
  });
export type GiftFormValues = z.infer<typeof giftFormSchema>;

// GET /api/gifts
export const giftListQuerySchema = z.strictObject({
  search: searchQueryField.describe('Text in the gift’s name, sub-type, gift ID, student or teacher'),
  year: yearQueryField.optional().describe('Gifts dated in this year'),
  month: monthQueryField.optional().describe('Gifts dated in this month (of `year` when given)'),
  date: dateQueryField.optional().describe('Gifts dated on this day'),
  status: giftStatusSchema.optional(),
  student: z.uuid({ message: 'student must be a valid identifier' }).optional().describe('A student’s id'),
  studentId: z
    .uuid({ message: 'studentId must be a valid identifier' })
    .optional()
    .describe('Same as student'),
  teacherId: z
    .uuid({ message: 'teacherId must be a valid identifier' })
    .optional()
    .describe('Gifts of the students assigned to this teacher (teachers: their own id only)'),
  ...pageQueryFields,
  ...keysetQueryFields,
});
export type GiftListQuery = z.infer<typeof giftListQuerySchema>;

export const giftSchema = z.object({
  id: z.string(),
  giftId: z.string().nullable(),
  globalSponsorId: z.string().nullable(),
  name: z.string().nullable(),
  giftSubType: z.string().nullable(),
  description: z.string().nullable(),
  notes: z.string().nullable(),
  amount: z.number().nullable(),
  /** The gift's date (the bulk row's giftDate): what the year, month and date filters look at. */
  giftDate: z.string(),
  studentId: z.string(),
  student: z.object({
    id: z.string(),
    studentId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    category: studentCategorySchema,
    assignedTeacher: personRefSchema.nullable(),
  }),
  status: giftStatusSchema,
  assignedAt: z.string(),
  deliveredAt: z.string().nullable(),
  /** The teacher or administrator who confirmed the delivery. */
  deliveredBy: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  cancelledAt: z.string().nullable(),
  cancelledBy: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  /** Signed, expiring link to the evidence photo. */
  evidenceImage: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Gift = z.infer<typeof giftSchema>;

/** The card's title: the sub-type, else the name. */
export const giftTitle = (g: Pick<Gift, 'giftSubType' | 'name'>) => g.giftSubType || g.name || 'Gift';

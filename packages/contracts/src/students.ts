import { z } from 'zod';
import {
  editedVersionField,
  EMAIL_PATTERN,
  LIMITS,
  optionalText,
  requiredText,
  searchQueryField,
  studentCategorySchema,
  type StudentCategory,
} from './common.ts';
import { isIsoDate } from './dates.ts';
import { pageQueryFields } from './paging.ts';

// The categories' names as shown (constants.ts: no zod, for pages that only show them).
export { CATEGORY_LABELS } from './constants.ts';

export const STUDENT_LIMITS = {
  minAge: 0,
  maxAge: 18,
  minMotherAge: 15,
  maxMotherAge: 50,
  minPregnancyMonths: 1,
  maxPregnancyMonths: 9,
  defaultFormAge: 2,
  homeVisitRangeMeters: 50,
  recentActivityCount: 3,
} as const;

/**
 * The category a student's age calls for, moving only forward: a baby becomes HOME_BASE at 1 and a
 * child CENTER_BASE at 3. A pregnant mother is never moved. Returns the category to store.
 */
export function categoryForAge(category: StudentCategory, age: number, isPregnant: boolean): StudentCategory {
  if (isPregnant) return category;
  if (age >= 3 && category !== 'CENTER_BASE') return 'CENTER_BASE';
  if (age >= 1 && category === 'SURVIVAL_PROGRAM') return 'HOME_BASE';
  return category;
}

const isoDate = (required: string, invalid = 'must be a date (YYYY-MM-DD)') =>
  z
    .string({ message: required })
    .trim()
    .min(1, { message: required })
    .refine(isIsoDate, { message: `${required.replace(/ is required$/, '')} ${invalid}` });

const optionalDate = (label: string) =>
  z
    .string({ message: `${label} must be a date` })
    .trim()
    .refine((v) => v === '' || isIsoDate(v), { message: `${label} must be a date (YYYY-MM-DD)` })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

const coordinate = (label: string, min: number, max: number) =>
  z
    .number({ message: `${label} must be a number` })
    .min(min, { message: `${label} must be between ${min} and ${max}` })
    .max(max, { message: `${label} must be between ${min} and ${max}` })
    .nullable()
    .optional();

/** A child's sex, optional (growth monitoring needs it for z-scores). */
export const SEXES = ['MALE', 'FEMALE'] as const;

/** Fields shared by create and update; presence rules differ. */
const MOTHER_AGE_RANGE = "Mother's age must be between 15 and 50";

const studentFields = {
  studentId: requiredText('Student ID is required', 50),
  firstName: requiredText('First name is required'),
  lastName: requiredText('Last name is required'),
  dateOfBirth: isoDate('Date of birth is required'),
  /** Sent by the web form but always derived from dateOfBirth by the server. */
  age: z.number().int().min(0).max(200).optional(),
  category: studentCategorySchema,
  parentName: optionalText('Parent name', LIMITS.nameMaxLength * 2),
  parentPhone: optionalText('Parent phone', LIMITS.phoneMaxLength),
  parentEmail: z
    .string({ message: 'Please enter a valid email address' })
    .trim()
    .max(LIMITS.emailMaxLength, { message: 'Please enter a valid email address' })
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), { message: 'Please enter a valid email address' })
    .transform((v) => (v === '' ? null : v.toLowerCase()))
    .nullable()
    .optional(),
  address: optionalText('Address', 500, { multiLine: true }),
  medicalInfo: optionalText('Medical information', 2000, { multiLine: true }),
  assignedTeacherId: z.uuid({ message: 'Assigned teacher is not valid' }).nullable().optional(),
  isActive: z.boolean({ message: 'isActive must be true or false' }).optional(),
  isPregnant: z.boolean({ message: 'isPregnant must be true or false' }).optional(),
  motherAge: z
    .number({ message: "Mother's age must be a number" })
    .int({ message: "Mother's age must be a whole number" })
    .min(STUDENT_LIMITS.minMotherAge, { message: MOTHER_AGE_RANGE })
    .max(STUDENT_LIMITS.maxMotherAge, { message: MOTHER_AGE_RANGE })
    .nullable()
    .optional(),
  pregnancyMonths: z
    .number({ message: 'Pregnancy months must be a number' })
    .int({ message: 'Pregnancy months must be a whole number' })
    .min(1, { message: 'Pregnancy months must be between 1 and 9' })
    .max(9, { message: 'Pregnancy months must be between 1 and 9' })
    .nullable()
    .optional(),
  expectedDueDate: optionalDate('Expected due date'),
  actualBirthDate: optionalDate('Birth date'),
  isBabyBorn: z.boolean({ message: 'isBabyBorn must be true or false' }).optional(),
  homeLatitude: coordinate('Latitude', -90, 90),
  homeLongitude: coordinate('Longitude', -180, 180),
  homeLocationName: optionalText('Home location name', 200),
  sex: z.enum(SEXES, { message: 'Sex must be MALE or FEMALE' }).nullable().optional(),
};

type PregnancyInput = {
  category?: StudentCategory;
  isPregnant?: boolean;
  age?: number;
  motherAge?: number | null;
  pregnancyMonths?: number | null;
};

/**
 * A client built from the spec sends a pregnant mother's age in `age` (spec part 1 §3 has no other
 * field for it); `motherAge` is an alias that wins when both are sent (the web sends the derived age of
 * the record in `age` and the mother's in `motherAge`).
 */
const mothersAge = (v: PregnancyInput) => v.motherAge ?? v.age;

function checkPregnancy(v: PregnancyInput, ctx: z.RefinementCtx) {
  if (!v.isPregnant) return;
  if (v.category !== undefined && v.category !== 'SURVIVAL_PROGRAM') {
    ctx.addIssue({
      code: 'custom',
      path: ['isPregnant'],
      message: 'Only Survival Program students can be pregnant',
    });
  }
  const age = mothersAge(v);
  if (age === undefined || age === null) {
    ctx.addIssue({ code: 'custom', path: ['motherAge'], message: "Mother's age is required" });
  } else if (
    (v.motherAge === undefined || v.motherAge === null) &&
    (age < STUDENT_LIMITS.minMotherAge || age > STUDENT_LIMITS.maxMotherAge)
  ) {
    ctx.addIssue({ code: 'custom', path: ['age'], message: MOTHER_AGE_RANGE });
  }
  if (v.pregnancyMonths === undefined || v.pregnancyMonths === null) {
    ctx.addIssue({ code: 'custom', path: ['pregnancyMonths'], message: 'Pregnancy months are required' });
  }
}

/** A pregnant mother's age sent in `age` is stored as her age. */
function withMothersAge<T extends PregnancyInput>(v: T): T {
  return v.isPregnant && (v.motherAge === undefined || v.motherAge === null) && v.age !== undefined
    ? { ...v, motherAge: v.age }
    : v;
}

export const createStudentBodySchema = z
  .strictObject(studentFields)
  .superRefine(checkPregnancy)
  .transform(withMothersAge);
export type CreateStudentBody = z.input<typeof createStudentBodySchema>;

export const updateStudentBodySchema = z
  .strictObject({ ...studentFields, updatedAt: editedVersionField })
  .partial()
  .superRefine((v, ctx) => {
    // On update the pregnancy fields are checked only when the body turns pregnancy on.
    if (v.isPregnant) checkPregnancy({ ...v, category: v.category }, ctx);
  })
  .transform(withMothersAge);
export type UpdateStudentBody = z.input<typeof updateStudentBodySchema>;

export const personRefSchema = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });

export const studentHomeVisitSummarySchema = z.object({
  id: z.string(),
  visitDate: z.string(),
  status: z.enum(['PENDING', 'APPROVED', 'REJECTED']),
});

export const studentSchema = z.object({
  id: z.string(),
  studentId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string(),
  age: z.number().int(),
  category: studentCategorySchema,
  parentName: z.string().nullable(),
  parentPhone: z.string().nullable(),
  parentEmail: z.string().nullable(),
  address: z.string().nullable(),
  medicalInfo: z.string().nullable(),
  assignedTeacherId: z.string().nullable(),
  assignedTeacher: personRefSchema.nullable(),
  isActive: z.boolean(),
  isPregnant: z.boolean(),
  motherAge: z.number().int().nullable(),
  pregnancyMonths: z.number().int().nullable(),
  expectedDueDate: z.string().nullable(),
  actualBirthDate: z.string().nullable(),
  isBabyBorn: z.boolean(),
  homeLatitude: z.number().nullable(),
  homeLongitude: z.number().nullable(),
  homeLocationName: z.string().nullable(),
  /** Always sent (null when unknown); optional in the type only so older fixtures still compile. */
  sex: z.enum(SEXES).nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** In lists: the latest visit only; in the detail: all visits, newest first. */
  homeVisits: z.array(studentHomeVisitSummarySchema),
});
export type Student = z.infer<typeof studentSchema>;

export const studentActivitySummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  date: z.string(),
  duration: z.number().int(),
  description: z.string().nullable(),
  teacher: personRefSchema.nullable(),
});
export const studentMeasurementSummarySchema = z.object({
  id: z.string(),
  height: z.number(),
  weight: z.number(),
  date: z.string(),
  notes: z.string().nullable(),
});

export const studentDetailSchema = studentSchema.extend({
  activities: z.array(studentActivitySummarySchema),
  measurements: z.array(studentMeasurementSummarySchema),
});
export type StudentDetail = z.infer<typeof studentDetailSchema>;

export const studentListQuerySchema = z.strictObject({
  search: searchQueryField,
  teacherId: z.uuid({ message: 'teacherId must be a valid identifier' }).optional(),
  category: studentCategorySchema.optional(),
  ...pageQueryFields,
});
export type StudentListQuery = z.infer<typeof studentListQuerySchema>;

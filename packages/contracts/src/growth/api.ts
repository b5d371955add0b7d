import { z } from 'zod';
import { searchQueryField } from '../common.ts';
import { pageQueryFields } from '../paging.ts';
import { personRefSchema } from '../students.ts';
import { AT_RISK_CONDITIONS, GROWTH_CLASSIFICATIONS, GROWTH_FLAGS } from './codes.ts';

/**
 * Growth monitoring as the API answers it (issue 12): the `growth` of every measurement, a student's
 * series for the charts, and the children at risk.
 */

export const growthSchema = z.object({
  /** Age in days on the measurement's date; null without a date of birth (or before birth). */
  ageDays: z.number().int().nullable(),
  /** Weight-for-age, length/height-for-age, weight-for-length/height and BMI-for-age z-scores. */
  waz: z.number().nullable(),
  haz: z.number().nullable(),
  whz: z.number().nullable(),
  baz: z.number().nullable(),
  /** Why a score is missing, or that one is implausible (a flag, never a clamp). */
  flags: z.array(z.enum(GROWTH_FLAGS)),
  classifications: z.array(z.enum(GROWTH_CLASSIFICATIONS)),
});
export type GrowthDto = z.infer<typeof growthSchema>;

// GET /api/measurements/at-risk: always a page (default 10) with X-Total-Count.
export const atRiskQuerySchema = z.strictObject({
  condition: z
    .enum(AT_RISK_CONDITIONS, { message: `condition must be one of ${AT_RISK_CONDITIONS.join(', ')}` })
    .optional()
    .describe('Only children with this condition (moderate or severe); falling = weight-for-age dropping'),
  teacherId: z
    .uuid({ message: 'teacherId must be a valid identifier' })
    .optional()
    .describe('Admins: only this teacher’s children'),
  search: searchQueryField,
  ...pageQueryFields,
});
export type AtRiskQuery = z.input<typeof atRiskQuerySchema>;

export const atRiskEntrySchema = z.object({
  /** The student (its record id), as on the status page. */
  id: z.string(),
  studentId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  assignedTeacher: personRefSchema.nullable(),
  /** The child's latest measurement, whose scores put it on the list. */
  measurement: z.object({ id: z.string(), date: z.string() }).extend(growthSchema.shape),
});
export type AtRiskEntry = z.infer<typeof atRiskEntrySchema>;

// GET /api/measurements/growth/{studentId}: the series of the charts.
export const curvePointSchema = z.object({
  x: z.number(),
  sd3neg: z.number(),
  sd2neg: z.number(),
  median: z.number(),
  sd2: z.number(),
  sd3: z.number(),
});

export const growthPointSchema = z
  .object({
    measurementId: z.string(),
    date: z.string(),
    height: z.number(),
    weight: z.number(),
    position: z.enum(['LYING', 'STANDING']).nullable(),
  })
  .extend(growthSchema.shape);

export const growthSeriesSchema = z.object({
  student: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    sex: z.enum(['MALE', 'FEMALE']).nullable(),
    dateOfBirth: z.string(),
  }),
  /** Why the child has no z-scores at all (then `curves` is null), or null. */
  reason: z.string().nullable(),
  /** The live measurements, oldest first. */
  points: z.array(growthPointSchema),
  /** The WHO curves (−3, −2, 0, +2, +3 SD) for the child's sex; x is age in days, or cm for wflh. */
  curves: z
    .object({
      weightForAge: z.array(curvePointSchema),
      lengthForAge: z.array(curvePointSchema),
      weightForLength: z.array(curvePointSchema),
      /** Which table the weight-for-length/height curve is: under 2 years length, else height. */
      weightForLengthTable: z.enum(['length', 'height']),
    })
    .nullable(),
});
export type GrowthSeries = z.infer<typeof growthSeriesSchema>;

export const GROWTH_MESSAGES = {
  noSex: 'Add the child’s sex to the student record to see growth scores.',
  pregnant: 'Growth scores are for children: this record is a pregnant mother.',
  over60Months: 'Growth scores stop at 5 years (60 months): the WHO standards end there.',
  studentNotFound: 'Student not found',
  deleted: 'Measurement deleted successfully',
  deleteFailed: 'Failed to delete measurement',
  deleteOwn: 'Teachers can only delete measurements they recorded',
} as const;

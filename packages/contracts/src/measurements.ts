import { z } from 'zod';
import { studentCategorySchema } from './common.ts';
import { addMonths, daysBetween } from './dates.ts';
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

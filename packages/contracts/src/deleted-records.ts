import { z } from 'zod';
import { roleSchema, studentCategorySchema } from './common.ts';
import { pageQueryFields } from './paging.ts';

/**
 * Spec part 2 §2.7, §3, §4, §5, §8: soft-deleted records that an administrator restores or deletes for
 * good. The spec names four kinds; home visits are the fifth (their delete confirmation promises they
 * can be brought back from the deleted-records page).
 */
export const DELETED_KINDS = ['users', 'students', 'activities', 'measurements', 'home-visits'] as const;
export type DeletedKind = (typeof DELETED_KINDS)[number];

/** 'User', 'Student', … as the messages name them. */
export const DELETED_KIND_NOUNS: Record<DeletedKind, string> = {
  users: 'User',
  students: 'Student',
  activities: 'Activity',
  measurements: 'Measurement',
  'home-visits': 'Home visit',
};

/** The typed confirmation of a permanent delete. */
export const PERMANENT_DELETE_PHRASE = 'DELETE';

const noun = (kind: DeletedKind) => DELETED_KIND_NOUNS[kind];
const lower = (kind: DeletedKind) => noun(kind).toLowerCase();

export const DELETED_RECORD_MESSAGES = {
  restored: (kind: DeletedKind) => `${noun(kind)} restored successfully`,
  permanentlyDeleted: (kind: DeletedKind) => `${noun(kind)} permanently deleted successfully`,
  restoreFailed: (kind: DeletedKind) => `Failed to restore ${lower(kind)}`,
  permanentDeleteFailed: (kind: DeletedKind) => `Failed to permanently delete ${lower(kind)}`,
  /** 404: no such record among the deleted ones. */
  notFound: (kind: DeletedKind) => `Deleted ${lower(kind)} not found`,
  /** 409: a permanent delete of a record that was not soft-deleted first. */
  notDeleted: (kind: DeletedKind) => `Only a deleted ${lower(kind)} can be deleted for ever; delete it first`,
  emptyTitle: (kind: DeletedKind) => `No deleted ${kind === 'home-visits' ? 'home visits' : kind}`,
  emptyText: (kind: DeletedKind) => `All ${kind === 'home-visits' ? 'home visits' : kind} are active.`,
  typedMismatch: 'Permanent deletion cancelled - confirmation text did not match',
  studentFirst: 'Restore the student first: this record belongs to a deleted student',
  teacherAtCap: 'The assigned teacher already has 25 students; reassign the student after restoring',
  onlyAdmins: 'Only administrators can do this',
} as const;

const name = { firstName: z.string(), lastName: z.string() };
const studentRef = z.object({ id: z.string(), ...name, studentId: z.string() });
const personName = z.object(name);

export const deletedUserSchema = z.object({
  id: z.string(),
  ...name,
  email: z.string(),
  phone: z.string().nullable(),
  role: roleSchema,
  createdAt: z.string(),
  deletedAt: z.string(),
});
export type DeletedUser = z.infer<typeof deletedUserSchema>;

export const deletedStudentSchema = z.object({
  id: z.string(),
  ...name,
  studentId: z.string(),
  category: studentCategorySchema,
  /** Null when unassigned, or when the teacher is deleted too. */
  assignedTeacher: personName.nullable(),
  deletedAt: z.string(),
});
export type DeletedStudent = z.infer<typeof deletedStudentSchema>;

export const deletedActivitySchema = z.object({
  id: z.string(),
  title: z.string(),
  date: z.string(),
  duration: z.number().int(),
  student: studentRef,
  teacher: personName.nullable(),
  deletedAt: z.string(),
});
export type DeletedActivity = z.infer<typeof deletedActivitySchema>;

export const deletedMeasurementSchema = z.object({
  id: z.string(),
  height: z.number(),
  weight: z.number(),
  date: z.string(),
  notes: z.string().nullable(),
  student: studentRef,
  measuredBy: personName.nullable(),
  deletedAt: z.string(),
});
export type DeletedMeasurement = z.infer<typeof deletedMeasurementSchema>;

export const deletedHomeVisitSchema = z.object({
  id: z.string(),
  visitDate: z.string(),
  duration: z.number().int(),
  status: z.enum(['PENDING', 'APPROVED', 'REJECTED']),
  notes: z.string().nullable(),
  student: studentRef,
  teacher: personName.nullable(),
  deletedAt: z.string(),
});
export type DeletedHomeVisit = z.infer<typeof deletedHomeVisitSchema>;

// GET /api/{kind}/deleted/list — newest deletion first; with page/limit: X-Total-Count.
export const deletedListQuerySchema = z.strictObject({ ...pageQueryFields });

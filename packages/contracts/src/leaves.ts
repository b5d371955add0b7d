import { z } from 'zod';
import { isPlainText, notAllowedCharacters, searchQueryField } from './common.ts';
import { daysBetween, isIsoDate } from './dates.ts';
import { monthQueryField, pageQueryFields, yearQueryField } from './paging.ts';
import { personRefSchema } from './students.ts';

/** Spec part 2 §9: leaves. */
export const LEAVE_LIMITS = {
  pageSize: 10,
  reasonMaxLength: 1000,
  reviewNotesMaxLength: 2000,
  /** How far ahead a leave can start. */
  maxDaysAhead: 365,
  /** The longest leave one application covers (end − start). */
  maxSpanDays: 180,
  /** The analytics year select: this year and the four before. */
  analyticsYears: 5,
  /** The widest range the calendar query reads at once. */
  calendarMaxDays: 366,
  /** The guideline: apply at least this many days in advance when possible. */
  advanceDays: 3,
} as const;

export const LEAVE_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];
export const leaveStatusSchema = z.enum(LEAVE_STATUSES, {
  message: 'status must be PENDING, APPROVED or REJECTED',
});

/** The apply form's radio; the server derives it from the dates. */
export const LEAVE_TYPES = ['SINGLE_DAY', 'DATE_RANGE'] as const;
export type LeaveType = (typeof LEAVE_TYPES)[number];
export const LEAVE_TYPE_LABELS: Record<LeaveType, string> = {
  SINGLE_DAY: 'Single Day',
  DATE_RANGE: 'Date Range',
};

/** The list's applied-date filter (organisation days). */
export const LEAVE_APPLIED_FILTERS = ['all', 'this_month', 'last_month', 'this_year'] as const;
export type LeaveAppliedFilter = (typeof LEAVE_APPLIED_FILTERS)[number];
export const LEAVE_APPLIED_LABELS: Record<LeaveAppliedFilter, string> = {
  all: 'All time',
  this_month: 'This month',
  last_month: 'Last month',
  this_year: 'This year',
};

const L = LEAVE_LIMITS;

export const LEAVE_MESSAGES = {
  notFound: 'Leave application not found.',
  startRequired: 'Please select a start date',
  endRequired: 'Please select an end date',
  dateInvalid: 'Dates must be dates (YYYY-MM-DD)',
  endBeforeStart: 'End date must be after start date',
  inPast: 'Cannot apply for leave in the past',
  tooFarAhead: `Leave can be applied for at most ${L.maxDaysAhead} days ahead`,
  tooLong: `One application can cover at most ${L.maxSpanDays} days; apply for a longer leave in parts`,
  reasonRequired: 'Reason is required',
  reasonTooLong: `Reason must be at most ${L.reasonMaxLength} characters`,
  overlap: 'You already have a pending or approved leave application covering some of these dates',
  onlyTeachersApply: 'Only teachers can apply for leave',
  onlyAdmins: 'Only administrators can do this',
  listOwn: 'Teachers can only see their own leave applications',
  decisionRequired: 'Please select a decision',
  reviewNotesTooLong: `Review notes must be at most ${L.reviewNotesMaxLength} characters`,
  alreadyReviewed: 'This leave application has already been reviewed',
  rangeRequired: 'startDate and endDate are required',
  rangeTooWide: `The range can cover at most ${L.calendarMaxDays} days`,
  submitted: 'Leave application submitted successfully!',
  submitFailed: 'Failed to submit leave application',
  reviewed: 'Leave application approved or rejected successfully!',
  reviewFailed: 'Failed to review leave application',
  empty: 'No leave applications found',
} as const;

const M = LEAVE_MESSAGES;

/** Spec §9: the duration in days is end minus start, minimum 1. */
export const leaveDays = (startDate: string, endDate: string) => Math.max(1, daysBetween(startDate, endDate));

/** Spec §9: approved over applied as a rounded percentage, 0 when none were applied for. */
export const approvalRate = (approved: number, applied: number) =>
  applied > 0 ? Math.round((approved / applied) * 100) : 0;

/** The analytics year select: this year and the four before, newest first. */
export const analyticsYears = (thisYear: number) =>
  Array.from({ length: L.analyticsYears }, (_, i) => thisYear - i);

const isoDate = (required: string) =>
  z
    .string({ message: required })
    .trim()
    .min(1, { message: required })
    .refine(isIsoDate, { message: M.dateInvalid });

const reason = z
  .string({ message: M.reasonRequired })
  .trim()
  .min(1, { message: M.reasonRequired })
  .max(L.reasonMaxLength, { message: M.reasonTooLong })
  .refine((v) => isPlainText(v, true), { message: notAllowedCharacters('Reason') });

// POST /api/leaves/apply
export const applyLeaveBodySchema = z
  .strictObject({
    startDate: isoDate(M.startRequired),
    endDate: isoDate(M.endRequired).optional().describe('Default: the start date (a single day)'),
    reason,
    leaveType: z
      .enum(LEAVE_TYPES, { message: 'leaveType must be SINGLE_DAY or DATE_RANGE' })
      .optional()
      .describe('Ignored: the server derives it from the dates'),
    status: z.unknown().optional().describe('Ignored: a new application is always PENDING'),
  })
  .refine((v) => v.endDate === undefined || v.endDate >= v.startDate, {
    message: M.endBeforeStart,
    path: ['endDate'],
  });
export type ApplyLeaveBody = z.input<typeof applyLeaveBodySchema>;

/**
 * The apply form (spec §5): in range mode the end must come after the start; a start before `today`
 * (the organisation's day) is refused; single day sends the end equal to the start.
 */
export const leaveApplyFormSchema = (today: string) =>
  z
    .object({
      leaveType: z.enum(LEAVE_TYPES),
      startDate: z.string().min(1, { message: M.startRequired }),
      endDate: z.string(),
      reason: z.string().trim().min(1, { message: M.reasonRequired }).max(L.reasonMaxLength, {
        message: M.reasonTooLong,
      }),
    })
    .superRefine((v, ctx) => {
      if (v.startDate && v.startDate < today)
        ctx.addIssue({ code: 'custom', message: M.inPast, path: ['startDate'] });
      if (v.leaveType === 'DATE_RANGE') {
        if (!v.endDate) ctx.addIssue({ code: 'custom', message: M.endRequired, path: ['endDate'] });
        else if (v.startDate && v.endDate <= v.startDate) {
          ctx.addIssue({ code: 'custom', message: M.endBeforeStart, path: ['endDate'] });
        }
      }
    });
export type LeaveApplyFormValues = z.infer<ReturnType<typeof leaveApplyFormSchema>>;

const reviewNotes = z
  .string({ message: 'Review notes must be text' })
  .trim()
  .max(L.reviewNotesMaxLength, { message: M.reviewNotesTooLong })
  .refine((v) => isPlainText(v, true), { message: notAllowedCharacters('Review notes') })
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

// PATCH /api/leaves/{id}/review
export const reviewLeaveBodySchema = z.strictObject({
  status: z.enum(['APPROVED', 'REJECTED'], { message: M.decisionRequired }),
  reviewNotes,
});
export type ReviewLeaveBody = z.input<typeof reviewLeaveBodySchema>;

// PATCH /api/leaves/{id}/approve
export const approveLeaveBodySchema = z
  .strictObject({ reviewNotes })
  .nullish()
  .describe('May be left out altogether');

const listFilters = {
  search: searchQueryField.describe('Text in the teacher’s name or the reason'),
  applied: z
    .enum(LEAVE_APPLIED_FILTERS, { message: 'applied must be all, this_month, last_month or this_year' })
    .optional()
    .describe('When the application was made (organisation days)'),
};

// GET /api/leaves/all and /api/leaves/teacher/{teacherId}
export const leaveListQuerySchema = z.strictObject({
  ...listFilters,
  status: leaveStatusSchema.optional(),
  teacherId: z.uuid({ message: 'teacherId must be a valid identifier' }).optional(),
  ...pageQueryFields,
});
export type LeaveListQuery = z.infer<typeof leaveListQuerySchema>;

// GET /api/leaves/summary: the stat tiles, for the same filters but status
export const leaveSummaryQuerySchema = z.strictObject({
  ...listFilters,
  teacherId: z.uuid({ message: 'teacherId must be a valid identifier' }).optional(),
});
export type LeaveSummaryQuery = z.infer<typeof leaveSummaryQuerySchema>;
export const leaveSummarySchema = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
});
export type LeaveSummary = z.infer<typeof leaveSummarySchema>;

// GET /api/leaves?startDate=&endDate=&teacherId= (the attendance calendar)
export const leaveRangeQuerySchema = z
  .strictObject({
    startDate: isoDate(M.rangeRequired),
    endDate: isoDate(M.rangeRequired),
    teacherId: z.uuid({ message: 'teacherId must be a valid identifier' }).optional(),
    status: leaveStatusSchema.optional(),
  })
  .refine((v) => v.endDate >= v.startDate, { message: M.endBeforeStart, path: ['endDate'] })
  .refine((v) => daysBetween(v.startDate, v.endDate) < L.calendarMaxDays, {
    message: M.rangeTooWide,
    path: ['endDate'],
  });
export type LeaveRangeQuery = z.infer<typeof leaveRangeQuerySchema>;

export const leaveSchema = z.object({
  id: z.string(),
  teacherId: z.string(),
  teacher: personRefSchema,
  startDate: z.string(),
  endDate: z.string(),
  leaveType: z.enum(LEAVE_TYPES),
  /** End minus start, minimum 1 (spec §9). */
  days: z.number().int(),
  reason: z.string(),
  status: leaveStatusSchema,
  appliedAt: z.string(),
  reviewNotes: z.string().nullable(),
  reviewedBy: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  reviewedAt: z.string().nullable(),
});
export type Leave = z.infer<typeof leaveSchema>;

const counts = {
  applied: z.number().int(),
  approved: z.number().int(),
  pending: z.number().int(),
  rejected: z.number().int(),
  /** approved / applied, rounded, 0 when none. */
  approvalRate: z.number().int(),
  /** Days of the approved leaves (end minus start, minimum 1, as on the cards). */
  approvedDays: z.number().int(),
};

// GET /api/leaves/analytics/monthly?year=
export const leaveAnalyticsYearQuerySchema = z.strictObject({ year: yearQueryField.optional() });
export const monthlyLeaveStatsSchema = z.array(
  z.object({ year: z.number().int(), month: z.number().int(), ...counts }),
);
export type MonthlyLeaveStats = z.infer<typeof monthlyLeaveStatsSchema>;

// GET /api/leaves/analytics/yearly
export const yearlyLeaveStatsSchema = z.array(z.object({ year: z.number().int(), ...counts }));
export type YearlyLeaveStats = z.infer<typeof yearlyLeaveStatsSchema>;

// GET /api/leaves/analytics/teachers?year=&month=&teacherId=&search=&page=&limit=
// (with page/limit: that page of teachers and X-Total-Count; the programme can have thousands)
export const teacherLeaveStatsQuerySchema = z.strictObject({
  year: yearQueryField.optional(),
  month: monthQueryField.optional(),
  teacherId: z.uuid({ message: 'teacherId must be a valid identifier' }).optional(),
  search: searchQueryField.describe('Text in the teacher’s name'),
  ...pageQueryFields,
});
export type TeacherLeaveStatsQuery = z.infer<typeof teacherLeaveStatsQuerySchema>;
export const teacherLeaveStatsSchema = z.array(
  z.object({
    teacherId: z.string(),
    teacherName: z.string(),
    year: z.number().int(),
    month: z.number().int().nullable(),
    ...counts,
  }),
);
export type TeacherLeaveStats = z.infer<typeof teacherLeaveStatsSchema>;

// GET /api/leaves/analytics/export
export const LEAVE_REPORT_VIEWS = ['monthly', 'yearly', 'teachers'] as const;
export type LeaveReportView = (typeof LEAVE_REPORT_VIEWS)[number];
export const leaveExportQuerySchema = teacherLeaveStatsQuerySchema.omit({ page: true, limit: true }).extend({
  view: z
    .enum(LEAVE_REPORT_VIEWS, { message: 'view must be monthly, yearly or teachers' })
    .default('monthly'),
});
export type LeaveExportQuery = z.infer<typeof leaveExportQuerySchema>;

/** The dashboard's 'Today & Tomorrow Leave Approvals' panel. */
export const dashboardLeaveSchema = z.object({
  id: z.string(),
  teacher: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
  reason: z.string(),
  startDate: z.string(),
  endDate: z.string(),
});
export type DashboardLeave = z.infer<typeof dashboardLeaveSchema>;

export const todayTomorrowLeavesSchema = z.object({
  today: z.array(dashboardLeaveSchema),
  tomorrow: z.array(dashboardLeaveSchema),
});
export type TodayTomorrowLeaves = z.infer<typeof todayTomorrowLeavesSchema>;

import { z } from 'zod';
import { isoDateTime, isPlainText, notAllowedCharacters, searchQueryField } from './common.ts';
import { addDays, daysBetween, isIsoDate } from './dates.ts';
import { accuracyField } from './geolocation.ts';
import { monthQueryField, pageQueryFields, yearQueryField } from './paging.ts';

/** Spec part 2 §9: attendance. */
export const ATTENDANCE_LIMITS = {
  reviewPageSize: 10,
  reportPageSize: 5,
  /** The admin dashboard shows the first 5 pending approvals. */
  dashboardPending: 5,
  /** The widest range one list query reads. */
  maxRangeDays: 366,
  adminNotesMaxLength: 1000,
  locationNameMaxLength: 300,
  /** The most records one bulk review decides. */
  bulkMax: 200,
  /** Report year choices: this year and the two before. */
  reportYears: 3,
  /** Teacher-management year choices: from 2 before to 2 after this year. */
  managementYearsBefore: 2,
  managementYearsAfter: 2,
  /** Check-in geolocation: high accuracy, 10 s timeout, a cached position up to 5 minutes old. */
  geolocationTimeoutMs: 10_000,
  geolocationMaxAgeMs: 300_000,
  /** Report colours: at least 90 % green, at least 75 % yellow, otherwise red. */
  goodPercentage: 90,
  fairPercentage: 75,
} as const;

export const ATTENDANCE_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
export const attendanceStatusSchema = z.enum(ATTENDANCE_STATUSES, {
  message: 'status must be PENDING, APPROVED or REJECTED',
});

/** The review page's date filter (organisation days; the week starts on Sunday, as the calendar's). */
export const ATTENDANCE_PERIODS = ['all', 'today', 'this_week', 'this_month'] as const;
export type AttendancePeriod = (typeof ATTENDANCE_PERIODS)[number];
export const ATTENDANCE_PERIOD_LABELS: Record<AttendancePeriod, string> = {
  all: 'All Time',
  today: 'Today',
  this_week: 'This Week',
  this_month: 'This Month',
};

const L = ATTENDANCE_LIMITS;

export const ATTENDANCE_MESSAGES = {
  checkedIn: 'Checked in successfully!',
  checkedOut: 'Checked out successfully!',
  checkInFailed: 'Failed to check in',
  checkOutFailed: 'Failed to check out',
  reviewed: 'Attendance reviewed successfully!',
  approved: 'Attendance approved!',
  reviewFailed: 'Failed to review attendance',
  approveFailed: 'Failed to approve attendance',
  bulkFailed: 'Failed to review attendance records',
  selectAtLeastOne: 'Please select at least one record',
  tooManySelected: `At most ${L.bulkMax} records can be reviewed at once`,
  decisionRequired: 'Please select a decision',
  quickApproved: 'Quick approved',
  dayComplete: 'Day Complete',
  inProgress: 'In Progress',
  incomplete: 'Incomplete',
  locationNotAvailable: 'Location not available',
  couldNotGetLocation: 'Could not get your location',
  geolocationUnsupported: 'Geolocation is not supported by this browser.',
  alreadyCheckedIn: 'You have already checked in today',
  notCheckedIn: 'You have not checked in today',
  alreadyCheckedOut: 'You have already checked out today',
  onlyTeachers: 'Only teachers check in and out',
  onlyAdmins: 'Only administrators can do this',
  listOwn: 'Teachers can only see their own attendance',
  teacherRequired: 'Please choose a teacher',
  notFound: 'Attendance record not found',
  teacherNotFound: 'Teacher not found',
  alreadyReviewed: 'This attendance record has already been reviewed',
  someAlreadyReviewed: 'Some of the selected records have already been reviewed; nothing was changed',
  someNotFound: 'Some of the selected records no longer exist; nothing was changed',
  locationFormat:
    'Location must be "latitude,longitude" with a latitude from -90 to 90 and a longitude from -180 to 180',
  locationNameTooLong: `Location name must be at most ${L.locationNameMaxLength} characters`,
  adminNotesTooLong: `Admin notes must be at most ${L.adminNotesMaxLength} characters`,
  dateInvalid: 'Dates must be dates (YYYY-MM-DD)',
  endBeforeStart: 'End date must be after start date',
  rangeTooWide: `The range can cover at most ${L.maxRangeDays} days`,
  timeInvalid: 'Time must be an ISO date and time',
  empty: 'No attendance records found',
} as const;

const M = ATTENDANCE_MESSAGES;

// ---------------------------------------------------------------------------------------------------
// Locations as the spec's client sends them: 'latitude,longitude' as one text value, or null.
// ---------------------------------------------------------------------------------------------------

const LOCATION_PATTERN = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

/** 'lat,long' → numbers, or null when the text is not a point on the earth. */
export function parseLocationText(text: string): { latitude: number; longitude: number } | null {
  const m = LOCATION_PATTERN.exec(text);
  if (!m) return null;
  const latitude = Number(m[1]);
  const longitude = Number(m[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/** The text the API stores and answers for a point: 'lat,long' with 6 decimals. */
export const locationText = (latitude: number, longitude: number) =>
  `${latitude.toFixed(6)},${longitude.toFixed(6)}`;

const locationField = z
  .string({ message: M.locationFormat })
  .max(100, { message: M.locationFormat })
  .transform((v, ctx) => {
    if (v.trim() === '') return null;
    const point = parseLocationText(v);
    if (!point) {
      ctx.addIssue({ code: 'custom', message: M.locationFormat });
      return z.NEVER;
    }
    return point;
  })
  .nullable()
  .optional()
  .describe("'latitude,longitude' as one text value, or null when the device could not tell");

const locationNameField = z
  .string({ message: 'Location name must be text' })
  .trim()
  .max(L.locationNameMaxLength, { message: M.locationNameTooLong })
  .refine((v) => isPlainText(v), { message: notAllowedCharacters('Location name') })
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

const clientTime = z
  .string({ message: M.timeInvalid })
  .max(40, { message: M.timeInvalid })
  .refine((v) => !Number.isNaN(Date.parse(v)), { message: M.timeInvalid })
  .optional()
  .describe(
    'The time of the tap (ISO). Within a few minutes of the server’s, the server’s time is kept; a check-in ' +
      'or check-out made offline and sent later keeps this time. Refused in the future or older than ' +
      'OFFLINE_MAX_AGE_DAYS (7 days by default).',
  );

// POST /api/attendance/check-in
export const checkInBodySchema = z.strictObject({
  checkIn: clientTime,
  checkInLocation: locationField,
  checkInLocationName: locationNameField,
  accuracy: accuracyField
    .nullable()
    .optional()
    .describe('The fix’s radius in metres; a fix coarser than the office radius is never auto-approved'),
});
export type CheckInBody = z.input<typeof checkInBodySchema>;

// POST /api/attendance/check-out
export const checkOutBodySchema = z.strictObject({
  checkOut: clientTime,
  checkOutLocation: locationField,
  checkOutLocationName: locationNameField,
  accuracy: accuracyField.nullable().optional(),
});
export type CheckOutBody = z.input<typeof checkOutBodySchema>;

const adminNotes = z
  .string({ message: 'Admin notes must be text' })
  .trim()
  .max(L.adminNotesMaxLength, { message: M.adminNotesTooLong })
  .refine((v) => isPlainText(v, true), { message: notAllowedCharacters('Admin notes') })
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

const decision = z.enum(['APPROVED', 'REJECTED'], { message: M.decisionRequired });

// POST /api/attendance/admin/review/{id}
export const reviewAttendanceBodySchema = z.strictObject({ status: decision, adminNotes });
export type ReviewAttendanceBody = z.input<typeof reviewAttendanceBodySchema>;

// POST /api/attendance/admin/bulk-review
export const bulkReviewAttendanceBodySchema = z.strictObject({
  attendanceIds: z
    .array(z.uuid({ message: 'attendanceIds must hold record identifiers' }), {
      message: M.selectAtLeastOne,
    })
    .min(1, { message: M.selectAtLeastOne })
    .max(L.bulkMax, { message: M.tooManySelected }),
  status: decision,
  adminNotes,
});
export type BulkReviewAttendanceBody = z.input<typeof bulkReviewAttendanceBodySchema>;
export const bulkReviewResponseSchema = z.object({ message: z.string(), updated: z.number().int() });
export type BulkReviewResponse = z.infer<typeof bulkReviewResponseSchema>;

/** Spec §4: the Full Review dialog's note when the check-in was outside the office range. */
export const outOfRangeNote = (distanceFromOffice: number) =>
  `Checked in ${Math.round(distanceFromOffice)} m from the office, outside the allowed range`;

// ---------------------------------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------------------------------

const dateField = z.string().refine(isIsoDate, { message: M.dateInvalid });
const teacherIdField = z.uuid({ message: 'teacherId must be a valid identifier' });

type Range = { startDate?: string; endDate?: string };
const rangeChecks = <T extends z.ZodType<Range>>(schema: T) =>
  schema
    .refine((v) => !v.startDate || !v.endDate || v.endDate >= v.startDate, {
      message: M.endBeforeStart,
      path: ['endDate'],
    })
    .refine((v) => !v.startDate || !v.endDate || daysBetween(v.startDate, v.endDate) < L.maxRangeDays, {
      message: M.rangeTooWide,
      path: ['endDate'],
    });

const statusOrAll = z
  .enum([...ATTENDANCE_STATUSES, 'ALL'], { message: 'status must be PENDING, APPROVED, REJECTED or ALL' })
  .optional();

// GET /api/attendance?startDate=&endDate=&teacherId=
export const attendanceListQuerySchema = rangeChecks(
  z.strictObject({
    startDate: dateField.optional(),
    endDate: dateField.optional(),
    teacherId: teacherIdField.optional().describe('A teacher may name only themselves'),
    status: statusOrAll,
    ...pageQueryFields,
  }),
);
export type AttendanceListQuery = z.infer<typeof attendanceListQuerySchema>;

// GET /api/attendance/monthly-stats?year=&month=&teacherId=
export const monthlyStatsQuerySchema = z.strictObject({
  year: yearQueryField.optional().describe('Default: this year (organisation time)'),
  month: monthQueryField.optional().describe('Default: this month'),
  teacherId: teacherIdField.optional().describe('Required for administrators; a teacher: themselves'),
});
export type MonthlyStatsQuery = z.infer<typeof monthlyStatsQuerySchema>;

const adminFilters = {
  search: searchQueryField.describe('Text in the teacher’s name or email'),
  period: z
    .enum(ATTENDANCE_PERIODS, { message: 'period must be all, today, this_week or this_month' })
    .optional(),
  startDate: dateField.optional(),
  endDate: dateField.optional(),
  teacherId: teacherIdField.optional(),
};

// GET /api/attendance/admin/all?status=&search=&period=&page=&limit=
export const adminAttendanceQuerySchema = rangeChecks(
  z.strictObject({ status: statusOrAll, ...adminFilters, ...pageQueryFields }),
);
export type AdminAttendanceQuery = z.infer<typeof adminAttendanceQuerySchema>;

// GET /api/attendance/admin/dashboard (the counters, for the same filters but status)
export const attendanceDashboardQuerySchema = rangeChecks(z.strictObject({ ...adminFilters }));
export type AttendanceDashboardQuery = z.infer<typeof attendanceDashboardQuerySchema>;

// GET /api/attendance/admin/pending
export const pendingAttendanceQuerySchema = z.strictObject({ ...pageQueryFields });

// GET /api/attendance/admin/teachers
export const attendanceTeachersQuerySchema = rangeChecks(
  z.strictObject({
    search: searchQueryField.describe('Text in the teacher’s name or email'),
    startDate: dateField.optional(),
    endDate: dateField.optional(),
    ...pageQueryFields,
  }),
);
export type AttendanceTeachersQuery = z.infer<typeof attendanceTeachersQuerySchema>;

// GET /api/attendance/admin/teacher/{id}/attendance?startDate=&endDate=&status=
export const teacherAttendanceQuerySchema = rangeChecks(
  z.strictObject({
    startDate: dateField.optional(),
    endDate: dateField.optional(),
    status: statusOrAll,
    ...pageQueryFields,
  }),
);
export type TeacherAttendanceQuery = z.infer<typeof teacherAttendanceQuerySchema>;

// GET /api/attendance/admin/teacher-reports?year=&month=&teacherId=&search=
export const teacherReportsQuerySchema = z.strictObject({
  year: yearQueryField.optional().describe('Default: this year'),
  month: monthQueryField.optional().describe('Default: this month'),
  teacherId: teacherIdField.optional(),
  search: searchQueryField.describe('Text in the teacher’s name or email'),
  ...pageQueryFields,
});
export type TeacherReportsQuery = z.infer<typeof teacherReportsQuerySchema>;
export const teacherReportsSummaryQuerySchema = teacherReportsQuerySchema.omit({ page: true, limit: true });
export type TeacherReportsSummaryQuery = z.infer<typeof teacherReportsSummaryQuerySchema>;

// ---------------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------------

const teacherRef = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});

export const attendanceSchema = z.object({
  id: z.string(),
  teacherId: z.string(),
  /** The organisation's day of the check-in. */
  date: z.string(),
  checkIn: isoDateTime,
  checkOut: isoDateTime.nullable(),
  checkInLocation: z.string().nullable(),
  checkInLocationName: z.string().nullable(),
  checkOutLocation: z.string().nullable(),
  checkOutLocationName: z.string().nullable(),
  status: attendanceStatusSchema,
  /** Null when either the check-in or the office had no coordinates. */
  isWithinOfficeRange: z.boolean().nullable(),
  distanceFromOffice: z.number().nullable(),
  adminNotes: z.string().nullable(),
  reviewedBy: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  reviewedAt: isoDateTime.nullable(),
  /**
   * When the check-in and the check-out reached the server: later than checkIn and checkOut when they
   * were made offline and sent later; null before the check-out and for records from before offline use.
   */
  checkInReceivedAt: isoDateTime.nullable(),
  checkOutReceivedAt: isoDateTime.nullable(),
  /** Minutes from check-in to check-out; null until checked out. */
  duration: z.number().int().nullable(),
  teacher: teacherRef,
});
export type Attendance = z.infer<typeof attendanceSchema>;

/** GET /api/attendance/today: today's record, or null before the check-in. */
export const todayAttendanceSchema = attendanceSchema.nullable();

export const attendanceCountsSchema = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
});
export type AttendanceCounts = z.infer<typeof attendanceCountsSchema>;

export const attendanceDashboardSchema = z.object({
  stats: attendanceCountsSchema.extend({
    /** Records of past days without a check-out. */
    incomplete: z.number().int(),
  }),
  /** The first pending approvals, oldest first (at most 5). */
  pending: z.array(attendanceSchema),
});
export type AttendanceDashboard = z.infer<typeof attendanceDashboardSchema>;

export const teacherWithAttendanceSchema = teacherRef.extend({ stats: attendanceCountsSchema });
export type TeacherWithAttendance = z.infer<typeof teacherWithAttendanceSchema>;

// ---------------------------------------------------------------------------------------------------
// The one rule for which days count (docs/decisions/0009-attendance-working-days.md)
// ---------------------------------------------------------------------------------------------------

/**
 * How a day is shown and counted, in the spec's order of precedence: approved leave; a future day;
 * a record (approved → present, pending, rejected); then, for a day without a record, before the
 * teacher's account existed, a day off (not a working day), or absent.
 */
export const DAY_KINDS = [
  'LEAVE',
  'FUTURE',
  'PRESENT',
  'PENDING',
  'REJECTED',
  'BEFORE_START',
  'OFF_DAY',
  'ABSENT',
] as const;
export type DayKind = (typeof DAY_KINDS)[number];

export const DAY_KIND_LABELS: Record<DayKind, string> = {
  LEAVE: 'On Leave',
  FUTURE: 'Future',
  PRESENT: 'Present',
  PENDING: 'Pending',
  REJECTED: 'Rejected',
  BEFORE_START: 'Before joining',
  OFF_DAY: 'Day off',
  ABSENT: 'Absent',
};

/** ISO day of the week of a YYYY-MM-DD date: Monday 1 … Sunday 7. */
export const isoWeekday = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
};

export interface DayRuleInput {
  /** The organisation's today. */
  today: string;
  /** ISO weekdays that are working days (WORK_DAYS, default Monday to Friday). */
  workDays: readonly number[];
  /** The first day the teacher's account existed (organisation time). */
  firstDay: string;
  /** Days covered by an approved leave of the teacher. */
  leaveDays: ReadonlySet<string>;
  /** The status of the teacher's record on a day, if any. */
  recordStatus: ReadonlyMap<string, AttendanceStatus>;
}

export function classifyDay(day: string, r: DayRuleInput, weekday = isoWeekday(day)): DayKind {
  if (r.leaveDays.has(day)) return 'LEAVE';
  if (day > r.today) return 'FUTURE';
  const status = r.recordStatus.get(day);
  if (status === 'APPROVED') return 'PRESENT';
  if (status === 'PENDING') return 'PENDING';
  if (status === 'REJECTED') return 'REJECTED';
  if (day < r.firstDay) return 'BEFORE_START';
  if (!r.workDays.includes(weekday)) return 'OFF_DAY';
  return 'ABSENT';
}

/** The days of a period with their weekdays, built once per period (a report counts it per teacher). */
const periods = new Map<string, readonly { date: string; weekday: number }[]>();
function daysOf(from: string, to: string) {
  const key = `${from}|${to}`;
  let days = periods.get(key);
  if (!days) {
    const list: { date: string; weekday: number }[] = [];
    for (let day = from; day <= to; day = addDays(day, 1)) list.push({ date: day, weekday: isoWeekday(day) });
    if (periods.size > 100) periods.clear();
    periods.set(key, list);
    days = list;
  }
  return days;
}

export interface DayCounts {
  /** Counted days: present + pending + rejected + absent. */
  totalDays: number;
  approvedDays: number;
  pendingDays: number;
  rejectedDays: number;
  absentDays: number;
  /** Working days of approved leave in the period (future ones too). */
  approvedLeaveDays: number;
  /** Approved days over counted days, one decimal; 0 when no day counts. */
  attendancePercentage: number;
}

/** Every day of a period classified, and its counts. */
export function countDays(from: string, to: string, r: DayRuleInput) {
  const days: { date: string; kind: DayKind }[] = [];
  const c = { approvedDays: 0, pendingDays: 0, rejectedDays: 0, absentDays: 0, approvedLeaveDays: 0 };
  for (const { date, weekday } of daysOf(from, to)) {
    const kind = classifyDay(date, r, weekday);
    days.push({ date, kind });
    if (kind === 'PRESENT') c.approvedDays += 1;
    else if (kind === 'PENDING') c.pendingDays += 1;
    else if (kind === 'REJECTED') c.rejectedDays += 1;
    else if (kind === 'ABSENT') c.absentDays += 1;
    else if (kind === 'LEAVE' && r.workDays.includes(weekday)) c.approvedLeaveDays += 1;
  }
  const totalDays = c.approvedDays + c.pendingDays + c.rejectedDays + c.absentDays;
  const counts: DayCounts = { ...c, totalDays, attendancePercentage: percentage(c.approvedDays, totalDays) };
  return { days, counts };
}

export const percentage = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;

/** The report's colour for a percentage (spec §9). */
export const attendanceColor = (p: number) =>
  p >= L.goodPercentage ? 'green' : p >= L.fairPercentage ? 'yellow' : 'red';

/** The first and last day of a month. */
export function monthBounds(year: number, month: number) {
  const from = `${year}-${String(month).padStart(2, '0')}-01`;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { from, to: `${from.slice(0, 8)}${String(last).padStart(2, '0')}` };
}

export const monthlyStatsSchema = z.object({
  teacherId: z.string(),
  year: z.number().int(),
  month: z.number().int(),
  attendancePercentage: z.number(),
  daysPresent: z.number().int(),
  daysAbsent: z.number().int(),
  approvedLeaveDays: z.number().int(),
  pendingApprovals: z.number().int(),
  rejectedDays: z.number().int(),
  totalHours: z.number(),
  /** Counted days (present + pending + rejected + absent). */
  totalDays: z.number().int(),
  /** Every day of the month classified by the one rule (the calendar's colours). */
  days: z.array(z.object({ date: z.string(), kind: z.enum(DAY_KINDS) })),
});
export type MonthlyStats = z.infer<typeof monthlyStatsSchema>;

export const teacherReportSchema = z.object({
  teacher: teacherRef,
  totalDays: z.number().int(),
  /** Approved days: the calendar's Present. */
  presentDays: z.number().int(),
  approvedDays: z.number().int(),
  pendingDays: z.number().int(),
  rejectedDays: z.number().int(),
  absentDays: z.number().int(),
  approvedLeaveDays: z.number().int(),
  attendancePercentage: z.number(),
  /** HH:MM in the organisation's time, or null without records. */
  averageCheckInTime: z.string().nullable(),
  averageCheckOutTime: z.string().nullable(),
  totalHours: z.number(),
  records: z.array(attendanceSchema),
});
export type TeacherReport = z.infer<typeof teacherReportSchema>;

export const teacherReportsSummarySchema = z.object({
  totalTeachers: z.number().int(),
  /** The mean of the teachers' percentages, one decimal. */
  averageAttendance: z.number(),
  pendingReviews: z.number().int(),
  totalAbsents: z.number().int(),
});
export type TeacherReportsSummary = z.infer<typeof teacherReportsSummarySchema>;

/** Spec §9: the CSV's columns, in order. */
export const ATTENDANCE_CSV_COLUMNS = [
  'Teacher Name',
  'Email',
  'Total Days',
  'Present Days',
  'Approved Days',
  'Pending Days',
  'Rejected Days',
  'Absent Days',
  'Attendance %',
  'Avg Check-In',
  'Avg Check-Out',
  'Total Hours',
] as const;

/** The CSV's file name, by year and month. */
export const attendanceReportFileName = (year: number, month: number) =>
  `attendance-report-${year}-${String(month).padStart(2, '0')}.csv`;

/** The report's year choices (this year and the two before, newest first). */
export const reportYears = (thisYear: number) =>
  Array.from({ length: L.reportYears }, (_, i) => thisYear - i);

/** The teacher-management year choices: from 2 before to 2 after this year. */
export const managementYears = (thisYear: number) =>
  Array.from(
    { length: L.managementYearsBefore + L.managementYearsAfter + 1 },
    (_, i) => thisYear - L.managementYearsBefore + i,
  );

/** Minutes as '7h 05m' (durations in lists). */
export const formatDuration = (minutes: number | null) =>
  minutes === null ? '—' : `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;

/** The first day of the week (Sunday) containing `day`. */
export const weekStart = (day: string) => addDays(day, -(isoWeekday(day) % 7));

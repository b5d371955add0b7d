import {
  addDays,
  ATTENDANCE_CSV_COLUMNS,
  ATTENDANCE_LIMITS,
  ATTENDANCE_MESSAGES,
  attendanceReportFileName,
  clockTime,
  coordinatesText,
  countDays,
  distanceMeters,
  isCoarseFix,
  locationText,
  monthBounds,
  percentage,
  todayIn,
  weekStart,
  type AdminAttendanceQuery,
  type Attendance,
  type AttendanceDashboard,
  type AttendanceDashboardQuery,
  type AttendanceListQuery,
  type AttendanceStatus,
  type AttendanceTeachersQuery,
  type BulkReviewResponse,
  type checkInBodySchema,
  type checkOutBodySchema,
  type MonthlyStats,
  type MonthlyStatsQuery,
  type PageQuery,
  type TeacherAttendanceQuery,
  type TeacherReport,
  type TeacherReportsQuery,
  type TeacherReportsSummary,
  type TeacherReportsSummaryQuery,
  type TeacherWithAttendance,
} from '@csp/contracts';
import { stringify } from 'csv-stringify/sync';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { fetchPage, pageOf, type Paged } from '../../lib/paging.ts';
import { requireOwnTeacherId, requireRole } from '../../lib/permissions.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeTransaction, type WriteClaim } from '../../db/write-claims.ts';
import { earlierTap } from '../../lib/tap-time.ts';
import { bindDeps, type AppDeps } from '../../lib/service-deps.ts';
import { realEffects, type Effects } from '../effects.ts';
import { activeOfficeLocation } from '../office-location/office-location.repo.ts';
import * as attendanceRepo from './attendance.repo.ts';
import type * as repo from './attendance.repo.ts';

/**
 * What the service reads and writes: its repository and the active office location (the check-in's
 * distance), given together so a unit test fakes both.
 */
const defaultRepo = { ...attendanceRepo, activeOfficeLocation };
export type AttendanceRepo = typeof defaultRepo;

export type AttendanceDeps = Pick<AppDeps, 'db' | 'config'> & Effects & { repo: AttendanceRepo };

type CheckInInput = z.output<typeof checkInBodySchema>;
type CheckOutInput = z.output<typeof checkOutBodySchema>;
type Decision = { status: 'APPROVED' | 'REJECTED'; adminNotes?: string | null };

const M = ATTENDANCE_MESSAGES;
const L = ATTENDANCE_LIMITS;
/** notifications.type of a review decision (shown as General in the inbox). */
export const ATTENDANCE_REVIEWED = 'attendance_reviewed';

const today = (deps: AttendanceDeps, now = deps.clock.now()) => todayIn(deps.config.orgTimezone, now);

function toDto(r: repo.AttendanceWithRefs): Attendance {
  const a = r.record;
  return {
    id: a.id,
    teacherId: a.teacherId,
    date: a.date,
    checkIn: a.checkIn.toISOString(),
    checkOut: a.checkOut?.toISOString() ?? null,
    checkInLocation: a.checkInLocation,
    checkInLocationName: a.checkInLocationName,
    checkOutLocation: a.checkOutLocation,
    checkOutLocationName: a.checkOutLocationName,
    status: a.status,
    isWithinOfficeRange: a.isWithinOfficeRange,
    distanceFromOffice: a.distanceFromOffice,
    adminNotes: a.adminNotes,
    reviewedBy:
      r.reviewer?.firstName != null && r.reviewer.lastName != null
        ? { firstName: r.reviewer.firstName, lastName: r.reviewer.lastName }
        : null,
    reviewedAt: a.reviewedAt?.toISOString() ?? null,
    checkInReceivedAt: a.checkInReceivedAt?.toISOString() ?? null,
    checkOutReceivedAt: a.checkOutReceivedAt?.toISOString() ?? null,
    duration: a.checkOut ? Math.round((a.checkOut.getTime() - a.checkIn.getTime()) / 60_000) : null,
    teacher: r.teacher,
  };
}

async function found(deps: AttendanceDeps, db: DbOrTx, actor: Actor, id: string): Promise<Attendance> {
  const row = await deps.repo.findAttendance(db, actor, id);
  if (!row) throw notFound(M.notFound);
  return toDto(row);
}

/** The place a check-in or check-out names: the given name, else the coordinates, else 'not available'. */
function placeName(point: { latitude: number; longitude: number } | null | undefined, name?: string | null) {
  if (name) return name;
  return point ? coordinatesText(point.latitude, point.longitude) : M.locationNotAvailable;
}

/**
 * A teacher checks in, once a day (the organisation's day of the check-in). The time is the tap's when
 * the check-in was made offline and sent later (its `checkIn`, lib/tap-time.ts), else the server's;
 * the arrival is kept beside it. The distance to the active office location decides the status: within its
 * radius, with a fix no coarser than the radius → APPROVED at once; otherwise (farther, no
 * coordinates, no office set) → PENDING for an administrator. Two check-ins at the same moment: the
 * unique (teacher, day) index lets one land; the other answers 409.
 */
async function checkIn(
  deps: AttendanceDeps,
  actor: Actor,
  body: CheckInInput,
  claim?: WriteClaim | null,
): Promise<Attendance> {
  requireRole(actor, 'TEACHER', M.onlyTeachers);
  const receivedAt = deps.clock.now();
  const at = earlierTap(body.checkIn, receivedAt, deps.config.offlineMaxAgeDays) ?? receivedAt;
  const date = today(deps, at);
  return writeTransaction(deps.db, claim, async (tx) => {
    const point = body.checkInLocation ?? null;
    const office = (await deps.repo.activeOfficeLocation(tx))?.location;
    let distanceFromOffice: number | null = null;
    let isWithinOfficeRange: boolean | null = null;
    if (point && office) {
      distanceFromOffice = distanceMeters(point, office);
      isWithinOfficeRange = distanceFromOffice <= office.radiusMeters;
    }
    const approved =
      isWithinOfficeRange === true && office && !isCoarseFix(body.accuracy, office.radiusMeters);
    const id = await deps.repo.insertCheckIn(tx, {
      teacherId: actor.id,
      date,
      checkIn: at,
      checkInReceivedAt: receivedAt,
      checkInLocation: point ? locationText(point.latitude, point.longitude) : null,
      checkInLocationName: placeName(point, body.checkInLocationName),
      distanceFromOffice,
      isWithinOfficeRange,
      status: approved ? 'APPROVED' : 'PENDING',
    });
    if (!id) throw conflict(M.alreadyCheckedIn);
    const record = await found(deps, tx, actor, id);
    await deps.audit.audit(tx, actor, 'check_in', 'attendance', id, {
      date: record.date,
      checkInLocation: record.checkInLocation,
      status: record.status,
      distanceFromOffice: record.distanceFromOffice,
    });
    return record;
  });
}

/** A teacher checks out of the day's record, once; the time as for the check-in (the tap's or the server's). */
async function checkOut(
  deps: AttendanceDeps,
  actor: Actor,
  body: CheckOutInput,
  claim?: WriteClaim | null,
): Promise<Attendance> {
  requireRole(actor, 'TEACHER', M.onlyTeachers);
  const receivedAt = deps.clock.now();
  const at = earlierTap(body.checkOut, receivedAt, deps.config.offlineMaxAgeDays) ?? receivedAt;
  const date = today(deps, at);
  return writeTransaction(deps.db, claim, async (tx) => {
    const point = body.checkOutLocation ?? null;
    const id = await deps.repo.checkOut(tx, actor.id, date, {
      checkOut: at,
      checkOutReceivedAt: receivedAt,
      checkOutLocation: point ? locationText(point.latitude, point.longitude) : null,
      checkOutLocationName: placeName(point, body.checkOutLocationName),
    });
    if (!id) {
      const record = await deps.repo.findRecordOfDay(tx, actor.id, date);
      throw conflict(record ? M.alreadyCheckedOut : M.notCheckedIn);
    }
    await deps.audit.audit(tx, actor, 'check_out', 'attendance', id, {
      checkOutLocation: point ? locationText(point.latitude, point.longitude) : null,
    });
    return found(deps, tx, actor, id);
  });
}

/** Today's record of the teacher, or null before the check-in (an admin has none). */
async function todayRecord(deps: AttendanceDeps, actor: Actor): Promise<Attendance | null> {
  const record = await deps.repo.findRecordOfDay(deps.db, actor.id, today(deps));
  return record ? found(deps, deps.db, actor, record.id) : null;
}

const statusOf = (s: AttendanceStatus | 'ALL' | undefined) => (s === 'ALL' ? undefined : s);

async function listPage(
  deps: AttendanceDeps,
  actor: Actor,
  filter: repo.AttendanceFilter,
  query: PageQuery,
  defaultLimit?: number,
): Promise<Paged<Attendance>> {
  const page = await fetchPage({
    page: pageOf(query, defaultLimit),
    rows: (p) => deps.repo.listAttendance(deps.db, actor, filter, p),
    count: () => deps.repo.countAttendance(deps.db, actor, filter),
  });
  return { ...page, items: page.items.map(toDto) };
}

/** GET /attendance: records in a range, newest first (a teacher: their own). */
async function listAttendance(deps: AttendanceDeps, actor: Actor, query: AttendanceListQuery) {
  requireOwnTeacherId(actor, query.teacherId, M.listOwn);
  return listPage(
    deps,
    actor,
    { teacherId: query.teacherId, status: statusOf(query.status), from: query.startDate, to: query.endDate },
    query,
  );
}

/** The days of the review page's period choice (organisation days; weeks start on Sunday). */
function periodRange(deps: AttendanceDeps, q: { period?: string; startDate?: string; endDate?: string }) {
  const day = today(deps);
  switch (q.period) {
    case 'today':
      return { from: day, to: day };
    case 'this_week': {
      const from = weekStart(day);
      return { from, to: addDays(from, 6) };
    }
    case 'this_month': {
      const [y, m] = day.split('-').map(Number);
      return monthBounds(y, m);
    }
    default:
      return { from: q.startDate, to: q.endDate };
  }
}

function adminFilter(
  deps: AttendanceDeps,
  q: AttendanceDashboardQuery & { status?: AdminAttendanceQuery['status'] },
) {
  return {
    teacherId: q.teacherId,
    status: statusOf(q.status),
    search: q.search || undefined,
    ...periodRange(deps, q),
  } satisfies repo.AttendanceFilter;
}

/** GET /attendance/admin/all: every live teacher's records (admins). */
async function adminList(deps: AttendanceDeps, actor: Actor, query: AdminAttendanceQuery) {
  requireRole(actor, 'ADMIN');
  return listPage(deps, actor, adminFilter(deps, query), query, L.reviewPageSize);
}

/** GET /attendance/admin/pending: pending records, oldest first (admins). */
async function pendingList(deps: AttendanceDeps, actor: Actor, query: PageQuery) {
  requireRole(actor, 'ADMIN');
  const page = await fetchPage({
    page: pageOf(query, L.reviewPageSize),
    rows: (p) => deps.repo.listPending(deps.db, actor, p),
    count: () => deps.repo.countAttendance(deps.db, actor, { status: 'PENDING' }),
  });
  return { ...page, items: page.items.map(toDto) };
}

/** The counters for the filters (admins) and the first five pending approvals. */
async function dashboard(
  deps: AttendanceDeps,
  actor: Actor,
  query: AttendanceDashboardQuery,
): Promise<AttendanceDashboard> {
  requireRole(actor, 'ADMIN');
  const [stats, pending] = await Promise.all([
    deps.repo.summarizeAttendance(deps.db, actor, adminFilter(deps, query), today(deps)),
    deps.repo.listPending(deps.db, actor, { offset: 0, limit: L.dashboardPending }),
  ]);
  return { stats, pending: pending.map(toDto) };
}

const zeroCounts = { total: 0, pending: 0, approved: 0, rejected: 0 };

/** Live teachers by name, each with their record counts in the range (admins). */
async function teachersWithStats(
  deps: AttendanceDeps,
  actor: Actor,
  query: AttendanceTeachersQuery,
): Promise<Paged<TeacherWithAttendance>> {
  requireRole(actor, 'ADMIN');
  const filter = { search: query.search || undefined };
  const page = await fetchPage({
    page: pageOf(query),
    rows: (p) => deps.repo.listTeachers(deps.db, filter, p),
    count: () => deps.repo.countTeachers(deps.db, filter),
  });
  const counts = new Map(
    (
      await deps.repo.countsByTeacher(
        deps.db,
        page.items.map((t) => t.id),
        { from: query.startDate, to: query.endDate },
      )
    ).map(({ teacherId, ...c }) => [teacherId, c]),
  );
  return {
    ...page,
    items: page.items.map(({ createdAt: _c, ...t }) => ({ ...t, stats: counts.get(t.id) ?? zeroCounts })),
  };
}

async function liveTeacher(deps: AttendanceDeps, db: DbOrTx, id: string) {
  const [teacher] = await deps.repo.listTeachers(db, { teacherId: id });
  if (!teacher) throw notFound(M.teacherNotFound);
  return teacher;
}

/** One teacher's records (admins). */
async function teacherAttendance(
  deps: AttendanceDeps,
  actor: Actor,
  teacherId: string,
  query: TeacherAttendanceQuery,
) {
  requireRole(actor, 'ADMIN');
  await liveTeacher(deps, deps.db, teacherId);
  return listPage(
    deps,
    actor,
    { teacherId, status: statusOf(query.status), from: query.startDate, to: query.endDate },
    query,
  );
}

function decisionMessage(word: string, date: string, notes: string | null | undefined) {
  return `Your attendance for ${date} was ${word}` + (notes ? `: ${notes}` : '.');
}

/**
 * Admins decide pending records, all or nothing: each is decided only while still pending, so of two
 * reviews at the same moment one lands and the other answers 409. Each teacher is told in the app, in
 * the same transaction.
 */
async function decide(
  deps: AttendanceDeps,
  actor: Actor,
  ids: string[],
  decision: Decision,
  claim?: WriteClaim | null,
) {
  return writeTransaction(deps.db, claim, async (tx) => {
    const reviewed = await deps.repo.reviewPending(tx, ids, {
      status: decision.status,
      adminNotes: decision.adminNotes ?? null,
      reviewedById: actor.id,
    });
    if (reviewed.length !== ids.length) {
      const existing = await deps.repo.existingIds(tx, ids);
      if (existing.length !== ids.length) throw notFound(ids.length === 1 ? M.notFound : M.someNotFound);
      throw conflict(ids.length === 1 ? M.alreadyReviewed : M.someAlreadyReviewed);
    }
    const word = decision.status === 'APPROVED' ? 'approved' : 'rejected';
    await deps.audit.auditEach(
      tx,
      actor,
      'review',
      'attendance',
      reviewed.map((r) => ({
        entityId: r.id,
        changes: { status: decision.status, adminNotes: decision.adminNotes ?? null },
      })),
    );
    await deps.notify.notifyEach(
      tx,
      reviewed.map((r) => ({
        userId: r.teacherId,
        type: ATTENDANCE_REVIEWED,
        title: `Attendance ${word}`,
        message: decisionMessage(word, r.date, decision.adminNotes),
      })),
    );
    return { count: reviewed.length, word };
  });
}

/** POST /attendance/admin/review/{id}: approve or reject one pending record, once (admins). */
async function review(
  deps: AttendanceDeps,
  actor: Actor,
  id: string,
  decision: Decision,
  claim?: WriteClaim | null,
): Promise<Attendance> {
  requireRole(actor, 'ADMIN');
  await decide(deps, actor, [id], decision, claim);
  return found(deps, deps.db, actor, id);
}

/** POST /attendance/admin/bulk-review: the same decision for every selected record, or none (admins). */
async function bulkReview(
  deps: AttendanceDeps,
  actor: Actor,
  body: Decision & { attendanceIds: string[] },
  claim?: WriteClaim | null,
): Promise<BulkReviewResponse> {
  requireRole(actor, 'ADMIN');
  const ids = [...new Set(body.attendanceIds)];
  const { count, word } = await decide(deps, actor, ids, body, claim);
  return {
    message: `${count} attendance ${count === 1 ? 'record' : 'records'} ${word} successfully`,
    updated: count,
  };
}

// ---------------------------------------------------------------------------------------------------
// Monthly figures: one rule for the calendar, the monthly stats and the report (decision 0009)
// ---------------------------------------------------------------------------------------------------

function monthOf(deps: AttendanceDeps, q: { year?: number; month?: number }) {
  const [y, m] = today(deps).split('-').map(Number);
  const year = q.year ?? y;
  const month = q.month ?? (q.year === undefined || q.year === y ? m : 1);
  return { year, month, ...monthBounds(year, month) };
}

/** Every day covered by the leaves, within [from, to]. */
function leaveDaysOf(leaves: { startDate: string; endDate: string }[], from: string, to: string) {
  const days = new Set<string>();
  for (const l of leaves) {
    for (let d = l.startDate < from ? from : l.startDate; d <= l.endDate && d <= to; d = addDays(d, 1)) {
      days.add(d);
    }
  }
  return days;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

interface TeacherMonth {
  teacher: repo.TeacherRow;
  records: repo.MonthRecord[];
  leaves: { startDate: string; endDate: string }[];
}

/** The teacher's month by the one rule: each day classified and counted, hours and average times. */
function figuresOf(deps: AttendanceDeps, m: TeacherMonth, from: string, to: string) {
  const tz = deps.config.orgTimezone;
  const { days, counts } = countDays(from, to, {
    today: today(deps),
    workDays: deps.config.workDays,
    firstDay: todayIn(tz, m.teacher.createdAt),
    leaveDays: leaveDaysOf(m.leaves, from, to),
    recordStatus: new Map(m.records.map(({ record: r }) => [r.date, r.status])),
  });
  let minutes = 0;
  const ins: number[] = [];
  const outs: number[] = [];
  for (const { record: r, clock } of m.records) {
    ins.push(clock.checkIn);
    if (r.checkOut && clock.checkOut !== null) {
      minutes += (r.checkOut.getTime() - r.checkIn.getTime()) / 60_000;
      outs.push(clock.checkOut);
    }
  }
  const mean = (xs: number[]) => (xs.length ? clockTime(xs.reduce((a, b) => a + b, 0) / xs.length) : null);
  return {
    days,
    counts,
    totalHours: round1(minutes / 60),
    averageCheckInTime: mean(ins),
    averageCheckOutTime: mean(outs),
  };
}

/** GET /attendance/monthly-stats: one teacher's month (a teacher: themselves; an admin names one). */
async function monthlyStats(
  deps: AttendanceDeps,
  actor: Actor,
  query: MonthlyStatsQuery,
): Promise<MonthlyStats> {
  requireOwnTeacherId(actor, query.teacherId, M.listOwn);
  const teacherId = actor.role === 'TEACHER' ? actor.id : query.teacherId;
  if (!teacherId) throw badRequest(M.teacherRequired);
  const { year, month, from, to } = monthOf(deps, query);
  const teacher = await liveTeacher(deps, deps.db, teacherId);
  const [records, leaves] = await Promise.all([
    deps.repo.recordsOfTeachers(deps.db, [teacherId], from, to, deps.config.orgTimezone),
    deps.repo.approvedLeaves(deps.db, [teacherId], from, to),
  ]);
  const f = figuresOf(deps, { teacher, records, leaves }, from, to);
  return {
    teacherId,
    year,
    month,
    attendancePercentage: f.counts.attendancePercentage,
    daysPresent: f.counts.approvedDays,
    daysAbsent: f.counts.absentDays,
    approvedLeaveDays: f.counts.approvedLeaveDays,
    pendingApprovals: f.counts.pendingDays,
    rejectedDays: f.counts.rejectedDays,
    totalHours: f.totalHours,
    totalDays: f.counts.totalDays,
    days: f.days,
  };
}

/** Rows grouped by their teacher. */
function byTeacher<T>(rows: T[], teacherOf: (row: T) => string) {
  const map = new Map<string, T[]>();
  for (const r of rows) {
    const list = map.get(teacherOf(r));
    if (list) list.push(r);
    else map.set(teacherOf(r), [r]);
  }
  return map;
}

/** GET /attendance/admin/teacher-reports: each live teacher's month, by name (admins). */
async function teacherReports(
  deps: AttendanceDeps,
  actor: Actor,
  query: TeacherReportsQuery,
): Promise<Paged<TeacherReport>> {
  requireRole(actor, 'ADMIN');
  const { from, to } = monthOf(deps, query);
  const filter = { teacherId: query.teacherId, search: query.search || undefined };
  const page = await fetchPage({
    page: pageOf(query, L.reportPageSize),
    rows: (p) => deps.repo.listTeachers(deps.db, filter, p),
    count: () => deps.repo.countTeachers(deps.db, filter),
  });
  const ids = page.items.map((t) => t.id);
  const [records, leaves] = await Promise.all([
    deps.repo.recordsOfTeachers(deps.db, ids, from, to, deps.config.orgTimezone),
    deps.repo.approvedLeaves(deps.db, ids, from, to),
  ]);
  const recordsOf = byTeacher(records, (r) => r.record.teacherId);
  const leavesOf = byTeacher(leaves, (l) => l.teacherId);
  return {
    ...page,
    items: page.items.map((teacher) => {
      const own = recordsOf.get(teacher.id) ?? [];
      const f = figuresOf(deps, { teacher, records: own, leaves: leavesOf.get(teacher.id) ?? [] }, from, to);
      const { createdAt: _c, ...ref } = teacher;
      return {
        teacher: ref,
        totalDays: f.counts.totalDays,
        presentDays: f.counts.approvedDays,
        approvedDays: f.counts.approvedDays,
        pendingDays: f.counts.pendingDays,
        rejectedDays: f.counts.rejectedDays,
        absentDays: f.counts.absentDays,
        approvedLeaveDays: f.counts.approvedLeaveDays,
        attendancePercentage: f.counts.attendancePercentage,
        averageCheckInTime: f.averageCheckInTime,
        averageCheckOutTime: f.averageCheckOutTime,
        totalHours: f.totalHours,
        records: own.map((r) => toDto({ ...r, teacher: ref })),
      };
    }),
  };
}

/** The report's tiles over every matching teacher (admins). */
async function teacherReportsSummary(
  deps: AttendanceDeps,
  actor: Actor,
  query: TeacherReportsSummaryQuery,
): Promise<TeacherReportsSummary> {
  requireRole(actor, 'ADMIN');
  const { from, to } = monthOf(deps, query);
  const filter = { teacherId: query.teacherId, search: query.search || undefined };
  const tallies = await deps.repo.dayCountTallies(deps.db, filter, from, to, {
    today: today(deps),
    timeZone: deps.config.orgTimezone,
    workDays: deps.config.workDays,
  });
  let totalTeachers = 0;
  // The teachers' percentages in tenths of a percent: whole numbers, so their sum is exact.
  let tenths = 0;
  let pendingReviews = 0;
  let totalAbsents = 0;
  for (const c of tallies) {
    const totalDays = c.approvedDays + c.pendingDays + c.rejectedDays + c.absentDays;
    totalTeachers += c.teachers;
    tenths += Math.round(percentage(c.approvedDays, totalDays) * 10) * c.teachers;
    pendingReviews += c.pendingDays * c.teachers;
    totalAbsents += c.absentDays * c.teachers;
  }
  return {
    totalTeachers,
    averageAttendance: totalTeachers ? Math.round(tenths / totalTeachers) / 10 : 0,
    pendingReviews,
    totalAbsents,
  };
}

/**
 * The report as a CSV file with the spec's columns, named by year and month (a CSV library does the
 * quoting; a cell starting with =, +, -, @, a tab or a carriage return is prefixed with ' so that a
 * spreadsheet shows it as text, never runs it).
 */
async function exportReports(
  deps: AttendanceDeps,
  actor: Actor,
  query: TeacherReportsSummaryQuery,
): Promise<{ fileName: string; csv: string }> {
  requireRole(actor, 'ADMIN');
  const { year, month } = monthOf(deps, query);
  const { items } = await teacherReports(deps, actor, { ...query, year, month });
  const records = [
    [...ATTENDANCE_CSV_COLUMNS],
    ...items.map((r) => [
      `${r.teacher.firstName} ${r.teacher.lastName}`,
      r.teacher.email,
      r.totalDays,
      r.presentDays,
      r.approvedDays,
      r.pendingDays,
      r.rejectedDays,
      r.absentDays,
      r.attendancePercentage,
      r.averageCheckInTime ?? '',
      r.averageCheckOutTime ?? '',
      r.totalHours,
    ]),
  ];
  return {
    fileName: attendanceReportFileName(year, month),
    csv: stringify(records, { bom: true, escape_formulas: true, record_delimiter: 'windows' }),
  };
}

/**
 * The attendance service with its dependencies given once (services.ts): the real repository and
 * effects unless a unit test passes fakes.
 */
export function createAttendanceService(
  deps: Pick<AppDeps, 'db' | 'config'> & Partial<Effects> & { repo?: AttendanceRepo },
) {
  const full: AttendanceDeps = { ...realEffects, repo: defaultRepo, ...deps };
  return bindDeps(full, {
    checkIn,
    checkOut,
    todayRecord,
    listAttendance,
    adminList,
    pendingList,
    dashboard,
    teachersWithStats,
    teacherAttendance,
    review,
    bulkReview,
    monthlyStats,
    teacherReports,
    teacherReportsSummary,
    exportReports,
  });
}

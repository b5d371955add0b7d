import {
  addDays,
  addMonths,
  analyticsYears,
  approvalRate,
  daysBetween,
  LEAVE_LIMITS,
  LEAVE_MESSAGES,
  leaveDays,
  MONTH_NAMES,
  todayIn,
  type applyLeaveBodySchema,
  type Leave,
  type LeaveAppliedFilter,
  type LeaveExportQuery,
  type LeaveListQuery,
  type LeaveRangeQuery,
  type LeaveSummary,
  type LeaveSummaryQuery,
  type MonthlyLeaveStats,
  type TeacherLeaveStats,
  type TeacherLeaveStatsQuery,
  type TodayTomorrowLeaves,
  type YearlyLeaveStats,
} from '@csp/contracts';
import { stringify } from 'csv-stringify/sync';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { fetchPage, pageOf, type Paged } from '../../lib/paging.ts';
import { requireOwnTeacherId, requireRole } from '../../lib/permissions.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeTransaction, type WriteClaim } from '../../db/write-claims.ts';
import { bindDeps, type AppDeps } from '../../lib/service-deps.ts';
import { realEffects, type Effects } from '../effects.ts';
import * as repo from './leaves.repo.ts';

/** The repository the service is given (the real one in the app, a fake in a unit test). */
export type LeavesRepo = typeof repo;

export type LeavesDeps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'log'> & Effects & { repo: LeavesRepo };

type ApplyInput = z.output<typeof applyLeaveBodySchema>;

const M = LEAVE_MESSAGES;
/** notifications.type of a review decision (shown as General in the inbox). */
export const LEAVE_REVIEWED = 'leave_reviewed';

const today = (deps: Pick<LeavesDeps, 'config' | 'clock'>) =>
  todayIn(deps.config.orgTimezone, deps.clock.now());

function toDto(r: repo.LeaveWithRefs): Leave {
  const l = r.leave;
  return {
    id: l.id,
    teacherId: l.teacherId,
    teacher: r.teacher,
    startDate: l.startDate,
    endDate: l.endDate,
    leaveType: l.startDate === l.endDate ? 'SINGLE_DAY' : 'DATE_RANGE',
    days: leaveDays(l.startDate, l.endDate),
    reason: l.reason,
    status: l.status,
    appliedAt: l.appliedAt.toISOString(),
    reviewNotes: l.reviewNotes,
    reviewedBy:
      r.reviewer?.firstName != null && r.reviewer.lastName != null
        ? { firstName: r.reviewer.firstName, lastName: r.reviewer.lastName }
        : null,
    reviewedAt: l.reviewedAt?.toISOString() ?? null,
  };
}

async function found(deps: LeavesDeps, db: DbOrTx, actor: Actor, id: string): Promise<Leave> {
  const row = await deps.repo.findLeave(db, actor, id);
  if (!row) throw notFound(M.notFound);
  return toDto(row);
}

/** The first day of the applied-date choice and the first day after it, in the organisation's days. */
function appliedBounds(choice: LeaveAppliedFilter | undefined, day: string) {
  const month = `${day.slice(0, 7)}-01`;
  switch (choice) {
    case 'this_month':
      return { appliedFrom: month, appliedBefore: addMonths(month, 1) };
    case 'last_month':
      return { appliedFrom: addMonths(month, -1), appliedBefore: month };
    case 'this_year':
      return {
        appliedFrom: `${day.slice(0, 4)}-01-01`,
        appliedBefore: `${Number(day.slice(0, 4)) + 1}-01-01`,
      };
    default:
      return {};
  }
}

function filterOf(deps: LeavesDeps, query: LeaveSummaryQuery & { status?: LeaveListQuery['status'] }) {
  return {
    teacherId: query.teacherId,
    status: query.status,
    search: query.search || undefined,
    timeZone: deps.config.orgTimezone,
    ...appliedBounds(query.applied, today(deps)),
  } satisfies repo.LeaveFilter;
}

/**
 * A teacher applies for leave: from today (the organisation's day), at most a year ahead and 180 days
 * long, not overlapping their own pending or approved applications. The teacher's row is locked while
 * checking, so two applications at once cannot both pass the overlap check.
 */
async function applyForLeave(
  deps: LeavesDeps,
  actor: Actor,
  body: ApplyInput,
  claim?: WriteClaim | null,
): Promise<Leave> {
  requireRole(actor, 'TEACHER', M.onlyTeachersApply);
  const endDate = body.endDate ?? body.startDate;
  const day = today(deps);
  if (body.startDate < day) throw badRequest(M.inPast);
  if (daysBetween(day, body.startDate) > LEAVE_LIMITS.maxDaysAhead) throw badRequest(M.tooFarAhead);
  if (daysBetween(body.startDate, endDate) > LEAVE_LIMITS.maxSpanDays) throw badRequest(M.tooLong);
  return writeTransaction(deps.db, claim, async (tx) => {
    await deps.repo.lockTeacher(tx, actor.id);
    if (await deps.repo.hasOverlappingLeave(tx, actor.id, body.startDate, endDate)) throw conflict(M.overlap);
    const id = await deps.repo.insertLeave(tx, {
      teacherId: actor.id,
      startDate: body.startDate,
      endDate,
      leaveType: body.startDate === endDate ? 'SINGLE_DAY' : 'DATE_RANGE',
      reason: body.reason,
    });
    await deps.audit.audit(tx, actor, 'create', 'leave', id, {
      startDate: body.startDate,
      endDate,
      reason: body.reason,
    });
    return found(deps, tx, actor, id);
  });
}

async function listPage(deps: LeavesDeps, actor: Actor, query: LeaveListQuery): Promise<Paged<Leave>> {
  const filter = filterOf(deps, query);
  const page = await fetchPage({
    page: pageOf(query, LEAVE_LIMITS.pageSize),
    rows: (p) => deps.repo.listLeaves(deps.db, actor, filter, p),
    count: () => deps.repo.countLeaves(deps.db, actor, filter),
  });
  return { ...page, items: page.items.map(toDto) };
}

/** GET /leaves/all: every application (admins). */
async function listAllLeaves(deps: LeavesDeps, actor: Actor, query: LeaveListQuery) {
  requireRole(actor, 'ADMIN');
  return listPage(deps, actor, query);
}

/** GET /leaves/teacher/{teacherId}: one teacher's applications (a teacher: only their own). */
async function listTeacherLeaves(deps: LeavesDeps, actor: Actor, teacherId: string, query: LeaveListQuery) {
  requireOwnTeacherId(actor, teacherId, M.listOwn);
  return listPage(deps, actor, { ...query, teacherId });
}

/** The stat tiles: totals for the list's filters (a teacher: their own). */
async function leaveSummary(deps: LeavesDeps, actor: Actor, query: LeaveSummaryQuery): Promise<LeaveSummary> {
  requireOwnTeacherId(actor, query.teacherId, M.listOwn);
  return deps.repo.summarizeLeaves(deps.db, actor, filterOf(deps, query));
}

async function getLeave(deps: LeavesDeps, actor: Actor, id: string): Promise<Leave> {
  return found(deps, deps.db, actor, id);
}

/** Applications overlapping a range of days (the attendance calendar); a teacher sees their own. */
async function leavesInRange(deps: LeavesDeps, actor: Actor, query: LeaveRangeQuery): Promise<Leave[]> {
  requireOwnTeacherId(actor, query.teacherId, M.listOwn);
  const rows = await deps.repo.leavesOverlapping(deps.db, actor, {
    from: query.startDate,
    to: query.endDate,
    teacherId: query.teacherId,
    status: query.status,
  });
  return rows.map(toDto);
}

/**
 * An administrator approves or rejects a pending application, once: of two reviews at the same moment
 * one lands and the other answers 409. The teacher is told in the app (in the same transaction) and
 * by email (after the commit; a mail failure is logged, the decision stands).
 */
async function reviewLeave(
  deps: LeavesDeps,
  actor: Actor,
  id: string,
  decision: { status: 'APPROVED' | 'REJECTED'; reviewNotes: string | null },
): Promise<Leave> {
  requireRole(actor, 'ADMIN');
  const { leave, mail } = await deps.db.transaction(async (tx) => {
    const reviewed = await deps.repo.reviewPendingLeave(tx, id, { ...decision, reviewedById: actor.id });
    if (!reviewed) {
      if (!(await deps.repo.findLeave(tx, actor, id))) throw notFound(M.notFound);
      throw conflict(M.alreadyReviewed);
    }
    await deps.audit.audit(tx, actor, 'review', 'leave', id, decision);
    const word = decision.status === 'APPROVED' ? 'approved' : 'rejected';
    const period =
      reviewed.startDate === reviewed.endDate
        ? reviewed.startDate
        : `${reviewed.startDate} to ${reviewed.endDate}`;
    const message =
      `Your leave application for ${period} was ${word}` +
      (decision.reviewNotes ? `: ${decision.reviewNotes}` : '.');
    await deps.notify.notify(tx, reviewed.teacherId, LEAVE_REVIEWED, `Leave application ${word}`, message);
    const contact = await deps.repo.teacherContact(tx, reviewed.teacherId);
    return {
      leave: await found(deps, tx, actor, id),
      mail: contact && {
        to: contact.email,
        subject: `Your leave application was ${word}`,
        text: `Hello ${contact.firstName},\n\n${message}\n`,
      },
    };
  });
  if (mail) {
    try {
      await deps.mailer.send(mail);
    } catch (err) {
      deps.log.error({ err }, 'could not send the leave decision email');
    }
  }
  return leave;
}

/** Approved leaves that cover today and tomorrow (the organisation's days), for the dashboard. */
async function todayAndTomorrow(deps: LeavesDeps, actor: Actor): Promise<TodayTomorrowLeaves> {
  requireRole(actor, 'ADMIN');
  const day = today(deps);
  const tomorrow = addDays(day, 1);
  const rows = await deps.repo.approvedLeavesOverlapping(deps.db, day, tomorrow);
  const covering = (d: string) => rows.filter((l) => l.startDate <= d && l.endDate >= d);
  return { today: covering(day), tomorrow: covering(tomorrow) };
}

const withRate = <T extends repo.LeaveCounts>(c: T) => ({
  ...c,
  approvalRate: approvalRate(c.approved, c.applied),
});
const zero: repo.LeaveCounts = { applied: 0, approved: 0, pending: 0, rejected: 0, approvedDays: 0 };
const thisYear = (deps: LeavesDeps) => Number(today(deps).slice(0, 4));

/** Each month of the year (by the month a leave starts in), zeros included (admins). */
async function monthlyStats(deps: LeavesDeps, actor: Actor, year?: number): Promise<MonthlyLeaveStats> {
  requireRole(actor, 'ADMIN');
  const y = year ?? thisYear(deps);
  const rows = new Map((await deps.repo.countsByMonth(deps.db, y)).map((r) => [r.month, r]));
  return Array.from({ length: 12 }, (_, i) => {
    const { month: _m, ...counts } = rows.get(i + 1) ?? { month: i + 1, ...zero };
    return { year: y, month: i + 1, ...withRate(counts) };
  });
}

/** This year and the four before (the analytics year choices), oldest first (admins). */
async function yearlyStats(deps: LeavesDeps, actor: Actor): Promise<YearlyLeaveStats> {
  requireRole(actor, 'ADMIN');
  const years = analyticsYears(thisYear(deps)).reverse();
  const rows = new Map(
    (await deps.repo.countsByYear(deps.db, years[0], years[years.length - 1])).map((r) => [r.year, r]),
  );
  return years.map((y) => {
    const { year: _y, ...counts } = rows.get(y) ?? { year: y, ...zero };
    return { year: y, ...withRate(counts) };
  });
}

/**
 * Every live teacher's counts for a year, or a month of it, by name (admins); with page/limit, that
 * page of teachers and their total.
 */
async function teacherStats(
  deps: LeavesDeps,
  actor: Actor,
  query: TeacherLeaveStatsQuery,
): Promise<Paged<TeacherLeaveStats[number]>> {
  requireRole(actor, 'ADMIN');
  const year = query.year ?? thisYear(deps);
  const from = query.month ? `${year}-${String(query.month).padStart(2, '0')}-01` : `${year}-01-01`;
  const filter: repo.TeacherStatsFilter = {
    from,
    before: query.month ? addMonths(from, 1) : `${year + 1}-01-01`,
    teacherId: query.teacherId,
    search: query.search || undefined,
  };
  const page = await fetchPage({
    page: pageOf(query, LEAVE_LIMITS.pageSize),
    rows: (p) => deps.repo.countsByTeacher(deps.db, filter, p),
    count: () => deps.repo.countStatsTeachers(deps.db, filter),
  });
  return {
    ...page,
    items: page.items.map(({ teacherId, firstName, lastName, ...counts }) => ({
      teacherId,
      teacherName: `${firstName} ${lastName}`,
      year,
      month: query.month ?? null,
      ...withRate(counts),
    })),
  };
}

const countHeaders = ['Applied', 'Approved', 'Pending', 'Rejected', 'Approval rate (%)', 'Approved days'];
const countCells = (c: repo.LeaveCounts & { approvalRate: number }) => [
  c.applied,
  c.approved,
  c.pending,
  c.rejected,
  c.approvalRate,
  c.approvedDays,
];

/**
 * The analytics as a CSV file (a CSV library does the quoting; a cell that starts with =, +, -, @, a tab
 * or a carriage return is prefixed with ' so that a spreadsheet shows it as text, never runs it).
 */
async function exportReport(
  deps: LeavesDeps,
  actor: Actor,
  query: LeaveExportQuery,
): Promise<{ fileName: string; csv: string }> {
  requireRole(actor, 'ADMIN');
  const year = query.year ?? thisYear(deps);
  let records: (string | number)[][];
  let fileName: string;
  if (query.view === 'yearly') {
    records = [
      ['Year', ...countHeaders],
      ...(await yearlyStats(deps, actor)).map((r) => [r.year, ...countCells(r)]),
    ];
    fileName = `leave-report-yearly-${year}.csv`;
  } else if (query.view === 'teachers') {
    const { items: rows } = await teacherStats(deps, actor, { ...query, year });
    records = [
      ['Teacher', 'Year', 'Month', ...countHeaders],
      ...rows.map((r) => [
        r.teacherName,
        r.year,
        r.month ? MONTH_NAMES[r.month - 1] : 'All months',
        ...countCells(r),
      ]),
    ];
    fileName = `leave-report-teachers-${year}${query.month ? `-${String(query.month).padStart(2, '0')}` : ''}.csv`;
  } else {
    const rows = await monthlyStats(deps, actor, year);
    records = [
      ['Month', 'Year', ...countHeaders],
      ...rows.map((r) => [MONTH_NAMES[r.month - 1], r.year, ...countCells(r)]),
    ];
    fileName = `leave-report-monthly-${year}.csv`;
  }
  return {
    fileName,
    csv: stringify(records, { bom: true, escape_formulas: true, record_delimiter: 'windows' }),
  };
}

/**
 * The leaves service with its dependencies given once (services.ts): the real repository and effects
 * unless a unit test passes fakes.
 */
export function createLeavesService(
  deps: Pick<AppDeps, 'db' | 'config' | 'mailer' | 'log'> & Partial<Effects> & { repo?: LeavesRepo },
) {
  const full: LeavesDeps = { ...realEffects, repo, ...deps };
  return bindDeps(full, {
    applyForLeave,
    listAllLeaves,
    listTeacherLeaves,
    leaveSummary,
    getLeave,
    leavesInRange,
    reviewLeave,
    todayAndTomorrow,
    monthlyStats,
    yearlyStats,
    teacherStats,
    exportReport,
  });
}

import {
  LEAVE_TYPE_LABELS,
  leaveDays,
  MONTH_NAMES,
  type Leave,
  type LeaveApplyFormValues,
  type ApplyLeaveBody,
} from '@csp/contracts';
import { formatDate } from '../../lib/dates.ts';

/**
 * How leaves read on the pages (spec part 2 §2.4): status badges, periods, durations, the apply form's
 * summary and body, the review line and the report's file name. Pure, so it can be tested.
 */

/** 'Jan' … 'Dec' for month 1 … 12 (the charts' axis). */
export const monthShort = (month: number) => (MONTH_NAMES[month - 1] ?? String(month)).slice(0, 3);

/** A review status (of a leave or an attendance record): Pending, Approved, Rejected; else Unknown. */
export function reviewStatusLabel(status: string | null | undefined): string {
  switch (status) {
    case 'PENDING':
      return 'Pending';
    case 'APPROVED':
      return 'Approved';
    case 'REJECTED':
      return 'Rejected';
    default:
      return 'Unknown';
  }
}

/** A review status's badge colour: yellow, green, red; else grey. */
export function reviewStatusColor(status: string | null | undefined): string {
  switch (status) {
    case 'PENDING':
      return 'yellow';
    case 'APPROVED':
      return 'green';
    case 'REJECTED':
      return 'red';
    default:
      return 'gray';
  }
}

/** '1 day', '3 days'. */
export const daysText = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

/** '3 Mar 2026' for a one-day leave, '3 Mar 2026 – 5 Mar 2026' otherwise. */
export function periodText(startDate: string, endDate: string): string {
  return !endDate || startDate === endDate
    ? formatDate(startDate)
    : `${formatDate(startDate)} – ${formatDate(endDate)}`;
}

export const personName = (p: { firstName: string; lastName: string }) =>
  `${p.firstName} ${p.lastName}`.trim();

/** 'Approved by Asha Admin on 4 Mar 2026' (the reviewer's account may be gone: then without 'by'). */
export function reviewedText(leave: Pick<Leave, 'status' | 'reviewedBy' | 'reviewedAt'>): string {
  const by = leave.reviewedBy ? ` by ${personName(leave.reviewedBy)}` : '';
  const on = leave.reviewedAt ? ` on ${formatDate(leave.reviewedAt)}` : '';
  return `${reviewStatusLabel(leave.status)}${by}${on}`;
}

/** The apply form's values as POST /leaves/apply takes them: a single day ends on its start. */
export function toApplyBody(values: LeaveApplyFormValues): ApplyLeaveBody {
  return {
    startDate: values.startDate,
    endDate: values.leaveType === 'SINGLE_DAY' ? values.startDate : values.endDate,
    reason: values.reason.trim(),
  };
}

export interface ApplySummary {
  type: string;
  /** '' until the dates are chosen. */
  dates: string;
  /** null until the dates make a valid leave. */
  days: number | null;
}

/** The apply form's summary (spec part 2 §2.4): the type, the dates and the number of days. */
export function applySummary(values: Pick<LeaveApplyFormValues, 'leaveType' | 'startDate' | 'endDate'>) {
  const { leaveType, startDate, endDate } = values;
  const summary: ApplySummary = { type: LEAVE_TYPE_LABELS[leaveType], dates: '', days: null };
  if (!startDate) return summary;
  if (leaveType === 'SINGLE_DAY') return { ...summary, dates: formatDate(startDate), days: 1 };
  if (!endDate) return { ...summary, dates: `${formatDate(startDate)} – …` };
  return {
    ...summary,
    dates: periodText(startDate, endDate),
    days: endDate > startDate ? leaveDays(startDate, endDate) : null,
  };
}

/**
 * The file name in a Content-Disposition header (RFC 6266: filename* in UTF-8 first, then filename),
 * else `fallback`. Path parts are dropped.
 */
export function filenameFromDisposition(header: unknown, fallback: string): string {
  if (typeof header !== 'string') return fallback;
  let name: string | undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended) {
    try {
      name = decodeURIComponent(extended[1].trim());
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
    name = plain ? (plain[2] ?? plain[1]).trim() : undefined;
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base || fallback;
}

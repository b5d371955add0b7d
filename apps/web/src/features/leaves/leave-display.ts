import {
  LEAVE_TYPE_LABELS,
  leaveDays,
  MONTH_NAMES,
  type Leave,
  type LeaveApplyFormValues,
  type ApplyLeaveBody,
} from '@csp/contracts';
import { periodText } from '../../lib/date-span.ts';
import { formatDate } from '../../lib/dates.ts';
import { personName } from '../../lib/person-name.ts';
import { reviewStatusLabel } from '../../lib/review-status.ts';

/**
 * How leaves read on the pages (spec part 2 §2.4): status badges, periods, durations, the apply form's
 * summary and body, the review line and the report's file name. Pure, so it can be tested.
 */

/** 'Jan' … 'Dec' for month 1 … 12 (the charts' axis). */
export const monthShort = (month: number) => (MONTH_NAMES[month - 1] ?? String(month)).slice(0, 3);

export { reviewStatusColor, reviewStatusLabel } from '../../lib/review-status.ts';
export { periodText } from '../../lib/date-span.ts';
export { personName } from '../../lib/person-name.ts';
export { filenameFromDisposition } from '../../lib/content-disposition.ts';

/** '1 day', '3 days'. */
export const daysText = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

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

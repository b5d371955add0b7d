import {
  ATTENDANCE_MESSAGES,
  metresText,
  outOfRangeNote,
  parseLocationText,
  percentage,
  type Attendance,
  type TeacherReport,
} from '@csp/contracts';
import { formatDate } from '../../lib/dates.ts';
import { mapsUrl as pointMapsUrl } from '../../lib/geo.ts';

/**
 * How attendance records read on the pages (spec part 2 §2.9, §4): status badges, the office-range
 * indicator, the day's progress, clock times and the 'View Map' link. Pure, so it can be tested.
 */

/** Pending, Approved, Rejected (the same review statuses as leaves). */
export { reviewStatusColor, reviewStatusLabel } from '../../lib/review-status.ts';

/**
 * The card's office-range indicator (spec §2.9): 'Within range' (green) inside the office radius, the
 * distance ('1.2 km from office', red) outside it, 'Not validated' (grey) when the check-in or the office
 * had no coordinates.
 */
export function rangeIndicator(a: Pick<Attendance, 'isWithinOfficeRange' | 'distanceFromOffice'>): {
  label: string;
  color: string;
} {
  if (a.isWithinOfficeRange === true) return { label: 'Within range', color: 'green' };
  if (a.isWithinOfficeRange === false) {
    return a.distanceFromOffice === null
      ? { label: 'Outside range', color: 'red' }
      : { label: `${metresText(a.distanceFromOffice)} from office`, color: 'red' };
  }
  return { label: 'Not validated', color: 'gray' };
}

/**
 * The day's progress (spec §4): 'Day Complete' after the check-out; without one, 'In Progress' on the
 * organisation's today and 'Incomplete' on an earlier day.
 */
export function progressLabel(a: Pick<Attendance, 'checkOut' | 'date'>, today: string): string {
  if (a.checkOut) return ATTENDANCE_MESSAGES.dayComplete;
  return a.date === today ? ATTENDANCE_MESSAGES.inProgress : ATTENDANCE_MESSAGES.incomplete;
}

/**
 * '08:05': the clock time (24 hours, as the rest of the app) of an ISO date-time, in `timeZone` (the
 * organisation's, so it matches the report's average check-in) or the browser's own when not given or
 * unknown; '' for an empty or unparsable value.
 */
export function formatClock(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const options: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
  try {
    return new Intl.DateTimeFormat('en-GB', { ...options, timeZone }).format(d);
  } catch {
    return new Intl.DateTimeFormat('en-GB', options).format(d);
  }
}

/** The day (YYYY-MM-DD) of an ISO date-time in `timeZone` (the browser's when not given or unknown). */
export function dayIn(iso: string, timeZone?: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
  try {
    return new Intl.DateTimeFormat('en-CA', { ...options, timeZone }).format(d);
  } catch {
    return new Intl.DateTimeFormat('en-CA', options).format(d);
  }
}

/** '22 Nov 2026, 14:05' in `timeZone`, as the check-in times beside it; '' for an empty value. */
export function formatMoment(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return '';
  const day = dayIn(iso, timeZone);
  return day ? `${formatDate(day)}, ${formatClock(iso, timeZone)}` : '';
}

/** The 'View Map' link of a 'lat,long' location, or null when there is no readable point. */
export function mapsUrl(location: string | null | undefined): string | null {
  if (!location) return null;
  const point = parseLocationText(location);
  return point ? pointMapsUrl(point.latitude, point.longitude) : null;
}

/** The Full Review form's values (the decision is '' until one is chosen). */
export type ReviewValues = { status: string; adminNotes: string };

/**
 * The Full Review dialog's first values (spec §4): REJECTED with a note about the distance when the
 * check-in was outside the office range, otherwise APPROVED with empty notes.
 */
export function defaultReview(
  record: Pick<Attendance, 'isWithinOfficeRange' | 'distanceFromOffice'>,
): ReviewValues {
  if (record.isWithinOfficeRange === false) {
    return {
      status: 'REJECTED',
      adminNotes: record.distanceFromOffice === null ? '' : outOfRangeNote(record.distanceFromOffice),
    };
  }
  return { status: 'APPROVED', adminNotes: '' };
}

/** 'Asha Perera'. */
export { personName } from '../../lib/person-name.ts';

/** '1 day', '3 days'. */
export const daysText = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

/** '7.5 h': the report's total hours. */
export const hoursText = (hours: number) => `${hours} h`;

export interface BreakdownSection {
  key: 'approved' | 'pending' | 'rejected' | 'absent';
  label: string;
  color: string;
  days: number;
  /** The share of the counted days, one decimal (0 when no day counts). */
  percent: number;
  /** '3 days (60%)'. */
  text: string;
}

/**
 * The report's stacked bar (spec §2.9): the counted days split into approved, pending, rejected and
 * absent, in the status badges' colours (absent grey), each with its share of the total.
 */
export function breakdownSections(
  r: Pick<TeacherReport, 'totalDays' | 'approvedDays' | 'pendingDays' | 'rejectedDays' | 'absentDays'>,
): BreakdownSection[] {
  const parts = [
    { key: 'approved', label: 'Approved', color: 'green', days: r.approvedDays },
    { key: 'pending', label: 'Pending', color: 'yellow', days: r.pendingDays },
    { key: 'rejected', label: 'Rejected', color: 'red', days: r.rejectedDays },
    { key: 'absent', label: 'Absent', color: 'gray', days: r.absentDays },
  ] as const;
  return parts.map((p) => {
    const percent = percentage(p.days, r.totalDays);
    return { ...p, percent, text: `${daysText(p.days)} (${percent}%)` };
  });
}

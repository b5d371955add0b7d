import { formatDate } from './dates.ts';

/** '3 Mar 2026' for a one-day span (a leave), '3 Mar 2026 – 5 Mar 2026' otherwise. */
export function periodText(startDate: string, endDate: string): string {
  return !endDate || startDate === endDate
    ? formatDate(startDate)
    : `${formatDate(startDate)} – ${formatDate(endDate)}`;
}

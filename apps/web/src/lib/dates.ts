import dayjs from 'dayjs';

export { addDays, addMonths, ageOn, daysBetween, isIsoDate, todayIn } from '@csp/contracts';

/** '22 Nov 2026' from an ISO date or date-time; '' for empty values, the input for unparsable ones. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format('D MMM YYYY') : value;
}

/** '22 Nov 2026, 14:05' in the browser's time zone. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format('D MMM YYYY, HH:mm') : value;
}

/** '1 year', '4 years'. */
export function ageText(age: number): string {
  return `${age} ${age === 1 ? 'year' : 'years'}`;
}

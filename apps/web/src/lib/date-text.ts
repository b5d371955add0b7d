import { isIsoDate } from '@csp/contracts';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

/** How date pickers show a date: '22 Nov 2026' (the same as formatDate). */
export const DATE_INPUT_FORMAT = 'D MMM YYYY';

const TYPED_FORMATS = [DATE_INPUT_FORMAT, 'D MMMM YYYY', 'D/M/YYYY', 'D.M.YYYY', 'MMMM D, YYYY'];

/**
 * A date typed into a date picker as YYYY-MM-DD, or null when it is not a date yet. Takes the ISO form
 * ('2026-11-22') and the shown form ('22 Nov 2026'), strictly, so no time zone can shift the day.
 */
export function parseDateText(text: string): string | null {
  const value = text.trim();
  if (!value) return null;
  if (isIsoDate(value)) return value;
  for (const format of TYPED_FORMATS) {
    const d = dayjs(value, format, true);
    if (d.isValid()) return d.format('YYYY-MM-DD');
  }
  return null;
}

import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

// Only the notification list shows relative times: the plugin loads with it, not with every page that
// formats a date (lib/dates.ts).
dayjs.extend(relativeTime);

/** '3 hours ago'. */
export function formatRelative(value: string | null | undefined): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.fromNow() : value;
}

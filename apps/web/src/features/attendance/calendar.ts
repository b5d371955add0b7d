import {
  DAY_KIND_LABELS,
  MONTH_NAMES,
  isoWeekday,
  monthBounds,
  type DayKind,
  type MonthlyStats,
} from '@csp/contracts';
import { addDays } from '../../lib/dates.ts';

/**
 * The attendance calendar's pure parts (spec part 2 §2.9, §4, §9): a month as weeks that start on
 * Sunday, moving between months, and how each kind of day looks. The kind of every day comes from the
 * API's monthly stats (`days`, the one working-day rule); it is never worked out here.
 */

export interface YearMonth {
  year: number;
  /** 1 … 12 */
  month: number;
}

export interface CalendarCell {
  /** YYYY-MM-DD */
  date: string;
  /** Day of the month, 1 … 31. */
  day: number;
  /** The API's classification; null while it is not known (loading, or missing from the answer). */
  kind: DayKind | null;
}

/** Seven places, Sunday to Saturday; null before the 1st and after the last day. */
export type CalendarWeek = (CalendarCell | null)[];

/** The calendar's column heads, Sunday first (spec §9: the week starts on Sunday). */
export const WEEKDAYS = [
  { short: 'Sun', long: 'Sunday' },
  { short: 'Mon', long: 'Monday' },
  { short: 'Tue', long: 'Tuesday' },
  { short: 'Wed', long: 'Wednesday' },
  { short: 'Thu', long: 'Thursday' },
  { short: 'Fri', long: 'Friday' },
  { short: 'Sat', long: 'Saturday' },
] as const;

/** Sunday 0 … Saturday 6 of a YYYY-MM-DD date. */
export const sundayIndex = (date: string) => isoWeekday(date) % 7;

/** The month a YYYY-MM-DD date falls in. */
export function monthOf(date: string): YearMonth {
  const [year, month] = date.split('-').map(Number);
  return { year, month };
}

/** The month `delta` months after (negative: before) the given one. */
export function shiftMonth({ year, month }: YearMonth, delta: number): YearMonth {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export const sameMonth = (a: YearMonth, b: YearMonth) => a.year === b.year && a.month === b.month;

/** 'May 2026'. */
export const monthTitle = ({ year, month }: YearMonth) => `${MONTH_NAMES[month - 1] ?? month} ${year}`;

/**
 * The month as weeks of seven places, Sunday first, each day with its kind from `days` (the monthly
 * stats' classification); the places before the 1st and after the last day are null.
 */
export function monthGrid({ year, month }: YearMonth, days: MonthlyStats['days'] = []): CalendarWeek[] {
  const kinds = new Map(days.map((d) => [d.date, d.kind]));
  const { from, to } = monthBounds(year, month);
  const weeks: CalendarWeek[] = [];
  let week: CalendarWeek = Array.from({ length: sundayIndex(from) }, () => null);
  for (let date = from; date <= to; date = addDays(date, 1)) {
    week.push({ date, day: Number(date.slice(8)), kind: kinds.get(date) ?? null });
    if (week.length === 7) {
      weeks.push(week);
      week = [];
    }
  }
  if (week.length > 0) weeks.push([...week, ...Array.from({ length: 7 - week.length }, () => null)]);
  return weeks;
}

/** The day to show in the detail panel when a month opens: today in today's month, else the 1st. */
export function defaultSelectedDay(shown: YearMonth, today: string): string {
  return sameMonth(shown, monthOf(today)) ? today : monthBounds(shown.year, shown.month).from;
}

export interface DayKindStyle {
  /** Mantine colour name (badges, swatches). */
  color: string;
  background: string;
  /** The day's number and label: dark on every tint, so each reads at WCAG AA contrast. */
  text: string;
  border: string;
  /** The small sign beside the number. */
  sign: string;
}

const DARK_TEXT = 'var(--mantine-color-gray-9)';

const tinted = (color: string, bg: number, border: number): DayKindStyle => ({
  color,
  background: `var(--mantine-color-${color}-${bg})`,
  text: DARK_TEXT,
  border: `var(--mantine-color-${color}-${border})`,
  sign: `var(--mantine-color-${color}-9)`,
});

const NEUTRAL: DayKindStyle = {
  color: 'gray',
  background: 'var(--mantine-color-gray-0)',
  text: 'var(--mantine-color-gray-7)',
  border: 'var(--mantine-color-gray-3)',
  sign: 'var(--mantine-color-gray-7)',
};

/**
 * How each kind of day looks (spec §4): approved leave blue, future grey, absent red, present green,
 * pending yellow, rejected orange; days off and days before the teacher joined a neutral light tint.
 */
export const DAY_KIND_STYLES: Record<DayKind, DayKindStyle> = {
  LEAVE: tinted('blue', 1, 4),
  FUTURE: tinted('gray', 2, 4),
  PRESENT: tinted('green', 1, 4),
  PENDING: tinted('yellow', 2, 5),
  REJECTED: tinted('orange', 2, 5),
  ABSENT: tinted('red', 1, 4),
  OFF_DAY: NEUTRAL,
  BEFORE_START: NEUTRAL,
};

/** The legend, in the order a reader meets the colours. */
export const LEGEND_KINDS: readonly DayKind[] = [
  'PRESENT',
  'PENDING',
  'REJECTED',
  'ABSENT',
  'LEAVE',
  'FUTURE',
  'OFF_DAY',
  'BEFORE_START',
];

export const dayKindLabel = (kind: DayKind | null) => (kind ? DAY_KIND_LABELS[kind] : 'Loading');

/** The first of `items` whose period covers `date` (a leave on a day). */
export function coveringPeriod<T extends { startDate: string; endDate: string }>(
  items: readonly T[],
  date: string,
): T | undefined {
  return items.find((i) => i.startDate <= date && date <= i.endDate);
}

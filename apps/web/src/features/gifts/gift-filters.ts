import { GIFT_STATUS_LABELS, GIFT_STATUSES, isIsoDate, isUuid, type GiftStatus } from '@csp/contracts';

/**
 * The filters of /gifts (spec part 2 §2.3 "Gift list"): a search over gift name, sub-type, student and
 * teacher; year; month; a specific date (all three on the gift's date); status; student; and teacher
 * (administrators only). They live in the address; these functions read them from it and turn them
 * into the query of GET /api/gifts.
 */
export interface GiftFilters {
  search?: string;
  year?: number;
  month?: number;
  /** YYYY-MM-DD. */
  date?: string;
  status?: GiftStatus;
  /** A student's record id (uuid). */
  student?: string;
  /** A teacher's user id (administrators' filter). */
  teacherId?: string;
}

const wholeIn = (text: string | null, min: number, max: number): number | undefined => {
  if (!text || !/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return n >= min && n <= max ? n : undefined;
};

const uuidOrNothing = (text: string | null) => (text && isUuid(text) ? text : undefined);

/**
 * The filters in an address (invalid values are ignored). The teacher filter is read only when
 * `withTeacher` (administrators): a teacher's list is always their own.
 */
export function giftFiltersFromParams(params: URLSearchParams, withTeacher: boolean): GiftFilters {
  const status = params.get('status') ?? '';
  const date = params.get('date') ?? '';
  const search = params.get('search')?.trim();
  return {
    search: search || undefined,
    year: wholeIn(params.get('year'), 2000, 2100),
    month: wholeIn(params.get('month'), 1, 12),
    date: isIsoDate(date) ? date : undefined,
    status: (GIFT_STATUSES as readonly string[]).includes(status) ? (status as GiftStatus) : undefined,
    student: uuidOrNothing(params.get('student')),
    teacherId: withTeacher ? uuidOrNothing(params.get('teacherId')) : undefined,
  };
}

/** The query of GET /api/gifts for the filters (set ones only). */
export function giftFilterQuery(filters: GiftFilters): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  if (filters.search?.trim()) query.search = filters.search.trim();
  if (filters.year !== undefined) query.year = filters.year;
  if (filters.month !== undefined) query.month = filters.month;
  if (filters.date) query.date = filters.date;
  if (filters.status) query.status = filters.status;
  if (filters.student) query.student = filters.student;
  if (filters.teacherId) query.teacherId = filters.teacherId;
  return query;
}

/** How many filters other than the search narrow the list (the badge beside 'Show Filters'). */
export function activeFilterCount(filters: GiftFilters): number {
  return Object.keys(giftFilterQuery({ ...filters, search: undefined })).length;
}

/** The address keys of the panel's filters: 'Clear filters' empties them all (and the search). */
export const GIFT_FILTER_KEYS = ['year', 'month', 'date', 'status', 'student', 'teacherId'] as const;
export type GiftFilterKey = (typeof GIFT_FILTER_KEYS)[number];

export const GIFT_STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...GIFT_STATUSES.map((s) => ({ value: s, label: GIFT_STATUS_LABELS[s] })),
];

/** How many years back the year filter offers (gifts have no years call of their own). */
const YEARS_BACK = 5;

/**
 * The year choices: next year, this year (the organisation's) and the five before it, newest first,
 * and the chosen year even when it is outside them (an address kept from before).
 */
export function giftYearOptions(thisYear: number, chosen?: number): { value: string; label: string }[] {
  const years = new Set<number>();
  for (let y = thisYear + 1; y >= thisYear - YEARS_BACK; y--) years.add(y);
  if (chosen !== undefined) years.add(chosen);
  return [
    { value: '', label: 'All years' },
    ...[...years].sort((a, b) => b - a).map((y) => ({ value: String(y), label: String(y) })),
  ];
}

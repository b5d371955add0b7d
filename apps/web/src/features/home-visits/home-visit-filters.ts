import {
  HOME_VISIT_STATUSES,
  isIsoDate,
  LOCATION_FILTERS,
  type HomeVisitStatus,
  type LocationFilter,
} from '@csp/contracts';
import { visitStatusLabel } from '../../lib/visit-status.ts';

/**
 * The filters of the home-visit list and the review queue (spec part 2 §2.2): year, month, a specific
 * date, status (list only), location (all, warnings, normal) and a name search (review only). They live
 * in the address; these functions read them from it and turn them into the calls' query.
 */
export interface VisitFilters {
  year?: number;
  month?: number;
  /** YYYY-MM-DD. */
  date?: string;
  status?: HomeVisitStatus;
  /** 'all' is the same as none and is never sent. */
  location?: Exclude<LocationFilter, 'all'>;
  search?: string;
}

const wholeIn = (text: string | null, min: number, max: number): number | undefined => {
  if (!text || !/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return n >= min && n <= max ? n : undefined;
};

/** The filters in an address (invalid values are ignored). */
export function filtersFromParams(params: URLSearchParams): VisitFilters {
  const status = params.get('status');
  const location = params.get('location');
  const date = params.get('date') ?? '';
  const search = params.get('search')?.trim();
  return {
    year: wholeIn(params.get('year'), 2000, 2100),
    month: wholeIn(params.get('month'), 1, 12),
    date: isIsoDate(date) ? date : undefined,
    status: (HOME_VISIT_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as HomeVisitStatus)
      : undefined,
    location: location === 'warnings' || location === 'normal' ? location : undefined,
    search: search || undefined,
  };
}

/** The query of GET /home-visits and GET /home-visits/pending/review for the filters (set ones only). */
export function filterQuery(filters: VisitFilters): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  if (filters.year !== undefined) query.year = filters.year;
  if (filters.month !== undefined) query.month = filters.month;
  if (filters.date) query.date = filters.date;
  if (filters.status) query.status = filters.status;
  if (filters.location) query.location = filters.location;
  if (filters.search?.trim()) query.search = filters.search.trim();
  return query;
}

/** Whether any filter narrows the list (the search included). */
export function hasFilters(filters: VisitFilters): boolean {
  return Object.keys(filterQuery(filters)).length > 0;
}

/** The address keys of the filters: 'Clear filters' empties them all. */
export const FILTER_KEYS = ['year', 'month', 'date', 'status', 'location'] as const;

export const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...HOME_VISIT_STATUSES.map((s) => ({ value: s, label: visitStatusLabel(s) })),
];

const LOCATION_LABELS: Record<LocationFilter, string> = {
  all: 'All locations',
  warnings: 'Location warnings',
  normal: 'Normal locations',
};

export const LOCATION_OPTIONS = LOCATION_FILTERS.map((l) => ({
  value: l === 'all' ? '' : l,
  label: LOCATION_LABELS[l],
}));

/**
 * The year choices: the years the visits fall in (GET /home-visits/years), newest first, and the chosen
 * year even when it has no visits (an address kept from before).
 */
export function yearOptions(years: readonly number[], chosen?: number): { value: string; label: string }[] {
  const all = new Set(years);
  if (chosen !== undefined) all.add(chosen);
  return [
    { value: '', label: 'All years' },
    ...[...all].sort((a, b) => b - a).map((y) => ({ value: String(y), label: String(y) })),
  ];
}

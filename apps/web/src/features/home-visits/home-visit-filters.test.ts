import { describe, expect, it } from 'vitest';
import {
  filterQuery,
  filtersFromParams,
  hasFilters,
  LOCATION_OPTIONS,
  STATUS_OPTIONS,
  yearOptions,
} from './home-visit-filters.ts';
import { MONTH_OPTIONS } from '../../lib/listParams.ts';

const read = (query: string) => filtersFromParams(new URLSearchParams(query));

describe('filters in the address', () => {
  it('reads valid values', () => {
    expect(
      read('year=2026&month=3&date=2026-03-04&status=PENDING&location=warnings&search=%20maya%20'),
    ).toEqual({
      year: 2026,
      month: 3,
      date: '2026-03-04',
      status: 'PENDING',
      location: 'warnings',
      search: 'maya',
    });
  });

  it('ignores invalid ones, and location=all is no filter', () => {
    expect(read('year=26&month=13&date=4 March&status=DONE&location=all&search=')).toEqual({
      year: undefined,
      month: undefined,
      date: undefined,
      status: undefined,
      location: undefined,
      search: undefined,
    });
    expect(hasFilters(read('location=all'))).toBe(false);
  });

  it('sends only the filters that are set', () => {
    expect(filterQuery(read('month=11&location=normal'))).toEqual({ month: 11, location: 'normal' });
    expect(filterQuery({ search: '  ' })).toEqual({});
    expect(hasFilters(read('search=ana'))).toBe(true);
  });
});

describe('filter choices', () => {
  it('offers the years with visits, newest first, and a chosen year without any', () => {
    expect(yearOptions([2025, 2026], 2023).map((o) => o.value)).toEqual(['', '2026', '2025', '2023']);
    expect(yearOptions([2026, 2026]).map((o) => o.label)).toEqual(['All years', '2026']);
  });

  it('names the months, statuses and location choices', () => {
    expect(MONTH_OPTIONS).toHaveLength(13);
    expect(MONTH_OPTIONS[12]).toEqual({ value: '12', label: 'December' });
    expect(STATUS_OPTIONS.map((o) => o.label)).toEqual([
      'All statuses',
      'Pending Review',
      'Approved',
      'Rejected',
    ]);
    expect(LOCATION_OPTIONS.map((o) => o.value)).toEqual(['', 'warnings', 'normal']);
  });
});

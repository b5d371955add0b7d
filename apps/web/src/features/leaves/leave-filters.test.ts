import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  analyticsFromParams,
  exportQuery,
  hasLeaveFilters,
  hasTeacherFilters,
  LEAVE_APPLIED_OPTIONS,
  LEAVE_STATUS_OPTIONS,
  leaveFiltersFromParams,
  leaveListQuery,
  leaveSummaryQuery,
  teacherStatsQuery,
  yearChoices,
} from './leave-filters.ts';

const read = (query: string) => leaveFiltersFromParams(new URLSearchParams(query));

describe('the list filters in the address', () => {
  it('reads valid values and trims the search', () => {
    expect(read('search=%20sick%20&status=PENDING&applied=last_month')).toEqual({
      search: 'sick',
      status: 'PENDING',
      applied: 'last_month',
    });
  });

  it('ignores invalid ones; applied=all is no filter', () => {
    expect(read('search=%20&status=pending&applied=all')).toEqual({
      search: undefined,
      status: undefined,
      applied: undefined,
    });
    expect(read('applied=next_year').applied).toBeUndefined();
  });

  it('counts the panel filters, not the search', () => {
    expect(activeFilterCount({ search: 'x' })).toBe(0);
    expect(activeFilterCount({ status: 'APPROVED', applied: 'this_year' })).toBe(2);
    expect(hasLeaveFilters({ search: 'x' })).toBe(true);
    expect(hasLeaveFilters({ search: '  ' })).toBe(false);
  });
});

describe('the calls’ queries', () => {
  it('sends only the set filters with the page and its size', () => {
    expect(leaveListQuery({}, 1, 10)).toEqual({ page: 1, limit: 10 });
    expect(leaveListQuery({ search: ' Maya ', status: 'REJECTED', applied: 'this_month' }, 3, 10)).toEqual({
      search: 'Maya',
      status: 'REJECTED',
      applied: 'this_month',
      page: 3,
      limit: 10,
    });
  });

  it('the stat tiles leave the status out (they split by it) and carry a teacher’s own id', () => {
    expect(leaveSummaryQuery({ search: 'flu', status: 'PENDING', applied: 'this_year' }, 't-1')).toEqual({
      search: 'flu',
      applied: 'this_year',
      teacherId: 't-1',
    });
    expect(leaveSummaryQuery({ status: 'APPROVED' })).toEqual({});
  });
});

describe('the select choices', () => {
  it('offer all statuses and all applied ranges, "all" as the empty value', () => {
    expect(LEAVE_STATUS_OPTIONS.map((o) => o.label)).toEqual([
      'All statuses',
      'Pending',
      'Approved',
      'Rejected',
    ]);
    expect(LEAVE_APPLIED_OPTIONS).toEqual([
      { value: '', label: 'All time' },
      { value: 'this_month', label: 'This month' },
      { value: 'last_month', label: 'Last month' },
      { value: 'this_year', label: 'This year' },
    ]);
    expect(yearChoices(2026).map((o) => o.value)).toEqual(['2026', '2025', '2024', '2023', '2022']);
  });
});

describe('the analytics dashboard', () => {
  const at = (query: string) => analyticsFromParams(new URLSearchParams(query), 2026);

  it('opens on the monthly view of this year', () => {
    expect(at('')).toEqual({
      view: 'monthly',
      year: 2026,
      month: undefined,
      teacherId: undefined,
      search: undefined,
    });
  });

  it('keeps a year among the choices only, and a month 1–12', () => {
    expect(at('year=2022').year).toBe(2022);
    expect(at('year=2021').year).toBe(2026);
    expect(at('year=2027').year).toBe(2026);
    expect(at('month=12').month).toBe(12);
    expect(at('month=0').month).toBeUndefined();
    expect(at('view=pie').view).toBe('monthly');
  });

  it('exports what the open tab shows', () => {
    const filters = at('view=teachers&year=2025&month=3&teacherId=abc&search=%20Ra%20');
    expect(hasTeacherFilters(filters)).toBe(true);
    expect(teacherStatsQuery(filters)).toEqual({ year: 2025, month: 3, teacherId: 'abc', search: 'Ra' });
    expect(exportQuery(filters)).toEqual({
      view: 'teachers',
      year: 2025,
      month: 3,
      teacherId: 'abc',
      search: 'Ra',
    });
    expect(exportQuery({ ...filters, view: 'monthly' })).toEqual({ view: 'monthly', year: 2025 });
    expect(exportQuery({ ...filters, view: 'yearly' })).toEqual({ view: 'yearly' });
    expect(hasTeacherFilters(at('view=teachers&year=2025'))).toBe(false);
  });
});

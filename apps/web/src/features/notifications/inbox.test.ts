import { describe, expect, it } from 'vitest';
import {
  dateRange,
  dateRangeIn,
  emptyState,
  filterParams,
  filtersFromParams,
  hasActiveFilters,
  inboxQuery,
  NO_FILTERS,
  pageSizeFromParams,
} from './inbox.ts';

const TODAY = '2026-03-18'; // a Wednesday

describe('date ranges', () => {
  it('cover today, this week (Sunday to Saturday) and this month, counted from the given day', () => {
    expect(dateRange('all', TODAY)).toEqual({});
    expect(dateRange('today', TODAY)).toEqual({ from: TODAY, to: TODAY });
    expect(dateRange('week', TODAY)).toEqual({ from: '2026-03-15', to: '2026-03-21' });
    expect(dateRange('month', TODAY)).toEqual({ from: '2026-03-01', to: '2026-03-31' });
  });

  it('handle weeks across months and years, Sundays, Saturdays and short months', () => {
    expect(dateRange('week', '2026-01-01')).toEqual({ from: '2025-12-28', to: '2026-01-03' });
    expect(dateRange('week', '2026-03-15')).toEqual({ from: '2026-03-15', to: '2026-03-21' });
    expect(dateRange('week', '2026-03-21')).toEqual({ from: '2026-03-15', to: '2026-03-21' });
    expect(dateRange('month', '2026-02-10')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(dateRange('month', '2028-02-29')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(dateRange('month', '2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it("count in the organisation's time zone, not the browser's", () => {
    // 17:00 UTC on Saturday 28 Feb 2026: 22:30 on Saturday in Colombo, already 07:00 on Sunday 1 March
    // in Kiritimati (UTC+14), 09:00 on Saturday in Los Angeles.
    const now = new Date('2026-02-28T17:00:00Z');
    expect(dateRangeIn('today', 'Asia/Colombo', now)).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(dateRangeIn('today', 'Pacific/Kiritimati', now)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(dateRangeIn('week', 'Asia/Colombo', now)).toEqual({ from: '2026-02-22', to: '2026-02-28' });
    expect(dateRangeIn('week', 'Pacific/Kiritimati', now)).toEqual({ from: '2026-03-01', to: '2026-03-07' });
    expect(dateRangeIn('month', 'Asia/Colombo', now)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(dateRangeIn('month', 'Pacific/Kiritimati', now)).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(dateRangeIn('month', 'America/Los_Angeles', now)).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
  });
});

describe('the server query', () => {
  it('asks for everything, a page at a time, without filters', () => {
    expect(inboxQuery(NO_FILTERS, 1, 10, TODAY)).toEqual({ page: 1, limit: 10 });
  });

  it('sends the tab as read=false/true', () => {
    expect(inboxQuery({ ...NO_FILTERS, status: 'unread' }, 1, 10, TODAY).read).toBe('false');
    expect(inboxQuery({ ...NO_FILTERS, status: 'read' }, 1, 10, TODAY).read).toBe('true');
  });

  it('sends the type, the date range, the trimmed search, the page and the page size', () => {
    expect(
      inboxQuery(
        { search: '  Ravi ', status: 'unread', type: 'student_assigned', date: 'week' },
        3,
        20,
        TODAY,
      ),
    ).toEqual({
      page: 3,
      limit: 20,
      read: 'false',
      type: 'student_assigned',
      from: '2026-03-15',
      to: '2026-03-21',
      search: 'Ravi',
    });
    expect(inboxQuery({ ...NO_FILTERS, search: '   ' }, 1, 5, TODAY)).toEqual({ page: 1, limit: 5 });
    expect(inboxQuery({ ...NO_FILTERS, type: 'GENERAL', date: 'today' }, 1, 50, TODAY)).toEqual({
      page: 1,
      limit: 50,
      type: 'GENERAL',
      from: TODAY,
      to: TODAY,
    });
  });
});

describe('the address', () => {
  it('reads the view, unknown values as the defaults', () => {
    expect(filtersFromParams(new URLSearchParams(''))).toEqual(NO_FILTERS);
    expect(
      filtersFromParams(new URLSearchParams('status=read&type=GIFT_ASSIGNMENT&date=month&search=gift')),
    ).toEqual({ status: 'read', type: 'GIFT_ASSIGNMENT', date: 'month', search: 'gift' });
    expect(filtersFromParams(new URLSearchParams('status=x&type=OTHER&date=year'))).toEqual(NO_FILTERS);
    expect(pageSizeFromParams(new URLSearchParams(''))).toBe(10);
    expect(pageSizeFromParams(new URLSearchParams('size=50'))).toBe(50);
    expect(pageSizeFromParams(new URLSearchParams('size=7'))).toBe(10);
  });

  it('writes a filter change without defaults and back on page 1', () => {
    expect(filterParams({ status: 'unread' })).toEqual({ page: undefined, status: 'unread' });
    expect(filterParams({ status: 'all', type: 'ALL', date: 'all' })).toEqual({
      page: undefined,
      status: undefined,
      type: undefined,
      date: undefined,
    });
    expect(filterParams({ type: 'HOME_VISIT_REMINDER', date: 'today' })).toEqual({
      page: undefined,
      type: 'HOME_VISIT_REMINDER',
      date: 'today',
    });
  });
});

describe('empty states and filters', () => {
  it('differ by tab and say when filters hide everything', () => {
    expect(emptyState('all', false).title).toBe('No notifications');
    expect(emptyState('unread', false)).toEqual({
      title: 'No unread notifications',
      hint: "You're all caught up!",
    });
    expect(emptyState('read', true)).toEqual({
      title: 'No read notifications',
      hint: 'No notifications match your search or filters.',
    });
  });

  it('count search, type and date as narrowing, not the tab', () => {
    expect(hasActiveFilters({ ...NO_FILTERS, status: 'read' })).toBe(false);
    expect(hasActiveFilters({ ...NO_FILTERS, search: ' ' })).toBe(false);
    expect(hasActiveFilters({ ...NO_FILTERS, search: 'x' })).toBe(true);
    expect(hasActiveFilters({ ...NO_FILTERS, date: 'today' })).toBe(true);
  });
});

import type { Notification } from '@csp/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { emptyState, filterNotifications, inboxCounts, NO_FILTERS, pageWindow, paginate } from './inbox.ts';

const now = dayjs('2026-03-18T12:00:00'); // a Wednesday
let seq = 0;
function n(fields: Partial<Notification>): Notification {
  seq += 1;
  return {
    id: `n${seq}`,
    type: 'GENERAL',
    title: `Title ${seq}`,
    message: `Message ${seq}`,
    isRead: false,
    createdAt: now.toISOString(),
    ...fields,
  };
}

describe('filterNotifications', () => {
  const gift = n({ type: 'GIFT_ASSIGNMENT', title: 'Gift for Ravi', isRead: true });
  const assigned = n({ type: 'student_assigned', message: 'Priya has been assigned to you.' });
  const odd = n({ type: 'SOMETHING_NEW', createdAt: now.subtract(3, 'day').toISOString() });
  const old = n({ type: 'GENERAL', createdAt: now.subtract(40, 'day').toISOString(), isRead: true });
  const list = [gift, assigned, odd, old];
  const ids = (f: Partial<typeof NO_FILTERS>) =>
    filterNotifications(list, { ...NO_FILTERS, ...f }, now).map((x) => x.id);

  it('filters by status tab', () => {
    expect(ids({})).toEqual([gift.id, assigned.id, odd.id, old.id]);
    expect(ids({ status: 'unread' })).toEqual([assigned.id, odd.id]);
    expect(ids({ status: 'read' })).toEqual([gift.id, old.id]);
  });

  it('searches title and message, ignoring case and outer spaces', () => {
    expect(ids({ search: '  ravi ' })).toEqual([gift.id]);
    expect(ids({ search: 'PRIYA' })).toEqual([assigned.id]);
    expect(ids({ search: 'nobody' })).toEqual([]);
  });

  it('treats unknown types as General', () => {
    expect(ids({ type: 'GENERAL' })).toEqual([odd.id, old.id]);
    expect(ids({ type: 'student_assigned' })).toEqual([assigned.id]);
    expect(ids({ type: 'MEASUREMENT_REMINDER' })).toEqual([]);
  });

  it('filters by today, this week (from Sunday) and this month', () => {
    expect(ids({ date: 'today' })).toEqual([gift.id, assigned.id]);
    // Sunday 15 March starts the week: the Sunday entry is in, three days back from Wednesday.
    expect(ids({ date: 'week' })).toEqual([gift.id, assigned.id, odd.id]);
    expect(ids({ date: 'month' })).toEqual([gift.id, assigned.id, odd.id]);
    const yesterdayWeekStart = filterNotifications(
      [n({ createdAt: '2026-03-14T23:59:00' })],
      { ...NO_FILTERS, date: 'week' },
      now,
    );
    expect(yesterdayWeekStart).toEqual([]);
  });

  it('combines filters', () => {
    expect(ids({ status: 'read', type: 'GENERAL', date: 'month' })).toEqual([]);
    expect(ids({ status: 'unread', type: 'GENERAL', search: 'message' })).toEqual([odd.id]);
  });
});

describe('counts and paging', () => {
  it('counts total, unread and read', () => {
    expect(inboxCounts([{ isRead: true }, { isRead: false }, { isRead: false }])).toEqual({
      total: 3,
      unread: 2,
      read: 1,
    });
  });

  it('slices a page and reports the shown range', () => {
    const list = Array.from({ length: 23 }, (_, i) => i + 1);
    expect(paginate(list, 1, 10)).toMatchObject({ items: list.slice(0, 10), from: 1, to: 10, totalPages: 3 });
    expect(paginate(list, 3, 10)).toMatchObject({ items: [21, 22, 23], from: 21, to: 23, page: 3 });
    // A page beyond the end (after deletions) shows the last page.
    expect(paginate(list, 9, 10)).toMatchObject({ page: 3, from: 21 });
    expect(paginate([], 1, 10)).toMatchObject({ items: [], from: 0, to: 0, total: 0, totalPages: 1 });
  });

  it('shows at most 5 page buttons around the current page', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 12)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(12, 12)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(11, 12)).toEqual([8, 9, 10, 11, 12]);
  });
});

describe('empty states', () => {
  it('differ by tab and say when filters hide everything', () => {
    expect(emptyState('all', false).title).toBe('No notifications');
    expect(emptyState('unread', false).title).toBe('No unread notifications');
    expect(emptyState('read', true)).toEqual({
      title: 'No read notifications',
      hint: 'No notifications match your search or filters.',
    });
  });
});

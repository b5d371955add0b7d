import { describe, expect, it } from 'vitest';
import { eachId, notificationKeys, unreadBadgeText } from './notifications.api.ts';

describe('unread badge', () => {
  it("caps the text at '99+'", () => {
    expect(unreadBadgeText(1)).toBe('1');
    expect(unreadBadgeText(99)).toBe('99');
    expect(unreadBadgeText(100)).toBe('99+');
  });
});

describe('query keys', () => {
  it('put the counters and every inbox page under one key, so a mutation refreshes both', () => {
    const page = notificationKeys.list({ page: 2, limit: 10, read: 'false' });
    expect(notificationKeys.counts().slice(0, 1)).toEqual(notificationKeys.all);
    expect(page.slice(0, 2)).toEqual(notificationKeys.lists());
    expect(page.slice(0, 1)).toEqual(notificationKeys.all);
  });
});

describe('bulk actions', () => {
  it('make one call per id and report which failed', async () => {
    const calls: string[] = [];
    const result = await eachId(['a', 'b', 'c'], async (id) => {
      calls.push(id);
      if (id === 'b') throw new Error('gone');
    });
    expect(calls).toEqual(['a', 'b', 'c']);
    expect(result).toEqual({ succeeded: ['a', 'c'], failed: ['b'] });
  });
});

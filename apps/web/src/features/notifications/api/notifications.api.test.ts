import { describe, expect, it } from 'vitest';
import { countUnread, eachId, unreadBadgeText } from './notifications.api.ts';

describe('unread badge', () => {
  it('counts unread notifications', () => {
    expect(countUnread(undefined)).toBe(0);
    expect(countUnread([{ isRead: true }, { isRead: false }, { isRead: false }])).toBe(2);
  });
  it("caps the text at '99+'", () => {
    expect(unreadBadgeText(1)).toBe('1');
    expect(unreadBadgeText(99)).toBe('99');
    expect(unreadBadgeText(100)).toBe('99+');
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

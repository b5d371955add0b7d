import { describe, expect, it } from 'vitest';
import { countUnread, unreadBadgeText } from './notifications.api.ts';

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

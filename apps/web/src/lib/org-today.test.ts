import { describe, expect, it } from 'vitest';
import { orgToday } from './org-today.ts';

describe('orgToday', () => {
  // 17:00 UTC on 1 March: 22:30 in Colombo, already 07:00 on 2 March in Kiritimati (UTC+14).
  const now = new Date('2026-03-01T17:00:00Z');

  it("is the organisation's day, whatever the browser's zone says", () => {
    expect(orgToday({ timezone: 'Asia/Colombo', today: '2026-03-01' }, now)).toBe('2026-03-01');
    expect(orgToday({ timezone: 'Pacific/Kiritimati', today: '2026-03-01' }, now)).toBe('2026-03-02');
  });

  it("falls back to the server's answer for a zone this browser does not know", () => {
    expect(orgToday({ timezone: 'Mars/Olympus_Mons', today: '2026-03-05' }, now)).toBe('2026-03-05');
  });

  it("is the browser's own day while nothing is loaded", () => {
    const local = new Date(2026, 2, 1, 12, 0);
    expect(orgToday(undefined, local)).toBe('2026-03-01');
  });
});

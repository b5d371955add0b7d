import { describe, expect, it } from 'vitest';
import { sentLaterText } from './sent-later.ts';

const MADE = '2026-03-10T08:00:00.000Z';
const later = (ms: number) => new Date(Date.parse(MADE) + ms).toISOString();
const MIN = 60_000;

describe('sentLaterText', () => {
  it('says nothing of a record sent at once, within the clocks’ error, or whose arrival is unknown', () => {
    expect(sentLaterText(MADE, MADE)).toBeNull();
    expect(sentLaterText(MADE, later(5 * MIN))).toBeNull();
    expect(sentLaterText(MADE, later(-10 * MIN))).toBeNull();
    expect(sentLaterText(MADE, null)).toBeNull();
    expect(sentLaterText(MADE, undefined)).toBeNull();
  });

  it('says how much later it was sent: minutes, hours, then days', () => {
    expect(sentLaterText(MADE, later(6 * MIN))).toBe('Recorded offline, sent 6 min later');
    expect(sentLaterText(MADE, later(59 * MIN))).toBe('Recorded offline, sent 59 min later');
    expect(sentLaterText(MADE, later(5 * 60 * MIN))).toBe('Recorded offline, sent 5 h later');
    expect(sentLaterText(MADE, later(47 * 60 * MIN))).toBe('Recorded offline, sent 47 h later');
    expect(sentLaterText(MADE, later(3 * 24 * 60 * MIN))).toBe('Recorded offline, sent 3 days later');
  });
});

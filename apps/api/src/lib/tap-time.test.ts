import { RECORDED_AT_MESSAGES } from '@csp/contracts';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { earlierTap } from './tap-time.ts';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

describe('earlierTap', () => {
  it('is none when no time was sent, or one within five minutes either way (the record takes the arrival)', () => {
    for (const sent of [undefined, null, '', at(-5 * MIN), at(5 * MIN), at(-30_000)]) {
      expect(earlierTap(sent, NOW, 7)).toBeUndefined();
    }
  });

  it('is the time sent when it is earlier than that, up to the limit', () => {
    expect(earlierTap(at(-5 * MIN - 1), NOW, 7)?.toISOString()).toBe(at(-5 * MIN - 1));
    expect(earlierTap(at(-7 * DAY), NOW, 7)?.toISOString()).toBe(at(-7 * DAY));
  });

  it('refuses a time more than five minutes ahead, or older than the limit', () => {
    expect(() => earlierTap(at(5 * MIN + 1), NOW, 7)).toThrow(RECORDED_AT_MESSAGES.inFuture);
    expect(() => earlierTap(at(-7 * DAY - 1), NOW, 7)).toThrow(RECORDED_AT_MESSAGES.tooOld(7));
    expect(() => earlierTap(at(-2 * DAY - 1), NOW, 2)).toThrow(RECORDED_AT_MESSAGES.tooOld(2));
  });
});

describe('OFFLINE_MAX_AGE_DAYS', () => {
  it('is 7 days unless set, and refused at start outside 1 to 90 whole days', () => {
    const base = { DATA_DIR: `/tmp/csp-config-${randomUUID()}`, JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig(base).offlineMaxAgeDays).toBe(7);
    expect(loadConfig({ ...base, OFFLINE_MAX_AGE_DAYS: '1' }).offlineMaxAgeDays).toBe(1);
    expect(loadConfig({ ...base, OFFLINE_MAX_AGE_DAYS: '90' }).offlineMaxAgeDays).toBe(90);
    for (const bad of ['0', '91', '-1', '2.5', 'week']) {
      expect(() => loadConfig({ ...base, OFFLINE_MAX_AGE_DAYS: bad }), bad).toThrow(
        `OFFLINE_MAX_AGE_DAYS must be a whole number of days from 1 to 90, got "${bad}"`,
      );
    }
  });
});

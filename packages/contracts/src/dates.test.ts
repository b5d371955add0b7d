import { describe, expect, it } from 'vitest';
import { addDays, addMonths, ageOn, daysBetween, isIsoDate, todayIn } from './dates.ts';

describe('date rules', () => {
  it('computes whole years of age, never negative', () => {
    expect(ageOn('2024-11-22', '2026-11-22')).toBe(2);
    expect(ageOn('2024-11-23', '2026-11-22')).toBe(1);
    expect(ageOn('2027-01-01', '2026-11-22')).toBe(0);
    expect(ageOn('2024-02-29', '2025-02-28')).toBe(0);
    expect(ageOn('2024-02-29', '2025-03-01')).toBe(1);
  });
  it('adds calendar months with month-end clamping', () => {
    expect(addMonths('2026-01-15', 2)).toBe('2026-03-15');
    expect(addMonths('2026-12-31', 2)).toBe('2027-02-28');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
  });
  it('counts days between dates', () => {
    expect(daysBetween('2026-11-01', '2026-11-22')).toBe(21);
    expect(daysBetween('2026-11-22', '2026-11-01')).toBe(-21);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
  it('validates real calendar dates', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('26-2-3')).toBe(false);
  });
  it("gives the organisation's day in its time zone", () => {
    // 20:00 UTC is already the next day in Colombo (UTC+5:30).
    expect(todayIn('Asia/Colombo', new Date('2026-11-22T20:00:00Z'))).toBe('2026-11-23');
    expect(todayIn('UTC', new Date('2026-11-22T20:00:00Z'))).toBe('2026-11-22');
  });
});

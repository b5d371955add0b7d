import { describe, expect, it } from 'vitest';
import {
  attendanceColor,
  classifyDay,
  countDays,
  isoWeekday,
  monthBounds,
  parseLocationText,
  percentage,
  weekStart,
  type DayRuleInput,
} from './attendance.ts';
import { clockTime } from './dates.ts';

const rule = (over: Partial<DayRuleInput> = {}): DayRuleInput => ({
  today: '2025-03-20',
  workDays: [1, 2, 3, 4, 5],
  firstDay: '2025-03-01',
  leaveDays: new Set(),
  recordStatus: new Map(),
  ...over,
});

describe('the day rule', () => {
  it('puts approved leave first, then future days, then the record, then absence', () => {
    const r = rule({
      leaveDays: new Set(['2025-03-10', '2025-03-25']),
      recordStatus: new Map([
        ['2025-03-10', 'APPROVED'],
        ['2025-03-11', 'APPROVED'],
        ['2025-03-12', 'PENDING'],
        ['2025-03-13', 'REJECTED'],
        ['2025-03-15', 'APPROVED'],
      ]),
    });
    expect(classifyDay('2025-03-10', r)).toBe('LEAVE');
    expect(classifyDay('2025-03-25', r)).toBe('LEAVE');
    expect(classifyDay('2025-03-21', r)).toBe('FUTURE');
    expect(classifyDay('2025-03-11', r)).toBe('PRESENT');
    expect(classifyDay('2025-03-12', r)).toBe('PENDING');
    expect(classifyDay('2025-03-13', r)).toBe('REJECTED');
    expect(classifyDay('2025-03-15', r)).toBe('PRESENT'); // a Saturday with a record
    expect(classifyDay('2025-03-16', r)).toBe('OFF_DAY'); // a Sunday without one
    expect(classifyDay('2025-03-14', r)).toBe('ABSENT');
    expect(classifyDay('2025-03-20', r)).toBe('ABSENT'); // today without a record
    expect(classifyDay('2025-02-28', r)).toBe('BEFORE_START');
  });

  it('counts a month from the kinds', () => {
    const { days, counts } = countDays(
      '2025-03-01',
      '2025-03-31',
      rule({
        today: '2025-03-31',
        leaveDays: new Set(['2025-03-08', '2025-03-10']), // a Saturday and a Monday
        recordStatus: new Map([
          ['2025-03-03', 'APPROVED'],
          ['2025-03-04', 'PENDING'],
        ]),
      }),
    );
    expect(days).toHaveLength(31);
    // 21 weekdays, 1 on leave: 20 counted, 2 with records, 18 absent.
    expect(counts).toEqual({
      totalDays: 20,
      approvedDays: 1,
      pendingDays: 1,
      rejectedDays: 0,
      absentDays: 18,
      approvedLeaveDays: 1,
      attendancePercentage: 5,
    });
  });

  it('gives 0 % when no day counts, one decimal otherwise, and the report colours', () => {
    expect(percentage(0, 0)).toBe(0);
    expect(percentage(2, 3)).toBe(66.7);
    expect([attendanceColor(90), attendanceColor(89.9), attendanceColor(75), attendanceColor(74.9)]).toEqual([
      'green',
      'yellow',
      'yellow',
      'red',
    ]);
  });
});

describe('calendar helpers', () => {
  it('knows weekdays, week starts (Sunday) and month ends', () => {
    expect(isoWeekday('2025-03-01')).toBe(6);
    expect(isoWeekday('2025-03-02')).toBe(7);
    expect(weekStart('2025-03-05')).toBe('2025-03-02');
    expect(weekStart('2025-03-02')).toBe('2025-03-02');
    expect(monthBounds(2024, 2)).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthBounds(2025, 12)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it('writes minutes after midnight as a clock time', () => {
    expect(clockTime(877.5)).toBe('14:38');
    expect(clockTime(59.6)).toBe('01:00');
  });
});

describe('parseLocationText', () => {
  it('reads "lat,long" and refuses anything else', () => {
    expect(parseLocationText('9.6615,80.0255')).toEqual({ latitude: 9.6615, longitude: 80.0255 });
    expect(parseLocationText(' -33.9 , 151.2 ')).toEqual({ latitude: -33.9, longitude: 151.2 });
    for (const bad of ['', 'abc', '91,0', '0,181', '1,2,3', '1;2', '1e3,2']) {
      expect(parseLocationText(bad)).toBeNull();
    }
  });
});

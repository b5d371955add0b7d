import { DAY_KINDS, monthBounds, type DayKind } from '@csp/contracts';
import { describe, expect, it } from 'vitest';
import {
  coveringPeriod,
  DAY_KIND_STYLES,
  dayKindLabel,
  defaultSelectedDay,
  LEGEND_KINDS,
  monthGrid,
  monthOf,
  monthTitle,
  sameMonth,
  shiftMonth,
  sundayIndex,
  WEEKDAYS,
} from './calendar.ts';

/** Every day of a month with one kind, as the monthly stats answer. */
function daysOf(year: number, month: number, kind: (date: string) => DayKind) {
  const { from, to } = monthBounds(year, month);
  const days: { date: string; kind: DayKind }[] = [];
  for (let d = Number(from.slice(8)); d <= Number(to.slice(8)); d++) {
    const date = `${from.slice(0, 8)}${String(d).padStart(2, '0')}`;
    days.push({ date, kind: kind(date) });
  }
  return days;
}

describe('the month grid', () => {
  it('starts its weeks on Sunday', () => {
    expect(WEEKDAYS.map((w) => w.short)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(sundayIndex('2026-03-01')).toBe(0); // a Sunday
    expect(sundayIndex('2026-05-01')).toBe(5); // a Friday
    expect(sundayIndex('2026-05-02')).toBe(6); // a Saturday
  });

  it('pads the first and last week with empty places', () => {
    // May 2026: Friday 1st … Sunday 31st → 6 weeks.
    const weeks = monthGrid({ year: 2026, month: 5 });
    expect(weeks).toHaveLength(6);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks[0].slice(0, 5)).toEqual([null, null, null, null, null]);
    expect(weeks[0][5]).toEqual({ date: '2026-05-01', day: 1, kind: null });
    expect(weeks[5][0]?.date).toBe('2026-05-31');
    expect(weeks[5].slice(1)).toEqual([null, null, null, null, null, null]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
  });

  it('fills exactly four weeks for a February that starts on Sunday', () => {
    const weeks = monthGrid({ year: 2026, month: 2 });
    expect(weeks).toHaveLength(4);
    expect(weeks[0][0]?.date).toBe('2026-02-01');
    expect(weeks[3][6]?.date).toBe('2026-02-28');
  });

  it('handles a leap-year February', () => {
    const cells = monthGrid({ year: 2028, month: 2 }).flat().filter(Boolean);
    expect(cells).toHaveLength(29);
    expect(cells.at(-1)?.date).toBe('2028-02-29');
  });

  it('takes each day’s kind from the monthly stats, never working it out', () => {
    const days = daysOf(2026, 5, (d) =>
      d === '2026-05-04' ? 'PRESENT' : d > '2026-05-20' ? 'FUTURE' : 'OFF_DAY',
    );
    const cells = monthGrid({ year: 2026, month: 5 }, days).flat();
    const byDate = new Map(cells.filter((c) => c !== null).map((c) => [c.date, c.kind]));
    expect(byDate.get('2026-05-04')).toBe('PRESENT');
    expect(byDate.get('2026-05-21')).toBe('FUTURE');
    expect(byDate.get('2026-05-05')).toBe('OFF_DAY');
  });

  it('leaves a day without an answer unknown', () => {
    const cells = monthGrid({ year: 2026, month: 5 }, [{ date: '2026-05-02', kind: 'LEAVE' }]).flat();
    expect(cells.find((c) => c?.date === '2026-05-02')?.kind).toBe('LEAVE');
    expect(cells.find((c) => c?.date === '2026-05-03')?.kind).toBeNull();
  });
});

describe('moving between months', () => {
  it('goes back and forward across years', () => {
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2026, month: 5 }, 1)).toEqual({ year: 2026, month: 6 });
    expect(shiftMonth({ year: 2026, month: 5 }, -17)).toEqual({ year: 2024, month: 12 });
    expect(shiftMonth({ year: 2026, month: 5 }, 0)).toEqual({ year: 2026, month: 5 });
  });

  it('names and compares months', () => {
    expect(monthOf('2026-05-19')).toEqual({ year: 2026, month: 5 });
    expect(monthTitle({ year: 2026, month: 5 })).toBe('May 2026');
    expect(sameMonth({ year: 2026, month: 5 }, { year: 2026, month: 5 })).toBe(true);
    expect(sameMonth({ year: 2026, month: 5 }, { year: 2025, month: 5 })).toBe(false);
  });

  it('opens on today in today’s month, else on the 1st', () => {
    expect(defaultSelectedDay({ year: 2026, month: 5 }, '2026-05-19')).toBe('2026-05-19');
    expect(defaultSelectedDay({ year: 2026, month: 4 }, '2026-05-19')).toBe('2026-04-01');
  });
});

describe('the colours of the days', () => {
  it('gives the spec’s colour to each kind', () => {
    expect(DAY_KIND_STYLES.LEAVE.color).toBe('blue');
    expect(DAY_KIND_STYLES.FUTURE.color).toBe('gray');
    expect(DAY_KIND_STYLES.ABSENT.color).toBe('red');
    expect(DAY_KIND_STYLES.PRESENT.color).toBe('green');
    expect(DAY_KIND_STYLES.PENDING.color).toBe('yellow');
    expect(DAY_KIND_STYLES.REJECTED.color).toBe('orange');
  });

  it('shows days off and days before joining in a neutral light tint, apart from future days', () => {
    expect(DAY_KIND_STYLES.OFF_DAY.background).toBe('var(--mantine-color-gray-0)');
    expect(DAY_KIND_STYLES.BEFORE_START.background).toBe('var(--mantine-color-gray-0)');
    expect(DAY_KIND_STYLES.FUTURE.background).not.toBe(DAY_KIND_STYLES.OFF_DAY.background);
  });

  it('gives every kind a different look, except the two neutral ones', () => {
    const looks = DAY_KINDS.filter((k) => k !== 'BEFORE_START').map((k) => DAY_KIND_STYLES[k].background);
    expect(new Set(looks).size).toBe(looks.length);
  });

  it('lists every kind once in the legend', () => {
    expect([...LEGEND_KINDS].sort()).toEqual([...DAY_KINDS].sort());
    expect(dayKindLabel('LEAVE')).toBe('On Leave');
    expect(dayKindLabel(null)).toBe('Loading');
  });
});

describe('periods on a day', () => {
  it('finds the leave covering a day', () => {
    const leaves = [
      { id: 'a', startDate: '2026-05-04', endDate: '2026-05-06' },
      { id: 'b', startDate: '2026-05-10', endDate: '2026-05-10' },
    ];
    expect(coveringPeriod(leaves, '2026-05-05')?.id).toBe('a');
    expect(coveringPeriod(leaves, '2026-05-10')?.id).toBe('b');
    expect(coveringPeriod(leaves, '2026-05-07')).toBeUndefined();
  });
});

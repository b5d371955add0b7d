import type { GrowthSeries } from '@csp/contracts';
import { describe, expect, it } from 'vitest';
import {
  ageAxis,
  ageText,
  chartDescription,
  clipCurve,
  daysToMonths,
  growthCharts,
  lengthAxis,
  roundedAxis,
  statusOf,
  tableRows,
  ticksBetween,
  valueAxis,
  zText,
  type CurvePoint,
  type GrowthPoint,
} from './growth-chart-data.ts';

const curvePoint = (x: number, median: number): CurvePoint => ({
  x,
  sd3neg: median - 3,
  sd2neg: median - 2,
  median,
  sd2: median + 2,
  sd3: median + 3,
});

/** A straight curve every `step` from `from` to `to` (x in days or cm). */
const curve = (from: number, to: number, step: number, at: (x: number) => number) => {
  const points: CurvePoint[] = [];
  for (let x = from; x <= to; x += step) points.push(curvePoint(x, at(x)));
  return points;
};

const point = (changes: Partial<GrowthPoint> = {}): GrowthPoint => ({
  measurementId: 'm1',
  date: '2026-01-10',
  height: 68,
  weight: 8.2,
  position: 'LYING',
  ageDays: 274,
  waz: -0.51,
  haz: -0.12,
  whz: -0.64,
  baz: -0.7,
  flags: [],
  classifications: [],
  ...changes,
});

const series = (points: GrowthPoint[], changes: Partial<GrowthSeries> = {}): GrowthSeries => ({
  student: {
    id: 's1',
    firstName: 'Nimal',
    lastName: 'Perera',
    sex: 'MALE',
    dateOfBirth: '2025-04-11',
  },
  reason: null,
  points,
  curves: {
    weightForAge: curve(0, 1826, 30, (d) => 3 + d / 200),
    lengthForAge: curve(0, 1826, 30, (d) => 50 + d / 30),
    weightForLength: curve(45, 110, 1, (cm) => cm / 8),
    weightForLengthTable: 'length',
  },
  ...changes,
});

describe('ages', () => {
  it('converts days to months with the WHO average month', () => {
    expect(daysToMonths(30.4375)).toBe(1);
    expect(daysToMonths(1826)).toBeCloseTo(59.99, 2);
    expect(daysToMonths(0)).toBe(0);
  });

  it('says an age in days under a month and completed months after', () => {
    expect(ageText(null, '2026-11-28')).toBe('Unknown');
    expect(ageText(1, '2026-11-28')).toBe('1 day');
    expect(ageText(12, '2026-11-28')).toBe('12 days');
    expect(ageText(31, '2026-11-28')).toBe('1 month');
    expect(ageText(425, '2026-11-27')).toBe('13 months');
    expect(ageText(426, '2026-11-28')).toBe('14 months');
  });
});

describe('z-scores in words', () => {
  it('signs them with a true minus sign and two decimals', () => {
    expect(zText(-2.41)).toBe('−2.41');
    expect(zText(1.2)).toBe('+1.20');
    expect(zText(0)).toBe('0.00');
    expect(zText(-0.001)).toBe('0.00');
    expect(zText(null)).toBe('No score');
  });

  it('names the classification the chart speaks of, and an implausible score', () => {
    const p = point({ classifications: ['WASTING', 'STUNTING'], flags: ['WHZ_IMPLAUSIBLE'] });
    expect(statusOf(p, 'weightForLength')).toBe('Wasting, Implausible — please check the measurement');
    expect(statusOf(p, 'lengthForAge')).toBe('Stunting');
    expect(statusOf(p, 'weightForAge')).toBeNull();
  });
});

describe('ticks', () => {
  it('rounds out to the smallest step giving at most the ticks asked for', () => {
    expect(roundedAxis(0, 12, 8, [1, 2, 3, 6, 12]).ticks).toEqual([0, 2, 4, 6, 8, 10, 12]);
    expect(roundedAxis(0, 20.1, 8, [1, 2, 3, 6, 12])).toEqual({
      domain: [0, 21],
      ticks: [0, 3, 6, 9, 12, 15, 18, 21],
    });
    expect(roundedAxis(0, 60, 8, [1, 2, 3, 6, 12]).ticks).toEqual([0, 12, 24, 36, 48, 60]);
    // Out of steps: the largest, however many ticks it makes.
    expect(roundedAxis(0.5, 30, 8, [1, 2])).toEqual({
      domain: [0, 30],
      ticks: [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30],
    });
  });

  it('lists the multiples of the step between both ends', () => {
    expect(ticksBetween(0, 12, 3)).toEqual([0, 3, 6, 9, 12]);
    expect(ticksBetween(55, 85, 5)).toEqual([55, 60, 65, 70, 75, 80, 85]);
    expect(ticksBetween(2.2, 3.9, 0.5)).toEqual([2.5, 3, 3.5]);
  });
});

describe('the age axis', () => {
  it('shows at least the first year', () => {
    expect(ageAxis([])).toEqual({ domain: [0, 12], ticks: [0, 2, 4, 6, 8, 10, 12] });
    expect(ageAxis([{ ageDays: 60 }])).toEqual({ domain: [0, 12], ticks: [0, 2, 4, 6, 8, 10, 12] });
  });

  it("runs six months past the child's latest age, rounded to a tick", () => {
    // 14 months + 6 = 20 → ticks every 3 months up to 21.
    expect(ageAxis([{ ageDays: 280 }, { ageDays: 427 }, { ageDays: null }])).toEqual({
      domain: [0, 21],
      ticks: [0, 3, 6, 9, 12, 15, 18, 21],
    });
  });

  it('stops at 60 months', () => {
    expect(ageAxis([{ ageDays: 1700 }]).domain).toEqual([0, 60]);
    expect(ageAxis([{ ageDays: 1700 }]).ticks).toEqual([0, 12, 24, 36, 48, 60]);
  });
});

describe('the length axis', () => {
  const wfl = curve(45, 110, 1, (cm) => cm / 8);

  it("keeps 10 cm around the child's lengths, rounded to the ticks", () => {
    expect(lengthAxis([{ height: 68 }, { height: 75 }], wfl)).toEqual({
      domain: [55, 85],
      ticks: [55, 60, 65, 70, 75, 80, 85],
    });
  });

  it("stays inside the curve's range, yet never hides a point outside it", () => {
    expect(lengthAxis([{ height: 48 }], wfl)).toEqual({
      domain: [45, 58],
      ticks: [46, 48, 50, 52, 54, 56, 58],
    });
    expect(lengthAxis([{ height: 42 }], wfl).domain[0]).toBeLessThanOrEqual(42);
    expect(lengthAxis([{ height: 115 }], wfl).domain[1]).toBeGreaterThanOrEqual(115);
    // Weight-for-height starts at 65 cm: 75–101 cm rounds to 60–120 by tens, cut at the curve's start.
    const wfh = curve(65, 120, 1, (cm) => cm / 8);
    expect(lengthAxis([{ height: 75 }, { height: 101 }], wfh)).toEqual({
      domain: [65, 120],
      ticks: [70, 80, 90, 100, 110, 120],
    });
  });

  it('shows the whole curve without measurements', () => {
    expect(lengthAxis([], wfl)).toEqual({ domain: [45, 110], ticks: [50, 60, 70, 80, 90, 100, 110] });
  });
});

describe('the value axis', () => {
  it('rounds out to a step giving at most 8 ticks, never below 0', () => {
    expect(valueAxis([2.1, 15.7])).toEqual({ domain: [2, 16], ticks: [2, 4, 6, 8, 10, 12, 14, 16] });
    expect(valueAxis([0.4, 60])).toEqual({ domain: [0, 60], ticks: [0, 10, 20, 30, 40, 50, 60] });
    expect(valueAxis([-1, 3]).domain).toEqual([0, 3]);
    expect(valueAxis([7, 7]).domain).toEqual([6, 8]);
  });
});

describe('clipping a curve', () => {
  const c = [curvePoint(0, 3), curvePoint(30, 4), curvePoint(60, 5), curvePoint(90, 6)];

  it('keeps the points inside and interpolates the ends', () => {
    const clipped = clipCurve(c, 15, 45);
    expect(clipped.map((p) => p.x)).toEqual([15, 30, 45]);
    expect(clipped[0].median).toBe(3.5);
    expect(clipped[2].median).toBe(4.5);
    expect(clipped[2].sd3).toBe(7.5);
  });

  it('adds nothing at an end that is a point already, or beyond the curve', () => {
    expect(clipCurve(c, 0, 60).map((p) => p.x)).toEqual([0, 30, 60]);
    expect(clipCurve(c, -10, 200).map((p) => p.x)).toEqual([0, 30, 60, 90]);
  });

  it('interpolates both ends between two points', () => {
    expect(clipCurve(c, 40, 50).map((p) => p.x)).toEqual([40, 50]);
  });
});

describe('the charts of a series', () => {
  const earlier = point();
  const later = point({
    measurementId: 'm2',
    date: '2026-06-14',
    height: 75,
    weight: 7.5,
    ageDays: 429,
    waz: -2.05,
    haz: -0.3,
    whz: -2.87,
    classifications: ['WASTING', 'UNDERWEIGHT'],
  });
  const charts = growthCharts(series([earlier, later]));

  it('are weight-for-age, length/height-for-age and weight-for-length', () => {
    expect(charts.map((c) => c.title)).toEqual([
      'Weight-for-age',
      'Length/height-for-age',
      'Weight-for-length',
    ]);
    const height = growthCharts(
      series([earlier], { curves: { ...series([]).curves!, weightForLengthTable: 'height' } }),
    );
    expect(height[2].title).toBe('Weight-for-height');
    expect(height[2].xLabel).toBe('Height (cm)');
  });

  it('are none without curves', () => {
    expect(growthCharts(series([earlier], { curves: null, reason: 'No sex' }))).toEqual([]);
  });

  it('put the age charts in months, clipped to the age axis', () => {
    const [wfa, lfa] = charts;
    expect(wfa.x.domain).toEqual([0, 21]);
    expect(wfa.points.map((p) => [p.x, p.y, p.zScore])).toEqual([
      [9.0021, 8.2, -0.51],
      [14.0945, 7.5, -2.05],
    ]);
    expect(lfa.points.map((p) => p.y)).toEqual([68, 75]);
    expect(wfa.curves[0].x).toBe(0);
    expect(wfa.curves[wfa.curves.length - 1].x).toBe(21);
    expect(wfa.curves.every((c) => c.x <= 21)).toBe(true);
    // The y axis holds the curves and the child's points.
    expect(wfa.y.domain[0]).toBeLessThanOrEqual(Math.min(...wfa.curves.map((c) => c.sd3neg)));
    expect(wfa.y.domain[1]).toBeGreaterThanOrEqual(Math.max(...wfa.curves.map((c) => c.sd3)));
  });

  it('put weight-for-length in cm with the weight-for-length z-score', () => {
    const wfl = charts[2];
    expect(wfl.x.domain).toEqual([55, 85]);
    expect(wfl.points.map((p) => [p.x, p.y, p.zScore, p.status])).toEqual([
      [68, 8.2, -0.64, null],
      [75, 7.5, -2.87, 'Wasting'],
    ]);
    expect(wfl.curves[0].x).toBe(55);
    expect(wfl.curves[wfl.curves.length - 1].x).toBe(85);
  });

  it('leave a measurement without an age off the age charts only', () => {
    const noAge = point({ measurementId: 'm3', ageDays: null, waz: null, haz: null });
    const [wfa, , wfl] = growthCharts(series([earlier, noAge]));
    expect(wfa.points.map((p) => p.measurementId)).toEqual(['m1']);
    expect(wfl.points.map((p) => p.measurementId)).toEqual(['m1', 'm3']);
  });

  it('describe themselves in a sentence', () => {
    expect(chartDescription(charts[2], 'Nimal Perera')).toBe(
      'Weight-for-length chart of Nimal Perera: the WHO curves from −3 to +3 SD and 2 measurements; ' +
        'the latest, on 14 Jun 2026 at 14 months, is 7.5 kg with a z-score of −2.87 (Wasting).',
    );
    expect(chartDescription(growthCharts(series([]))[0], 'Nimal Perera')).toBe(
      'Weight-for-age chart of Nimal Perera: the WHO curves from −3 to +3 SD; no measurement on this chart yet.',
    );
  });
});

describe('the tables', () => {
  it('list every measurement, oldest first, with the chart’s z-score', () => {
    const rows = tableRows(
      series([
        point(),
        point({ measurementId: 'm2', date: '2026-06-14', weight: 7.5, height: 75, ageDays: 429, whz: -2.87 }),
        point({ measurementId: 'm3', date: '2026-06-20', ageDays: null, whz: null }),
      ]),
      'weightForLength',
    );
    expect(rows).toEqual([
      {
        measurementId: 'm1',
        date: '2026-01-10',
        // Born 11 Apr 2025 (274 days before): 9 months on 11 Jan, although 274 ÷ 30.4375 is 9.002.
        age: '8 months',
        weight: '8.2 kg',
        height: '68 cm',
        z: '−0.64',
        status: '',
      },
      {
        measurementId: 'm2',
        date: '2026-06-14',
        age: '14 months',
        weight: '7.5 kg',
        height: '75 cm',
        z: '−2.87',
        status: '',
      },
      {
        measurementId: 'm3',
        date: '2026-06-20',
        age: 'Unknown',
        weight: '8.2 kg',
        height: '68 cm',
        z: 'No score',
        status: '',
      },
    ]);
  });
});

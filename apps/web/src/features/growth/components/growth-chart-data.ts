import type { GrowthClassification, GrowthFlag, GrowthSeries } from '@csp/contracts';
import { formatDate } from '../../../lib/dates.ts';
import { heightText, weightText } from '../../../lib/body-measures.ts';
import { ageAtMeasurementText, DAYS_PER_MONTH, formatZ } from '../growth-display.ts';

/**
 * The growth charts' numbers, apart from the drawing (GrowthChart.tsx) so they can be tested: the
 * three charts of a series with their curves, the child's points, axes that keep the child's points
 * legible, and the rows of the tables that say the same in words.
 */

/** The WHO standards stop at 60 months. */
export const MAX_AGE_MONTHS = 60;
/** The age charts show at least the first year, and this much beyond the child's latest age. */
export const MIN_AGE_RANGE_MONTHS = 12;
export const AGE_MARGIN_MONTHS = 6;
/** The weight-for-length chart shows this many cm on either side of the child's lengths. */
export const LENGTH_MARGIN_CM = 10;

export type GrowthPoint = GrowthSeries['points'][number];
export type CurvePoint = NonNullable<GrowthSeries['curves']>['weightForAge'][number];
export type GrowthChartKind = 'weightForAge' | 'lengthForAge' | 'weightForLength';

export const GROWTH_CHART_KINDS: readonly GrowthChartKind[] = [
  'weightForAge',
  'lengthForAge',
  'weightForLength',
];

export interface Axis {
  domain: [number, number];
  ticks: number[];
}

/** One of the child's measurements on a chart. */
export interface ChartPoint {
  measurementId: string;
  x: number;
  y: number;
  /** This chart's z-score, or null when the measurement has none. */
  zScore: number | null;
  date: string;
  ageDays: number | null;
  weight: number;
  height: number;
  /** What the z-score means when it is outside the normal range ('Wasting'), or null. */
  status: string | null;
}

export interface GrowthChartModel {
  kind: GrowthChartKind;
  title: string;
  xLabel: string;
  yLabel: string;
  zLabel: string;
  /** What the y value is in a sentence ('weight'), and its unit. */
  measure: 'weight' | 'length/height';
  curves: CurvePoint[];
  points: ChartPoint[];
  x: Axis;
  y: Axis;
}

export interface GrowthTableRow {
  measurementId: string;
  date: string;
  age: string;
  weight: string;
  height: string;
  z: string;
  status: string;
}

const EPSILON = 1e-9;
const round = (v: number, digits = 6) => Math.round(v * 10 ** digits) / 10 ** digits;

export const daysToMonths = (days: number) => days / DAYS_PER_MONTH;

/** A child's age at a measurement of that date, as the rest of the app says it; 'Unknown' without one. */
export const ageText = (days: number | null, date: string): string =>
  days === null ? 'Unknown' : ageAtMeasurementText(days, date);

/** '+1.23', '−2.41' (a true minus sign), '0.00'; 'No score' without one. */
export const zText = (z: number | null): string => (z === null ? 'No score' : formatZ(z));

/**
 * An axis from `min` to `max` rounded out to the smallest step (of `steps`) that gives at most
 * `maxTicks` ticks, with the ticks at every step.
 */
export function roundedAxis(min: number, max: number, maxTicks: number, steps: readonly number[]): Axis {
  let lo = min;
  let hi = max;
  for (const step of steps) {
    lo = round(Math.floor(min / step + EPSILON) * step);
    hi = round(Math.ceil(max / step - EPSILON) * step);
    if ((hi - lo) / step + 1 <= maxTicks + EPSILON)
      return { domain: [lo, hi], ticks: ticksBetween(lo, hi, step) };
  }
  return { domain: [lo, hi], ticks: ticksBetween(lo, hi, steps[steps.length - 1]) };
}

/** The multiples of `step` from `lo` to `hi`, both included when they are multiples. */
export function ticksBetween(lo: number, hi: number, step: number): number[] {
  const ticks: number[] = [];
  for (let i = Math.ceil(lo / step - EPSILON); i * step <= hi + EPSILON; i++)
    ticks.push(round(i * step) || 0);
  return ticks;
}

/**
 * The age axis in months: from birth to the child's latest age plus a margin, at least the first year,
 * at most 60 months; ticks every 1, 2, 3, 6 or 12 months (at most 8, legible on a phone).
 */
export function ageAxis(points: readonly Pick<GrowthPoint, 'ageDays'>[]): Axis {
  const ages = points.flatMap((p) => (p.ageDays === null ? [] : [daysToMonths(p.ageDays)]));
  const oldest = ages.length > 0 ? Math.max(...ages) : 0;
  const wanted = Math.min(MAX_AGE_MONTHS, Math.max(MIN_AGE_RANGE_MONTHS, oldest + AGE_MARGIN_MONTHS));
  // 60 is a multiple of every step: rounding never passes it.
  return roundedAxis(0, wanted, 8, [1, 2, 3, 6, 12]);
}

/**
 * The length axis of weight-for-length in cm: the child's lengths with a margin inside the curve's
 * range (never hiding a point outside it), rounded to the ticks' step but not past the curve's ends.
 */
export function lengthAxis(
  points: readonly Pick<GrowthPoint, 'height'>[],
  curve: readonly CurvePoint[],
): Axis {
  const curveLo = curve[0]?.x ?? 45;
  const curveHi = curve[curve.length - 1]?.x ?? 120;
  const heights = points.map((p) => p.height);
  let lo = curveLo;
  let hi = curveHi;
  if (heights.length > 0) {
    const shortest = Math.min(...heights);
    const tallest = Math.max(...heights);
    lo = Math.min(shortest, Math.max(curveLo, shortest - LENGTH_MARGIN_CM));
    hi = Math.max(tallest, Math.min(curveHi, tallest + LENGTH_MARGIN_CM));
  }
  const axis = roundedAxis(lo, hi, 8, [1, 2, 5, 10, 20]);
  // Rounding to the step does not open an empty strip before or after the curve.
  const [from, to] = axis.domain;
  const domain: [number, number] = [
    Math.max(from, Math.min(lo, curveLo)),
    Math.min(to, Math.max(hi, curveHi)),
  ];
  return { domain, ticks: axis.ticks.filter((t) => t >= domain[0] - EPSILON && t <= domain[1] + EPSILON) };
}

/** The value axis (kg or cm) over everything drawn, rounded out to a step that gives at most 8 ticks. */
export function valueAxis(values: readonly number[]): Axis {
  const finite = values.filter(Number.isFinite);
  let min = finite.length > 0 ? Math.min(...finite) : 0;
  let max = finite.length > 0 ? Math.max(...finite) : 1;
  if (max - min < EPSILON) {
    min -= 1;
    max += 1;
  }
  return roundedAxis(Math.max(0, min), max, 8, [0.5, 1, 2, 5, 10, 20, 50]);
}

const CURVE_KEYS = ['sd3neg', 'sd2neg', 'median', 'sd2', 'sd3'] as const;

function interpolate(a: CurvePoint, b: CurvePoint, x: number): CurvePoint {
  const t = b.x === a.x ? 0 : (x - a.x) / (b.x - a.x);
  const point = { x } as CurvePoint;
  for (const k of CURVE_KEYS) point[k] = round(a[k] + (b[k] - a[k]) * t, 3);
  return point;
}

/** The curve inside [lo, hi], with points interpolated at the ends so the lines reach the axis' edges. */
export function clipCurve(curve: readonly CurvePoint[], lo: number, hi: number): CurvePoint[] {
  const inside = curve.filter((p) => p.x >= lo - EPSILON && p.x <= hi + EPSILON);
  const before = [...curve].reverse().find((p) => p.x < lo - EPSILON);
  const first = curve.find((p) => p.x >= lo - EPSILON);
  const after = curve.find((p) => p.x > hi + EPSILON);
  const last = [...curve].reverse().find((p) => p.x <= hi + EPSILON);
  const clipped = [...inside];
  if (before && first && (inside.length === 0 || inside[0].x > lo + EPSILON)) {
    clipped.unshift(interpolate(before, first, lo));
  }
  if (after && last && (inside.length === 0 || inside[inside.length - 1].x < hi - EPSILON)) {
    clipped.push(interpolate(last, after, hi));
  }
  return clipped;
}

/** Curves with x in days, as months. */
const inMonths = (curve: readonly CurvePoint[]) =>
  curve.map((p) => ({ ...p, x: round(daysToMonths(p.x), 4) }));

/** The classifications each chart speaks of, in words (as the growth badges name them). */
const STATUS_TEXT: Record<GrowthChartKind, Partial<Record<GrowthClassification, string>>> = {
  weightForAge: {
    SEVERE_UNDERWEIGHT: 'Severe underweight',
    UNDERWEIGHT: 'Underweight',
    FALLING_WEIGHT: 'Falling weight',
  },
  lengthForAge: { SEVERE_STUNTING: 'Severe stunting', STUNTING: 'Stunting' },
  weightForLength: {
    SEVERE_WASTING: 'Severe wasting',
    WASTING: 'Wasting',
    OBESITY: 'Obesity',
    OVERWEIGHT: 'Overweight',
  },
};

const IMPLAUSIBLE_FLAG: Record<GrowthChartKind, GrowthFlag> = {
  weightForAge: 'WAZ_IMPLAUSIBLE',
  lengthForAge: 'HAZ_IMPLAUSIBLE',
  weightForLength: 'WHZ_IMPLAUSIBLE',
};

/** The chart's z-score of a measurement. */
export function zOf(point: GrowthPoint, kind: GrowthChartKind): number | null {
  if (kind === 'weightForAge') return point.waz;
  if (kind === 'lengthForAge') return point.haz;
  return point.whz;
}

/** What the chart's z-score of a measurement means, when it says something: 'Wasting', 'Stunting'… */
export function statusOf(point: GrowthPoint, kind: GrowthChartKind): string | null {
  const words = point.classifications.flatMap((c) => STATUS_TEXT[kind][c] ?? []);
  if (point.flags.includes(IMPLAUSIBLE_FLAG[kind])) words.push('Implausible — please check the measurement');
  return words.length > 0 ? words.join(', ') : null;
}

const scoredAge = (p: GrowthPoint) =>
  p.ageDays !== null && p.ageDays >= 0 && daysToMonths(p.ageDays) <= MAX_AGE_MONTHS;

function chartPoint(p: GrowthPoint, kind: GrowthChartKind, x: number, y: number): ChartPoint {
  return {
    measurementId: p.measurementId,
    x: round(x, 4),
    y,
    zScore: zOf(p, kind),
    date: p.date,
    ageDays: p.ageDays,
    weight: p.weight,
    height: p.height,
    status: statusOf(p, kind),
  };
}

/** The title of the weight-for-length chart, by the table the server chose. */
export const weightForLengthTitle = (table: 'length' | 'height') =>
  table === 'height' ? 'Weight-for-height' : 'Weight-for-length';

/** The three charts of a series; none when the child has no scores at all (`curves` null). */
export function growthCharts(series: GrowthSeries): GrowthChartModel[] {
  const { curves } = series;
  if (!curves) return [];
  const aged = series.points.filter(scoredAge);
  const age = ageAxis(aged);
  const [, ageHi] = age.domain;

  const wfaCurve = clipCurve(inMonths(curves.weightForAge), 0, ageHi);
  const wfaPoints = aged.map((p) => chartPoint(p, 'weightForAge', daysToMonths(p.ageDays ?? 0), p.weight));

  const lfaCurve = clipCurve(inMonths(curves.lengthForAge), 0, ageHi);
  const lfaPoints = aged.map((p) => chartPoint(p, 'lengthForAge', daysToMonths(p.ageDays ?? 0), p.height));

  const length = lengthAxis(series.points, curves.weightForLength);
  const wflCurve = clipCurve(curves.weightForLength, length.domain[0], length.domain[1]);
  const wflPoints = series.points.map((p) => chartPoint(p, 'weightForLength', p.height, p.weight));
  const byHeight = curves.weightForLengthTable === 'height';

  const values = (curve: CurvePoint[], points: ChartPoint[]) => [
    ...curve.flatMap((c) => [c.sd3neg, c.sd3]),
    ...points.map((p) => p.y),
  ];

  return [
    {
      kind: 'weightForAge',
      title: 'Weight-for-age',
      xLabel: 'Age (months)',
      yLabel: 'Weight (kg)',
      zLabel: 'Weight-for-age z-score',
      measure: 'weight',
      curves: wfaCurve,
      points: wfaPoints,
      x: age,
      y: valueAxis(values(wfaCurve, wfaPoints)),
    },
    {
      kind: 'lengthForAge',
      title: 'Length/height-for-age',
      xLabel: 'Age (months)',
      yLabel: 'Length/height (cm)',
      zLabel: 'Length/height-for-age z-score',
      measure: 'length/height',
      curves: lfaCurve,
      points: lfaPoints,
      x: age,
      y: valueAxis(values(lfaCurve, lfaPoints)),
    },
    {
      kind: 'weightForLength',
      title: weightForLengthTitle(curves.weightForLengthTable),
      xLabel: byHeight ? 'Height (cm)' : 'Length (cm)',
      yLabel: 'Weight (kg)',
      zLabel: `${weightForLengthTitle(curves.weightForLengthTable)} z-score`,
      measure: 'weight',
      curves: wflCurve,
      points: wflPoints,
      x: length,
      y: valueAxis(values(wflCurve, wflPoints)),
    },
  ];
}

/** The table under a chart: every measurement, oldest first, with this chart's z-score. */
export function tableRows(series: GrowthSeries, kind: GrowthChartKind): GrowthTableRow[] {
  return series.points.map((p) => ({
    measurementId: p.measurementId,
    date: p.date,
    age: ageText(p.ageDays, p.date),
    weight: weightText(p.weight),
    height: heightText(p.height),
    z: zText(zOf(p, kind)),
    status: statusOf(p, kind) ?? '',
  }));
}

/** The value a chart draws, in words: '7.5 kg', '75 cm'. */
export const valueText = (model: Pick<GrowthChartModel, 'measure'>, value: number) =>
  model.measure === 'weight' ? weightText(value) : heightText(value);

/** The chart in one sentence, for screen readers (its svg's label). */
export function chartDescription(model: GrowthChartModel, childName: string): string {
  const count = model.points.length;
  const what = `${model.title} chart of ${childName}: the WHO curves from −3 to +3 SD`;
  const latest = model.points[count - 1];
  if (!latest) return `${what}; no measurement on this chart yet.`;
  const measurements = `${count} ${count === 1 ? 'measurement' : 'measurements'}`;
  const last =
    `the latest, on ${formatDate(latest.date)} at ${ageText(latest.ageDays, latest.date)}, ` +
    `is ${valueText(model, latest.y)} with a z-score of ${zText(latest.zScore)}`;
  return `${what} and ${measurements}; ${last}${latest.status ? ` (${latest.status})` : ''}.`;
}

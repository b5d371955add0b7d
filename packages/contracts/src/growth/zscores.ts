/**
 * WHO Child Growth Standards z-scores (weight-for-age, length/height-for-age, weight-for-length/height,
 * BMI-for-age) for children under 60 months, computed as the WHO `anthro` R package 1.1.0 does
 * (R/z-score*.R, R/utils.R). Pure: no I/O, no clock, no time zone.
 *
 * - Age in days is the whole number of days from the date of birth to the measurement date; age in months
 *   is ageDays / 30.4375. Scores only when 0 ≤ ageDays and ageMonths < 60, i.e. ageDays 0…1826.
 * - Length/height: under 731 days the tables are for recumbent length, from 731 days for standing height.
 *   STANDING under 731 days adds 0.7 cm, LYING from 731 days subtracts 0.7 cm, null means "measured the
 *   recommended way" (no adjustment). STANDING under 9 months (ageDays / 30.4375 < 9, i.e. ageDays ≤ 273)
 *   is implausible: flagged STANDING_UNDER_9_MONTHS and treated as position unknown (no adjustment).
 * - HAZ uses the plain LMS formula; WAZ, WHZ and BAZ the WHO's restricted tails beyond ±3 SD.
 * - WHZ: weight-for-length (45–110 cm) under 731 days, weight-for-height (65–120 cm) from 731 days, on the
 *   adjusted length; L, M, S linearly interpolated between the 0.1 cm rows around it.
 * - Scores are rounded to 2 decimals, half away from zero on the exact binary value (R's round() differs
 *   only for an exact binary tie, which a z-score in practice never is). Never capped: an implausible
 *   score is returned with a flag and takes no part in classifications.
 */
import { GROWTH_CLASSIFICATIONS, GROWTH_FLAGS, type GrowthClassification, type GrowthFlag } from './codes.ts';
import { isIsoDate } from '../dates.ts';
import {
  BMI_FOR_AGE,
  LENGTH_HEIGHT_FOR_AGE,
  type LmsTable,
  type LmsTablePair,
  WEIGHT_FOR_AGE,
  WEIGHT_FOR_HEIGHT,
  WEIGHT_FOR_LENGTH,
} from './who-tables.ts';

export type Sex = 'MALE' | 'FEMALE';
export type MeasurementPosition = 'LYING' | 'STANDING';

// The flag and classification names live in codes.ts (also exported by the contracts' main entry, which
// must not load the tables); the computation uses them from there.
export { GROWTH_CLASSIFICATIONS, GROWTH_FLAGS, type GrowthClassification, type GrowthFlag };

export interface GrowthInput {
  sex: Sex | null;
  /** 'YYYY-MM-DD'. */
  dateOfBirth: string | null;
  /** Measurement date, 'YYYY-MM-DD'. */
  date: string;
  weightKg: number | null;
  heightCm: number | null;
  /** null: measured the recommended way for the age (lying under 731 days, standing from 731). */
  position: MeasurementPosition | null;
  /** The child's previous weight-for-age z-score, for FALLING_WEIGHT. */
  previousWaz?: number | null;
}

export interface Growth {
  /** Whole days from birth to the measurement; null without a date of birth (negative before birth). */
  ageDays: number | null;
  waz: number | null;
  haz: number | null;
  whz: number | null;
  baz: number | null;
  /** In GROWTH_FLAGS order. */
  flags: GrowthFlag[];
  /** In GROWTH_CLASSIFICATIONS order. */
  classifications: GrowthClassification[];
}

/** Oldest age scored: ageDays / 30.4375 < 60 ⇔ ageDays ≤ 1826. */
export const MAX_SCORED_AGE_DAYS = 1826;
/** FALLING_WEIGHT when the weight-for-age z-score drops by strictly more than this. */
export const FALLING_WAZ_DROP = 0.67;

/** anthro's ANTHRO_DAYS_OF_MONTH. */
const DAYS_PER_MONTH = 30.4375;
/** From this age (24 months) the standards are for standing height; before it, recumbent length. */
const HEIGHT_FROM_DAYS = 731;
const LYING_STANDING_DIFFERENCE_CM = 0.7;
const WFL_RANGE_TENTHS = [450, 1100] as const;
const WFH_RANGE_TENTHS = [650, 1200] as const;

/** Whole days from dateOfBirth to date (both 'YYYY-MM-DD', UTC calendar days); negative if date is earlier. */
export function ageInDays(dateOfBirth: string, date: string): number {
  return dayNumber(date) - dayNumber(dateOfBirth);
}

function dayNumber(iso: string): number {
  if (!isIsoDate(iso)) throw new RangeError(`Not a YYYY-MM-DD date: ${JSON.stringify(iso)}`);
  const [y, m, d] = iso.split('-').map(Number);
  return Date.UTC(y, m - 1, d) / 86_400_000;
}

/** Plain LMS z-score: ((y/M)^L − 1) / (S·L) (anthro's compute_zscore). */
export function lmsZscore(y: number, l: number, m: number, s: number): number {
  return ((y / m) ** l - 1) / (s * l);
}

/** The measurement at k SD: M·(1 + L·S·k)^(1/L). */
export function lmsValueAt(k: number, l: number, m: number, s: number): number {
  return m * (1 + l * s * k) ** (1 / l);
}

/**
 * LMS z-score with the WHO's restricted tails (anthro's compute_zscore_adjusted): beyond ±3 the distance
 * is measured in units of the gap between the 2 and 3 SD values on that side.
 */
export function restrictedLmsZscore(y: number, l: number, m: number, s: number): number {
  const z = lmsZscore(y, l, m, s);
  if (z > 3) {
    const sd3 = lmsValueAt(3, l, m, s);
    return 3 + (y - sd3) / (sd3 - lmsValueAt(2, l, m, s));
  }
  if (z < -3) {
    const sd3neg = lmsValueAt(-3, l, m, s);
    return -3 + (y - sd3neg) / (lmsValueAt(-2, l, m, s) - sd3neg);
  }
  return z;
}

/** Rounds to 2 decimals, half away from zero on the exact binary value; never returns −0. */
function round2(x: number): number {
  return Number(x.toFixed(2)) + 0;
}

/**
 * A length in tenths of a cm, robust to binary noise (45.3 − 0.7 is 44.599999999999994): x·10 rounded
 * to 6 decimals.
 */
function tenthsOf(cm: number): number {
  return Math.round(cm * 1e7) / 1e6;
}

interface Lms {
  l: number;
  m: number;
  s: number;
}

function rowAt(table: LmsTable, i: number): Lms {
  return { l: table.L[i], m: table.M[i], s: table.S[i] };
}

/** The row of an age-indexed table (whole days, within the table). */
function byAge(table: LmsTable, ageDays: number): Lms {
  return rowAt(table, ageDays - table.start);
}

/**
 * L, M, S for a length/height (cm) within a 0.1 cm table, as anthro does: the row of trunc(x·10)/10, and
 * where x lies between two rows, each of L, M, S linearly interpolated towards the next row. Null when
 * outside the table.
 */
function byLength(table: LmsTable, cm: number): Lms | null {
  const tenths = tenthsOf(cm);
  const low = Math.trunc(tenths);
  const i = low - Math.round(table.start * 10);
  if (
    tenths < Math.round(table.start * 10) ||
    i >= table.M.length ||
    (i === table.M.length - 1 && tenths > low)
  ) {
    return null;
  }
  const lower = rowAt(table, i);
  const diff = tenths - low;
  if (diff === 0) return lower;
  const upper = rowAt(table, i + 1);
  return {
    l: lower.l + diff * (upper.l - lower.l),
    m: lower.m + diff * (upper.m - lower.m),
    s: lower.s + diff * (upper.s - lower.s),
  };
}

function forSex(pair: LmsTablePair, sex: Sex): LmsTable {
  return sex === 'MALE' ? pair.male : pair.female;
}

const positive = (v: number | null | undefined): number | null =>
  typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null;

/** z-scores, flags and classifications of one measurement. Throws RangeError on a malformed date. */
export function computeGrowth(input: GrowthInput): Growth {
  const flags = new Set<GrowthFlag>();
  const sex = input.sex === 'MALE' || input.sex === 'FEMALE' ? input.sex : null;
  if (!sex) flags.add('NO_SEX');
  const weight = positive(input.weightKg);
  if (weight === null) flags.add('NO_WEIGHT');
  const height = positive(input.heightCm);
  if (height === null) flags.add('NO_HEIGHT');

  let ageDays: number | null = null;
  if (input.dateOfBirth === null || input.dateOfBirth === undefined) {
    flags.add('NO_DATE_OF_BIRTH');
  } else {
    ageDays = ageInDays(input.dateOfBirth, input.date);
    if (ageDays < 0) flags.add('MEASURED_BEFORE_BIRTH');
    else if (ageDays > MAX_SCORED_AGE_DAYS) flags.add('OVER_60_MONTHS');
  }
  // Also checked in months, as anthro does (ageDays / 30.4375 < 60 is the same as ageDays ≤ 1826).
  const age = ageDays !== null && ageDays >= 0 && ageDays / DAYS_PER_MONTH < 60 ? ageDays : null;

  let position = input.position ?? null;
  if (age !== null && position === 'STANDING' && age / DAYS_PER_MONTH < 9) {
    flags.add('STANDING_UNDER_9_MONTHS');
    position = null;
  }

  let length: number | null = null;
  if (age !== null && height !== null) {
    length = height;
    if (position === 'STANDING' && age < HEIGHT_FROM_DAYS) length = height + LYING_STANDING_DIFFERENCE_CM;
    else if (position === 'LYING' && age >= HEIGHT_FROM_DAYS) length = height - LYING_STANDING_DIFFERENCE_CM;
    // anthro drops a length ≤ 0 (only possible here as a lying height ≤ 0.7 cm minus 0.7): no height.
    if (length <= 0) {
      length = null;
      flags.add('NO_HEIGHT');
    }
  }

  let waz: number | null = null;
  let haz: number | null = null;
  let whz: number | null = null;
  let baz: number | null = null;
  if (age !== null) {
    const wflh = age < HEIGHT_FROM_DAYS ? WEIGHT_FOR_LENGTH : WEIGHT_FOR_HEIGHT;
    const [min, max] = age < HEIGHT_FROM_DAYS ? WFL_RANGE_TENTHS : WFH_RANGE_TENTHS;
    if (length !== null && (tenthsOf(length) < min || tenthsOf(length) > max)) {
      flags.add('LENGTH_OUT_OF_RANGE');
    }
    if (sex) {
      if (weight !== null) {
        const r = byAge(forSex(WEIGHT_FOR_AGE, sex), age);
        waz = round2(restrictedLmsZscore(weight, r.l, r.m, r.s));
      }
      if (length !== null) {
        const r = byAge(forSex(LENGTH_HEIGHT_FOR_AGE, sex), age);
        haz = round2(lmsZscore(length, r.l, r.m, r.s));
      }
      if (weight !== null && length !== null) {
        const r = byLength(forSex(wflh, sex), length);
        if (r) whz = round2(restrictedLmsZscore(weight, r.l, r.m, r.s));
        const bmi = weight / (length / 100) ** 2;
        const b = byAge(forSex(BMI_FOR_AGE, sex), age);
        baz = round2(restrictedLmsZscore(bmi, b.l, b.m, b.s));
      }
    }
  }

  // anthro flags the rounded score; an implausible score takes no part in classifications.
  const plausibleWaz = waz !== null && waz >= -6 && waz <= 5 ? waz : null;
  const plausibleHaz = haz !== null && Math.abs(haz) <= 6 ? haz : null;
  const plausibleWhz = whz !== null && Math.abs(whz) <= 5 ? whz : null;
  if (waz !== null && plausibleWaz === null) flags.add('WAZ_IMPLAUSIBLE');
  if (haz !== null && plausibleHaz === null) flags.add('HAZ_IMPLAUSIBLE');
  if (whz !== null && plausibleWhz === null) flags.add('WHZ_IMPLAUSIBLE');
  if (baz !== null && Math.abs(baz) > 5) flags.add('BAZ_IMPLAUSIBLE');

  const found = new Set<GrowthClassification>();
  if (plausibleHaz !== null) {
    if (plausibleHaz < -3) found.add('SEVERE_STUNTING');
    else if (plausibleHaz < -2) found.add('STUNTING');
  }
  if (plausibleWhz !== null) {
    if (plausibleWhz < -3) found.add('SEVERE_WASTING');
    else if (plausibleWhz < -2) found.add('WASTING');
    else if (plausibleWhz > 3) found.add('OBESITY');
    else if (plausibleWhz > 2) found.add('OVERWEIGHT');
  }
  if (plausibleWaz !== null) {
    if (plausibleWaz < -3) found.add('SEVERE_UNDERWEIGHT');
    else if (plausibleWaz < -2) found.add('UNDERWEIGHT');
    const previous = input.previousWaz;
    // In whole hundredths (both scores have 2 decimals), so that a drop of exactly 0.67 is never "more
    // than 0.67" through binary noise (−0.69 − 0.67 is −1.3599999999999999 < −1.36).
    if (
      typeof previous === 'number' &&
      Number.isFinite(previous) &&
      Math.round(previous * 100) - Math.round(plausibleWaz * 100) > Math.round(FALLING_WAZ_DROP * 100)
    ) {
      found.add('FALLING_WEIGHT');
    }
  }

  return {
    ageDays,
    waz,
    haz,
    whz,
    baz,
    flags: GROWTH_FLAGS.filter((f) => flags.has(f)),
    classifications: GROWTH_CLASSIFICATIONS.filter((c) => found.has(c)),
  };
}

/** Reference curves for charts: for one indicator and sex, points of the −3, −2, 0, +2, +3 SD curves. */
export type GrowthIndicator = 'wfa' | 'lhfa' | 'wflh';
export interface CurvePoint {
  x: number;
  sd3neg: number;
  sd2neg: number;
  median: number;
  sd2: number;
  sd3: number;
}

/**
 * Points of the −3, −2, 0, +2, +3 SD curves (SDk = M·(1 + L·S·k)^(1/L), rounded to 2 decimals).
 * wfa / lhfa: x is age in days, whole, within 0…1826; default every 30 days from 0, plus 1826.
 * wflh: x is cm in the 'length' table (45–110, the default) or the 'height' one (65–120); default the
 * whole table every 1 cm; between rows L, M, S are interpolated as for WHZ. `to` is always included.
 * Throws RangeError for a range outside the table, from > to, or a step that is not positive (or not a
 * whole number of days).
 */
export function referenceCurve(
  indicator: GrowthIndicator,
  sex: Sex,
  opts: { from?: number; to?: number; step?: number; table?: 'length' | 'height' } = {},
): CurvePoint[] {
  const byDays = indicator === 'wfa' || indicator === 'lhfa';
  let table: LmsTable;
  if (indicator === 'wfa') table = forSex(WEIGHT_FOR_AGE, sex);
  else if (indicator === 'lhfa') table = forSex(LENGTH_HEIGHT_FOR_AGE, sex);
  else if (indicator === 'wflh')
    table = forSex(opts.table === 'height' ? WEIGHT_FOR_HEIGHT : WEIGHT_FOR_LENGTH, sex);
  else throw new RangeError(`Unknown growth indicator: ${String(indicator)}`);

  const first = table.start;
  const last = byDays ? MAX_SCORED_AGE_DAYS : (Math.round(table.start * 10) + table.M.length - 1) / 10;
  const from = opts.from ?? first;
  const to = opts.to ?? last;
  const step = opts.step ?? (byDays ? 30 : 1);
  if (!(Number.isFinite(from) && Number.isFinite(to) && from >= first && to <= last && from <= to)) {
    throw new RangeError(`Curve range ${from}–${to} is outside ${first}–${last}`);
  }
  if (!(Number.isFinite(step) && step > 0)) throw new RangeError(`Curve step must be positive: ${step}`);
  if (byDays && !(Number.isInteger(from) && Number.isInteger(to) && Number.isInteger(step))) {
    throw new RangeError('Age curves are in whole days: from, to and step must be integers');
  }

  const xs: number[] = [];
  for (let i = 0; ; i++) {
    const x = Math.round((from + i * step) * 1e6) / 1e6;
    if (x >= to) break;
    xs.push(x);
  }
  xs.push(to);

  return xs.map((x) => {
    const r = byDays ? byAge(table, x) : byLength(table, x);
    if (!r) throw new RangeError(`No reference values at ${x}`);
    const at = (k: number) => round2(lmsValueAt(k, r.l, r.m, r.s));
    return { x, sd3neg: at(-3), sd2neg: at(-2), median: at(0), sd2: at(2), sd3: at(3) };
  });
}

import {
  AT_RISK_CONDITIONS,
  GROWTH_CLASSIFICATIONS,
  type AtRiskCondition,
  type GrowthClassification,
  type GrowthDto,
  type GrowthFlag,
} from '@csp/contracts';
import dayjs from 'dayjs';

/**
 * How growth monitoring reads on the pages (issue 12): the WHO classifications as badges, the flags as
 * sentences, the four indicators' names and the z-scores. Pure, so it can be tested; it reads only the
 * names in '@csp/contracts' (never '@csp/contracts/growth', which carries the WHO tables).
 */

export const CLASSIFICATION_LABELS: Record<GrowthClassification, string> = {
  SEVERE_STUNTING: 'Severe stunting',
  STUNTING: 'Stunting',
  SEVERE_WASTING: 'Severe wasting',
  WASTING: 'Wasting',
  SEVERE_UNDERWEIGHT: 'Severe underweight',
  UNDERWEIGHT: 'Underweight',
  OVERWEIGHT: 'Overweight',
  OBESITY: 'Obesity',
  FALLING_WEIGHT: 'Falling weight',
};

/** Severe (below −3 SD) red, moderate (below −2 SD) orange, overweight and obesity yellow, falling grape. */
export const CLASSIFICATION_COLORS: Record<GrowthClassification, string> = {
  SEVERE_STUNTING: 'red',
  STUNTING: 'orange',
  SEVERE_WASTING: 'red',
  WASTING: 'orange',
  SEVERE_UNDERWEIGHT: 'red',
  UNDERWEIGHT: 'orange',
  OVERWEIGHT: 'yellow',
  OBESITY: 'yellow',
  FALLING_WEIGHT: 'grape',
};

/** The classifications in the contracts' order (severe before moderate), unknown codes left out. */
export function sortedClassifications(codes: readonly string[]): GrowthClassification[] {
  return GROWTH_CLASSIFICATIONS.filter((c) => codes.includes(c));
}

/** Why a score is missing, or that one is implausible, as a sentence for the person measuring. */
export const FLAG_TEXTS: Record<GrowthFlag, string> = {
  NO_SEX: 'No sex recorded for this child',
  NO_DATE_OF_BIRTH: 'No date of birth recorded for this child',
  MEASURED_BEFORE_BIRTH: 'The measurement date is before the date of birth',
  OVER_60_MONTHS: 'Over 5 years: the WHO child standards end at 60 months',
  LENGTH_OUT_OF_RANGE: 'Length/height outside the WHO table for weight-for-length',
  NO_WEIGHT: 'No weight recorded',
  NO_HEIGHT: 'No length/height recorded',
  STANDING_UNDER_9_MONTHS: 'Measured standing before 9 months — please check the position',
  WAZ_IMPLAUSIBLE: 'Weight-for-age is implausible — please check the measurement',
  HAZ_IMPLAUSIBLE: 'Length/height-for-age is implausible — please check the measurement',
  WHZ_IMPLAUSIBLE: 'Weight-for-length/height is implausible — please check the measurement',
  BAZ_IMPLAUSIBLE: 'BMI-for-age is implausible — please check the measurement',
  PREGNANT_MOTHER: 'A pregnant mother’s measurement: no child scores',
};

/** The flags' sentences; a code this version does not know is shown as it is. */
export function flagTexts(flags: readonly string[]): string[] {
  return flags.map((f) => (f in FLAG_TEXTS ? FLAG_TEXTS[f as GrowthFlag] : f));
}

export type GrowthIndicator = 'waz' | 'haz' | 'whz' | 'baz';

/** The four indicators in the WHO's order, with their names. */
export const INDICATORS: { key: GrowthIndicator; label: string }[] = [
  { key: 'waz', label: 'Weight-for-age' },
  { key: 'haz', label: 'Length/height-for-age' },
  { key: 'whz', label: 'Weight-for-length/height' },
  { key: 'baz', label: 'BMI-for-age' },
];

export const INDICATOR_LABELS = Object.fromEntries(INDICATORS.map((i) => [i.key, i.label])) as Record<
  GrowthIndicator,
  string
>;

/**
 * A score's colour by the WHO cut-offs: below −3 red, below −2 orange; weight-for-length/height and
 * BMI-for-age above +2 (overweight) yellow; otherwise none (plain text).
 */
export function scoreColor(indicator: GrowthIndicator, z: number | null): string | undefined {
  if (z === null) return undefined;
  if (z < -3) return 'red';
  if (z < -2) return 'orange';
  if (z > 2 && (indicator === 'whz' || indicator === 'baz')) return 'yellow';
  return undefined;
}

/** U+2212, the minus sign (a hyphen reads as a dash next to figures). */
const MINUS = '\u2212';

/** A z-score with two decimals and its sign always shown: '+0.45', '−2.98', '0.00'; '—' for none. */
export function formatZ(z: number | null | undefined): string {
  if (z === null || z === undefined || !Number.isFinite(z)) return '—';
  const text = Math.abs(z).toFixed(2);
  if (text === '0.00') return text;
  return `${z < 0 ? MINUS : '+'}${text}`;
}

/** The WHO's average month (365.25 / 12 days), as the standards count age in months. */
export const DAYS_PER_MONTH = 30.4375;

const plural = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

/**
 * A child's age on the measurement's date (YYYY-MM-DD), as people count it: days under a month, then
 * completed calendar months ('11 months' the day before the first birthday, '12 months' on it), from 2
 * years years and months ('4 years' on the month); '—' when unknown. The date of birth is the date less
 * `ageDays` (the server's age in days, from which the z-scores' WHO months, days ÷ 30.4375, come).
 */
export function ageAtMeasurementText(ageDays: number | null, date: string): string {
  if (ageDays === null || ageDays < 0) return '—';
  const on = dayjs(date);
  const months = on.diff(on.subtract(ageDays, 'day'), 'month');
  if (months < 1) return plural(ageDays, 'day');
  if (months < 24) return plural(months, 'month');
  const years = Math.floor(months / 12);
  const rest = months % 12;
  return rest === 0 ? plural(years, 'year') : `${plural(years, 'year')} ${plural(rest, 'month')}`;
}

/** The explanation beside the scores. */
export const Z_SCORE_NOTE =
  'z-scores against the WHO Child Growth Standards; below \u22122 is moderate, below \u22123 severe.';

/** Whether at least one of the four z-scores could be worked out. */
export function hasScores(growth: Pick<GrowthDto, GrowthIndicator>): boolean {
  return INDICATORS.some((i) => growth[i.key] !== null);
}

// --- children at risk -------------------------------------------------------------------------------

export const AT_RISK_CONDITION_LABELS: Record<AtRiskCondition, string> = {
  stunting: 'Stunting',
  wasting: 'Wasting',
  underweight: 'Underweight',
  falling: 'Falling',
};

/** The filter's choices: 'All' ('' in the address), then each condition. */
export const AT_RISK_FILTER_OPTIONS: { value: AtRiskCondition | ''; label: string }[] = [
  { value: '', label: 'All' },
  ...AT_RISK_CONDITIONS.map((c) => ({ value: c, label: AT_RISK_CONDITION_LABELS[c] })),
];

export function isAtRiskCondition(value: string | null | undefined): value is AtRiskCondition {
  return (AT_RISK_CONDITIONS as readonly string[]).includes(value ?? '');
}

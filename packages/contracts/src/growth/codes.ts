/**
 * The names growth monitoring answers with (API and web), apart from the computation and its tables so
 * that a screen showing a badge does not load the WHO tables, and from the schemas (api.ts) so that it
 * does not load zod either.
 */

/** Why a score is missing, or that it is implausible (a flag, never a clamp). */
export const GROWTH_FLAGS = [
  'NO_SEX',
  'NO_DATE_OF_BIRTH',
  'MEASURED_BEFORE_BIRTH',
  'OVER_60_MONTHS',
  'LENGTH_OUT_OF_RANGE',
  'NO_WEIGHT',
  'NO_HEIGHT',
  'STANDING_UNDER_9_MONTHS',
  'WAZ_IMPLAUSIBLE',
  'HAZ_IMPLAUSIBLE',
  'WHZ_IMPLAUSIBLE',
  'BAZ_IMPLAUSIBLE',
  /** A pregnant mother's measurements are hers: no child z-scores. */
  'PREGNANT_MOTHER',
] as const;
export type GrowthFlag = (typeof GROWTH_FLAGS)[number];

/** The WHO's cut-offs, and the falling-weight warning. */
export const GROWTH_CLASSIFICATIONS = [
  'SEVERE_STUNTING',
  'STUNTING',
  'SEVERE_WASTING',
  'WASTING',
  'SEVERE_UNDERWEIGHT',
  'UNDERWEIGHT',
  'OVERWEIGHT',
  'OBESITY',
  'FALLING_WEIGHT',
] as const;
export type GrowthClassification = (typeof GROWTH_CLASSIFICATIONS)[number];

/** The at-risk list's conditions; each matches the moderate and the severe classification. */
export const AT_RISK_CONDITIONS = ['stunting', 'wasting', 'underweight', 'falling'] as const;
export type AtRiskCondition = (typeof AT_RISK_CONDITIONS)[number];

export const AT_RISK_CLASSIFICATIONS = {
  stunting: ['SEVERE_STUNTING', 'STUNTING'],
  wasting: ['SEVERE_WASTING', 'WASTING'],
  underweight: ['SEVERE_UNDERWEIGHT', 'UNDERWEIGHT'],
  falling: ['FALLING_WEIGHT'],
} as const satisfies Record<AtRiskCondition, readonly GrowthClassification[]>;

/** Every classification that puts a child on the at-risk list (overweight and obesity do not). */
export const AT_RISK_ANY: readonly GrowthClassification[] = Object.values(AT_RISK_CLASSIFICATIONS).flat();

export const isAtRisk = (classifications: readonly string[]) =>
  classifications.some((c) => (AT_RISK_ANY as readonly string[]).includes(c));

/** The at-risk list's page size when no limit is asked (GET /api/measurements/at-risk). */
export const AT_RISK_PAGE_SIZE = 10;

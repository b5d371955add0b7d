/**
 * The names growth monitoring answers with (API and web), apart from the computation and its tables so
 * that a screen showing a badge does not load the WHO tables.
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

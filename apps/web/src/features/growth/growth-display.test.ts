import { AT_RISK_CONDITIONS, GROWTH_CLASSIFICATIONS, GROWTH_FLAGS } from '@csp/contracts';
import { describe, expect, it } from 'vitest';
import {
  ageAtMeasurementText,
  AT_RISK_FILTER_OPTIONS,
  CLASSIFICATION_COLORS,
  CLASSIFICATION_LABELS,
  FLAG_TEXTS,
  flagTexts,
  formatZ,
  hasScores,
  INDICATOR_LABELS,
  isAtRiskCondition,
  scoreColor,
  sortedClassifications,
  Z_SCORE_NOTE,
} from './growth-display.ts';

const none = { ageDays: 400, waz: null, haz: null, whz: null, baz: null, flags: [], classifications: [] };

describe('formatZ', () => {
  it('always shows the sign, with a real minus sign and two decimals', () => {
    expect(formatZ(0.45)).toBe('+0.45');
    expect(formatZ(-2.98)).toBe('\u22122.98');
    expect(formatZ(-2.98)).not.toContain('-');
    expect(formatZ(3)).toBe('+3.00');
    expect(formatZ(-0.126)).toBe('\u22120.13');
  });

  it('shows zero (and what rounds to it) without a sign, and a dash for no score', () => {
    expect(formatZ(0)).toBe('0.00');
    expect(formatZ(-0.001)).toBe('0.00');
    expect(formatZ(null)).toBe('—');
    expect(formatZ(undefined)).toBe('—');
    expect(formatZ(Number.NaN)).toBe('—');
  });
});

describe('classification labels and colours', () => {
  it('names every classification', () => {
    expect(GROWTH_CLASSIFICATIONS.map((c) => CLASSIFICATION_LABELS[c])).toEqual([
      'Severe stunting',
      'Stunting',
      'Severe wasting',
      'Wasting',
      'Severe underweight',
      'Underweight',
      'Overweight',
      'Obesity',
      'Falling weight',
    ]);
  });

  it('colours severe red, moderate orange, overweight and obesity yellow, falling grape', () => {
    expect(CLASSIFICATION_COLORS.SEVERE_WASTING).toBe('red');
    expect(CLASSIFICATION_COLORS.SEVERE_STUNTING).toBe('red');
    expect(CLASSIFICATION_COLORS.SEVERE_UNDERWEIGHT).toBe('red');
    expect(CLASSIFICATION_COLORS.WASTING).toBe('orange');
    expect(CLASSIFICATION_COLORS.STUNTING).toBe('orange');
    expect(CLASSIFICATION_COLORS.UNDERWEIGHT).toBe('orange');
    expect(CLASSIFICATION_COLORS.OVERWEIGHT).toBe('yellow');
    expect(CLASSIFICATION_COLORS.OBESITY).toBe('yellow');
    expect(CLASSIFICATION_COLORS.FALLING_WEIGHT).toBe('grape');
  });

  it('orders classifications as the contracts do and drops unknown codes', () => {
    expect(sortedClassifications(['UNDERWEIGHT', 'NEW_CODE', 'WASTING'])).toEqual(['WASTING', 'UNDERWEIGHT']);
    expect(sortedClassifications([])).toEqual([]);
  });
});

describe('scoreColor', () => {
  it('colours by the WHO cut-offs: severe red, moderate orange, overweight yellow', () => {
    expect(scoreColor('whz', -3.2)).toBe('red');
    expect(scoreColor('haz', -2.5)).toBe('orange');
    expect(scoreColor('waz', -2)).toBeUndefined();
    expect(scoreColor('whz', 2.4)).toBe('yellow');
    expect(scoreColor('baz', 3.4)).toBe('yellow');
    // A tall or heavy-for-age child is not overweight by those scores.
    expect(scoreColor('haz', 2.4)).toBeUndefined();
    expect(scoreColor('waz', 2.4)).toBeUndefined();
    expect(scoreColor('waz', null)).toBeUndefined();
  });
});

describe('flags as sentences', () => {
  it('has a sentence for every flag', () => {
    for (const flag of GROWTH_FLAGS) expect(FLAG_TEXTS[flag]).toMatch(/^[A-Z].+[^.]$/);
  });

  it('says what is missing or what to check', () => {
    expect(
      flagTexts([
        'NO_SEX',
        'OVER_60_MONTHS',
        'PREGNANT_MOTHER',
        'WAZ_IMPLAUSIBLE',
        'STANDING_UNDER_9_MONTHS',
        'LENGTH_OUT_OF_RANGE',
      ]),
    ).toEqual([
      'No sex recorded for this child',
      'Over 5 years: the WHO child standards end at 60 months',
      'A pregnant mother’s measurement: no child scores',
      'Weight-for-age is implausible — please check the measurement',
      'Measured standing before 9 months — please check the position',
      'Length/height outside the WHO table for weight-for-length',
    ]);
  });

  it('shows an unknown flag as it is', () => {
    expect(flagTexts(['SOMETHING_NEW'])).toEqual(['SOMETHING_NEW']);
  });
});

describe('ageAtMeasurementText', () => {
  it('counts days under a month, then completed calendar months, then years and months', () => {
    expect(ageAtMeasurementText(0, '2026-11-28')).toBe('0 days');
    expect(ageAtMeasurementText(1, '2026-11-28')).toBe('1 day');
    // Born 29 Oct: a month on 29 Nov, not before.
    expect(ageAtMeasurementText(30, '2026-11-28')).toBe('30 days');
    expect(ageAtMeasurementText(31, '2026-11-28')).toBe('1 month');
    // Born 28 Sep 2025: 13 months the day before 28 Nov 2026, 14 on it (426 days ÷ 30.4375 is 13.996).
    expect(ageAtMeasurementText(425, '2026-11-27')).toBe('13 months');
    expect(ageAtMeasurementText(426, '2026-11-28')).toBe('14 months');
    expect(ageAtMeasurementText(730, '2026-11-28')).toBe('2 years');
    expect(ageAtMeasurementText(821, '2026-11-27')).toBe('2 years 2 months');
    expect(ageAtMeasurementText(822, '2026-11-28')).toBe('2 years 3 months');
    expect(ageAtMeasurementText(1492, '2026-11-28')).toBe('4 years 1 month');
  });

  it('says 12 months on the first birthday, in a leap year too, and 11 the day before', () => {
    // Born 28 Nov 2025: 365 days later is the birthday, although 365 ÷ 30.4375 is 11.99 WHO months.
    expect(ageAtMeasurementText(364, '2026-11-27')).toBe('11 months');
    expect(ageAtMeasurementText(365, '2026-11-28')).toBe('12 months');
    // Born 1 Mar 2027: 29 Feb 2028 is 365 days later, the birthday 366.
    expect(ageAtMeasurementText(365, '2028-02-29')).toBe('11 months');
    expect(ageAtMeasurementText(366, '2028-03-01')).toBe('12 months');
  });

  it('shows a dash when the age is unknown', () => {
    expect(ageAtMeasurementText(null, '2026-11-28')).toBe('—');
    expect(ageAtMeasurementText(-3, '2026-11-28')).toBe('—');
  });
});

describe('indicators and the note', () => {
  it('names the four indicators', () => {
    expect(INDICATOR_LABELS).toEqual({
      waz: 'Weight-for-age',
      haz: 'Length/height-for-age',
      whz: 'Weight-for-length/height',
      baz: 'BMI-for-age',
    });
  });

  it('explains the cut-offs with real minus signs', () => {
    expect(Z_SCORE_NOTE).toBe(
      'z-scores against the WHO Child Growth Standards; below −2 is moderate, below −3 severe.',
    );
  });

  it('tells a measurement without any score from one with at least one', () => {
    expect(hasScores(none)).toBe(false);
    expect(hasScores({ ...none, whz: -1.2 })).toBe(true);
  });
});

describe('the at-risk filter', () => {
  it("offers 'All' and each condition", () => {
    expect(AT_RISK_FILTER_OPTIONS.map((o) => o.label)).toEqual([
      'All',
      'Stunting',
      'Wasting',
      'Underweight',
      'Falling',
    ]);
    expect(AT_RISK_FILTER_OPTIONS.slice(1).map((o) => o.value)).toEqual([...AT_RISK_CONDITIONS]);
  });

  it('accepts only known conditions from the address', () => {
    expect(isAtRiskCondition('wasting')).toBe(true);
    expect(isAtRiskCondition('all')).toBe(false);
    expect(isAtRiskCondition(null)).toBe(false);
  });
});

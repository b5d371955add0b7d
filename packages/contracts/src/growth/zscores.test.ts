import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../dates.ts';
import {
  BMI_FOR_AGE,
  LENGTH_HEIGHT_FOR_AGE,
  type LmsTablePair,
  WEIGHT_FOR_AGE,
  WEIGHT_FOR_HEIGHT,
  WEIGHT_FOR_LENGTH,
} from './who-tables.ts';
import {
  ageInDays,
  computeGrowth,
  FALLING_WAZ_DROP,
  type Growth,
  type GrowthInput,
  lmsValueAt,
  lmsZscore,
  MAX_SCORED_AGE_DAYS,
  referenceCurve,
  restrictedLmsZscore,
  type Sex,
} from './zscores.ts';

/*
 * Expected values are computed here, independently of the module, from L, M, S rows copied literally
 * from the WHO files (/work/shared/data/who-growth-standards, = anthro's data-raw/growthstandards):
 * plain z = ((y/M)^L − 1)/(S·L); restricted (WAZ, WHZ, BAZ): beyond ±3, ±3 + (y − SD±3)/(SD±3 − SD±2),
 * SDk = M·(1 + L·S·k)^(1/L); then rounded to 2 decimals.
 */
type Row = readonly [l: number, m: number, s: number];
const R = {
  // weianthro.txt (sex, age, l, m, s)
  weiM0: [0.3487, 3.3464, 0.14602], //       1  0     0.3487   3.3464   0.14602
  weiM200: [0.1185, 8.1475, 0.1092], //      1  200   0.1185   8.1475   0.1092
  weiM731: [-0.0137, 12.1548, 0.11427], //   1  731   -0.0137  12.1548  0.11427
  weiF1: [0.3259, 3.1957, 0.14578], //       2  1     0.3259   3.1957   0.14578
  weiF730: [-0.294, 11.4741, 0.12389], //    2  730   -0.294   11.4741  0.12389
  weiF1826: [-0.3518, 18.2179, 0.14821], //  2  1826  -0.3518  18.2179  0.14821
  // lenanthro.txt (sex, age, l, m, s, loh)
  lenM0: [1, 49.8842, 0.03795], //           1  0     1  49.8842   0.03795  L
  lenM200: [1, 68.5198, 0.03149], //         1  200   1  68.5198   0.03149  L
  lenM244: [1, 70.6224, 0.03124], //         1  244   1  70.6224   0.03124  L
  lenM274: [1, 71.9714, 0.03117], //         1  274   1  71.9714   0.03117  L
  lenM731: [1, 87.1303, 0.03508], //         1  731   1  87.1303   0.03508  H
  lenM1000: [1, 93.9706, 0.03783], //        1  1000  1  93.9706   0.03783  H
  lenF730: [1, 86.4008, 0.03733], //         2  730   1  86.4008   0.03733  L
  lenF1826: [1, 109.4189, 0.04346], //       2  1826  1  109.4189  0.04346  H
  // bmianthro.txt (sex, age, l, m, s, loh)
  bmiM0: [-0.3053, 13.4069, 0.0956], //      1  0     -0.3053  13.4069  0.0956   L
  bmiM731: [-0.6187, 16.0189, 0.07785], //   1  731   -0.6187  16.0189  0.07785  H
  bmiF1: [0.0362, 13.3185, 0.0936], //       2  1     0.0362   13.3185  0.0936   L
  bmiF730: [-0.5989, 15.4052, 0.08545], //   2  730   -0.5989  15.4052  0.08545  L
  bmiF1826: [-0.5684, 15.2747, 0.09789], //  2  1826  -0.5684  15.2747  0.09789  H
  // wflanthro.txt (sex, length, l, m, s, lorh)
  wflM45: [-0.3521, 2.441, 0.09182], //      1  45    -0.3521  2.441    0.09182  L
  wflM50: [-0.3521, 3.3278, 0.0889], //      1  50    -0.3521  3.3278   0.0889   L
  wflM65: [-0.3521, 7.2666, 0.08223], //     1  65    -0.3521  7.2666   0.08223  L
  wflM75: [-0.3521, 9.5032, 0.08295], //     1  75    -0.3521  9.5032   0.08295  L
  wflM80_3: [-0.3521, 10.5031, 0.08304], //  1  80.3  -0.3521  10.5031  0.08304  L
  wflM80_4: [-0.3521, 10.5217, 0.08303], //  1  80.4  -0.3521  10.5217  0.08303  L
  wflM110: [-0.3521, 18.2689, 0.08755], //   1  110   -0.3521  18.2689  0.08755  L
  wflF85: [-0.3833, 11.2198, 0.08898], //    2  85    -0.3833  11.2198  0.08898  L
  wflF85_7: [-0.3833, 11.3934, 0.08896], //  2  85.7  -0.3833  11.3934  0.08896  L
  // wfhanthro.txt (sex, height, l, m, s, lorh)
  wfhM86_3: [-0.3521, 11.9916, 0.08111], //  1  86.3  -0.3521  11.9916  0.08111  H
  wfhM87: [-0.3521, 12.1645, 0.0809], //     1  87    -0.3521  12.1645  0.0809   H
  wfhF65: [-0.3833, 7.2402, 0.09113], //     2  65    -0.3833  7.2402   0.09113  H
  wfhF100_7: [-0.3833, 15.4271, 0.09107], // 2  100.7 -0.3833  15.4271  0.09107  H
  wfhF109: [-0.3833, 18.2174, 0.0939], //    2  109   -0.3833  18.2174  0.0939   H
  wfhF120: [-0.3833, 22.8173, 0.09828], //   2  120   -0.3833  22.8173  0.09828  H
} satisfies Record<string, Row>;

// The test's own formulas (deliberately not the module's).
const plain = (y: number, [l, m, s]: Row) => (Math.pow(y / m, l) - 1) / (s * l);
const sdAt = (k: number, [l, m, s]: Row) => m * Math.pow(1 + l * s * k, 1 / l);
function restricted(y: number, row: Row): number {
  const z = plain(y, row);
  if (z > 3) return 3 + (y - sdAt(3, row)) / (sdAt(3, row) - sdAt(2, row));
  if (z < -3) return -3 + (y - sdAt(-3, row)) / (sdAt(-2, row) - sdAt(-3, row));
  return z;
}
/** The measurement whose (restricted) z-score is z: the inverse of `restricted`. */
function measurementAt(z: number, row: Row): number {
  if (z > 3) return sdAt(3, row) + (z - 3) * (sdAt(3, row) - sdAt(2, row));
  if (z < -3) return sdAt(-3, row) + (z + 3) * (sdAt(-2, row) - sdAt(-3, row));
  return sdAt(z, row);
}
const r2 = (x: number) => Math.round(x * 100) / 100 + 0;

const BIRTH = '2020-01-01';
function measure(ageDays: number, input: Partial<GrowthInput> = {}): Growth {
  return computeGrowth({
    sex: 'MALE',
    dateOfBirth: BIRTH,
    date: addDays(BIRTH, ageDays),
    weightKg: null,
    heightCm: null,
    position: null,
    ...input,
  });
}

describe('ageInDays', () => {
  it('counts whole UTC calendar days, across leap days', () => {
    expect(ageInDays('2024-02-28', '2024-03-01')).toBe(2);
    expect(ageInDays('2023-02-28', '2023-03-01')).toBe(1);
    expect(ageInDays('2020-01-01', '2025-01-01')).toBe(1827);
    expect(ageInDays('2020-01-01', '2020-01-01')).toBe(0);
    expect(ageInDays('2020-01-02', '2020-01-01')).toBe(-1);
  });
  it('rejects a malformed date (and computeGrowth with it)', () => {
    expect(() => ageInDays('2020-02-30', '2021-01-01')).toThrow(RangeError);
    expect(() => ageInDays('2020-01-01', '2021-1-1')).toThrow(RangeError);
    expect(() => measure(0, { date: 'yesterday' })).toThrow(RangeError);
  });
});

describe('computeGrowth at the boundary ages', () => {
  it('age 0 (male, 3.5 kg, 50 cm)', () => {
    // WAZ ((3.5/3.3464)^0.3487 − 1)/(0.14602·0.3487) = 0.3098 → 0.31
    // HAZ (50/49.8842 − 1)/0.03795 = 0.0612 → 0.06
    // WHZ (wfl 50.0) ((3.5/3.3278)^−0.3521 − 1)/(0.0889·−0.3521) = 0.5625 → 0.56
    // BAZ BMI 3.5/0.5² = 14: ((14/13.4069)^−0.3053 − 1)/(0.0956·−0.3053) = 0.4498 → 0.45
    const g = measure(0, { weightKg: 3.5, heightCm: 50 });
    expect(g).toEqual({
      ageDays: 0,
      waz: r2(restricted(3.5, R.weiM0)),
      haz: r2(plain(50, R.lenM0)),
      whz: r2(restricted(3.5, R.wflM50)),
      baz: r2(restricted(14, R.bmiM0)),
      flags: [],
      classifications: [],
    });
    expect([g.waz, g.haz, g.whz, g.baz]).toEqual([0.31, 0.06, 0.56, 0.45]);
  });

  it('730 days lying: no adjustment; standing: + 0.7 cm (female, 11 kg, 85 cm)', () => {
    // lying: HAZ (85/86.4008 − 1)/0.03733 = −0.4343 → −0.43; WHZ on wfl 85.0:
    // ((11/11.2198)^−0.3833 − 1)/(0.08898·−0.3833) = −0.2232 → −0.22; BAZ 11/0.85² = 15.2249 → −0.14
    const lying = measure(730, { sex: 'FEMALE', weightKg: 11, heightCm: 85, position: 'LYING' });
    expect(lying).toMatchObject({
      ageDays: 730,
      waz: r2(restricted(11, R.weiF730)),
      haz: r2(plain(85, R.lenF730)),
      whz: r2(restricted(11, R.wflF85)),
      baz: r2(restricted(11 / 0.85 ** 2, R.bmiF730)),
      flags: [],
    });
    expect([lying.waz, lying.haz, lying.whz, lying.baz]).toEqual([-0.34, -0.43, -0.22, -0.14]);
    // position null = the recommended way (lying at 730 days): same as lying
    expect(measure(730, { sex: 'FEMALE', weightKg: 11, heightCm: 85 })).toEqual(lying);
    // standing: 85.7 cm. HAZ (85.7/86.4008 − 1)/0.03733 = −0.2173 → −0.22; WHZ on wfl 85.7:
    // ((11/11.3934)^−0.3833 − 1)/(0.08896·−0.3833) = −0.3977 → −0.40; BAZ 11/0.857² → −0.33
    const standing = measure(730, { sex: 'FEMALE', weightKg: 11, heightCm: 85, position: 'STANDING' });
    expect(standing).toMatchObject({
      waz: lying.waz,
      haz: r2(plain(85.7, R.lenF730)),
      whz: r2(restricted(11, R.wflF85_7)),
      baz: r2(restricted(11 / 0.857 ** 2, R.bmiF730)),
      flags: [],
    });
    expect([standing.haz, standing.whz, standing.baz]).toEqual([-0.22, -0.4, -0.33]);
  });

  it('731 days standing: no adjustment; lying: − 0.7 cm, weight-for-height (male, 12 kg, 87 cm)', () => {
    // standing: WAZ ((12/12.1548)^−0.0137 − 1)/(0.11427·−0.0137) = −0.1122 → −0.11
    // HAZ (87/87.1303 − 1)/0.03508 = −0.0426 → −0.04; WHZ on wfh 87.0:
    // ((12/12.1645)^−0.3521 − 1)/(0.0809·−0.3521) = −0.1687 → −0.17; BAZ 12/0.87² = 15.8542 → −0.13
    const standing = measure(731, { weightKg: 12, heightCm: 87, position: 'STANDING' });
    expect(standing).toMatchObject({
      ageDays: 731,
      waz: r2(restricted(12, R.weiM731)),
      haz: r2(plain(87, R.lenM731)),
      whz: r2(restricted(12, R.wfhM87)),
      baz: r2(restricted(12 / 0.87 ** 2, R.bmiM731)),
      flags: [],
    });
    expect([standing.waz, standing.haz, standing.whz, standing.baz]).toEqual([-0.11, -0.04, -0.17, -0.13]);
    expect(measure(731, { weightKg: 12, heightCm: 87 })).toEqual(standing);
    // lying: 86.3 cm. HAZ (86.3/87.1303 − 1)/0.03508 = −0.2716 → −0.27; WHZ on wfh 86.3:
    // ((12/11.9916)^−0.3521 − 1)/(0.08111·−0.3521) = 0.0086 → 0.01; BAZ 12/0.863² → 0.07
    const lying = measure(731, { weightKg: 12, heightCm: 87, position: 'LYING' });
    expect(lying).toMatchObject({
      haz: r2(plain(86.3, R.lenM731)),
      whz: r2(restricted(12, R.wfhM86_3)),
      baz: r2(restricted(12 / 0.863 ** 2, R.bmiM731)),
    });
    expect([lying.haz, lying.whz, lying.baz]).toEqual([-0.27, 0.01, 0.07]);
  });

  it('1826 days (59.99 months) is scored; 1827 days (60.02 months) is not', () => {
    expect(MAX_SCORED_AGE_DAYS).toBe(1826);
    // female, 18 kg, 109 cm standing. WAZ ((18/18.2179)^−0.3518 − 1)/(0.14821·−0.3518) = −0.0814 → −0.08
    // HAZ (109/109.4189 − 1)/0.04346 = −0.0881 → −0.09; WHZ on wfh 109.0:
    // ((18/18.2174)^−0.3833 − 1)/(0.0939·−0.3833) = −0.1281 → −0.13; BAZ 18/1.09² = 15.1502 → −0.08
    const input = { sex: 'FEMALE' as const, weightKg: 18, heightCm: 109, position: 'STANDING' as const };
    expect(measure(1826, input)).toEqual({
      ageDays: 1826,
      waz: r2(restricted(18, R.weiF1826)),
      haz: r2(plain(109, R.lenF1826)),
      whz: r2(restricted(18, R.wfhF109)),
      baz: r2(restricted(18 / 1.09 ** 2, R.bmiF1826)),
      flags: [],
      classifications: [],
    });
    expect(measure(1827, input)).toEqual({
      ageDays: 1827,
      waz: null,
      haz: null,
      whz: null,
      baz: null,
      flags: ['OVER_60_MONTHS'],
      classifications: [],
    });
  });

  it('standing at 200 days (6.6 months) is flagged and not adjusted', () => {
    // HAZ (65/68.5198 − 1)/0.03149 = −1.6313 → −1.63 (with + 0.7 it would be −1.31)
    // WHZ on wfl 65.0: ((7.5/7.2666)^−0.3521 − 1)/(0.08223·−0.3521) = 0.3823 → 0.38
    const g = measure(200, { weightKg: 7.5, heightCm: 65, position: 'STANDING' });
    expect(g).toMatchObject({
      waz: r2(restricted(7.5, R.weiM200)),
      haz: r2(plain(65, R.lenM200)),
      whz: r2(restricted(7.5, R.wflM65)),
      flags: ['STANDING_UNDER_9_MONTHS'],
    });
    expect(g.haz).toBe(-1.63);
    expect(g.whz).toBe(0.38);
    const { flags: _flags, ...lying } = measure(200, { weightKg: 7.5, heightCm: 65, position: 'LYING' });
    expect(g).toMatchObject(lying);
  });

  it('the 9-month limit is ageDays / 30.4375 < 9: 273 days is flagged, 274 is not', () => {
    expect(measure(273, { heightCm: 70, position: 'STANDING' }).flags).toEqual([
      'NO_WEIGHT',
      'STANDING_UNDER_9_MONTHS',
    ]);
    const at274 = measure(274, { heightCm: 70, position: 'STANDING' });
    expect(at274.flags).toEqual(['NO_WEIGHT']);
    expect(at274.haz).toBe(r2(plain(70.7, R.lenM274)));
  });
});

describe('weight-for-length/height at the table edges', () => {
  it('weight-for-length at 45.0 and 110.0 cm; 44.9 and 110.1 are out of range', () => {
    // 400 days (male, lying): wfl. 45.0: ((2.3/2.441)^−0.3521 − 1)/(0.09182·−0.3521) = −0.6548 → −0.65
    // 110.0: ((19/18.2689)^−0.3521 − 1)/(0.08755·−0.3521) = 0.4451 → 0.45
    expect(measure(400, { weightKg: 2.3, heightCm: 45 }).whz).toBe(r2(restricted(2.3, R.wflM45)));
    expect(measure(400, { weightKg: 2.3, heightCm: 45 }).whz).toBe(-0.65);
    expect(measure(400, { weightKg: 19, heightCm: 110 }).whz).toBe(r2(restricted(19, R.wflM110)));
    expect(measure(400, { weightKg: 19, heightCm: 110 }).whz).toBe(0.45);
    for (const heightCm of [44.9, 110.1, 110.01]) {
      const g = measure(400, { weightKg: 10, heightCm });
      expect(g.whz).toBeNull();
      expect(g.flags).toContain('LENGTH_OUT_OF_RANGE');
      expect(g.waz).not.toBeNull();
      expect(g.haz).not.toBeNull();
      expect(g.baz).not.toBeNull();
    }
    // standing 109.3 at 400 days is 110.0 lying: still in range; 109.4 standing is 110.1: out
    expect(measure(400, { weightKg: 19, heightCm: 109.3, position: 'STANDING' }).whz).toBe(0.45);
    expect(measure(400, { weightKg: 19, heightCm: 109.4, position: 'STANDING' }).whz).toBeNull();
  });

  it('weight-for-height at 65.0 and 120.0 cm; 64.9 and 120.1 are out of range', () => {
    // 1000 days (female, standing): wfh. 65.0: ((7/7.2402)^−0.3833 − 1)/(0.09113·−0.3833) = −0.3726 → −0.37
    // 120.0: ((22/22.8173)^−0.3833 − 1)/(0.09828·−0.3833) = −0.3738 → −0.37
    const f = { sex: 'FEMALE' as const };
    expect(measure(1000, { ...f, weightKg: 7, heightCm: 65 }).whz).toBe(r2(restricted(7, R.wfhF65)));
    expect(measure(1000, { ...f, weightKg: 22, heightCm: 120 }).whz).toBe(r2(restricted(22, R.wfhF120)));
    expect(measure(1000, { ...f, weightKg: 22, heightCm: 120 }).whz).toBe(-0.37);
    for (const heightCm of [64.9, 120.1]) {
      const g = measure(1000, { ...f, weightKg: 15, heightCm });
      expect(g.whz).toBeNull();
      expect(g.flags).toContain('LENGTH_OUT_OF_RANGE');
    }
    // lying 120.7 at 1000 days is 120.0 standing: in range
    expect(measure(1000, { ...f, weightKg: 22, heightCm: 120.7, position: 'LYING' }).whz).toBe(-0.37);
    // a length that is fine for wfl (50 cm) is out of range for wfh from 731 days
    expect(measure(731, { weightKg: 3, heightCm: 50 }).flags).toContain('LENGTH_OUT_OF_RANGE');
  });

  it('interpolates L, M, S between the 0.1 cm rows (80.35 cm)', () => {
    // 80.35 lies half-way between wfl 80.3 and 80.4: M = 10.5031 + 0.5·(10.5217 − 10.5031) = 10.5124,
    // S = 0.08304 + 0.5·(0.08303 − 0.08304) = 0.083035, L = −0.3521;
    // ((10/10.5124)^−0.3521 − 1)/(0.083035·−0.3521) = −0.6071 → −0.61
    const half = (a: number, b: number) => a + 0.5 * (b - a);
    const row: Row = [
      half(R.wflM80_3[0], R.wflM80_4[0]),
      half(R.wflM80_3[1], R.wflM80_4[1]),
      half(R.wflM80_3[2], R.wflM80_4[2]),
    ];
    expect(measure(400, { weightKg: 10, heightCm: 80.35 }).whz).toBe(r2(restricted(10, row)));
    expect(measure(400, { weightKg: 10, heightCm: 80.35 }).whz).toBe(-0.61);
  });

  it('uses exactly the row of a length on the 0.1 cm grid, whatever the binary noise', () => {
    // 80.3: ((10/10.5031)^−0.3521 − 1)/(0.08304·−0.3521) = −0.5962 → −0.60
    // 100.7 (wfh, female): ((15/15.4271)^−0.3833 − 1)/(0.09107·−0.3833) = −0.3100 → −0.31
    expect(measure(400, { weightKg: 10, heightCm: 80.3 }).whz).toBe(r2(restricted(10, R.wflM80_3)));
    expect(measure(400, { weightKg: 10, heightCm: 80.3 }).whz).toBe(-0.6);
    const f = { sex: 'FEMALE' as const, weightKg: 15 };
    expect(measure(1000, { ...f, heightCm: 100.7 }).whz).toBe(r2(restricted(15, R.wfhF100_7)));
    expect(measure(1000, { ...f, heightCm: 100.7 }).whz).toBe(-0.31);
    // values a unit conversion or the ± 0.7 cm could produce: one ulp around the grid point
    for (const noisy of [80.29999999999998, 80.30000000000001, 80.3 - 0.7 + 0.7]) {
      expect(measure(400, { weightKg: 10, heightCm: noisy }).whz).toBe(-0.6);
    }
    expect(measure(1000, { ...f, weightKg: 22, heightCm: 120.00000000000001 }).whz).toBe(-0.37);
    expect(measure(1000, { ...f, weightKg: 7, heightCm: 64.99999999999999 }).whz).toBe(
      r2(restricted(7, R.wfhF65)),
    );
  });
});

describe('tails beyond ±3 SD', () => {
  it('WAZ uses the restricted formula (male, age 0)', () => {
    // 6.0 kg: plain ((6/3.3464)^0.3487 − 1)/(0.14602·0.3487) = 4.43, but restricted:
    // SD3 = 3.3464·(1 + 0.3487·0.14602·3)^(1/0.3487), SD2 likewise; 3 + (6 − SD3)/(SD3 − SD2) = 4.5858 → 4.59
    expect(measure(0, { weightKg: 6 }).waz).toBe(r2(restricted(6, R.weiM0)));
    expect(measure(0, { weightKg: 6 }).waz).toBe(4.59);
    expect(r2(plain(6, R.weiM0))).toBe(4.43);
    // 1.8 kg: plain −3.82, restricted −3 + (1.8 − SD−3)/(SD−2 − SD−3) = −3.7396 → −3.74
    expect(measure(0, { weightKg: 1.8 }).waz).toBe(-3.74);
    expect(r2(plain(1.8, R.weiM0))).toBe(-3.82);
  });

  it('WHZ uses the restricted formula (male, 400 days, 75 cm)', () => {
    // 5 kg: plain −8.69, restricted −7.13; 14 kg: plain 4.37, restricted 4.58 (wfl 75.0: −0.3521, 9.5032, 0.08295)
    const low = measure(400, { weightKg: 5, heightCm: 75 });
    expect(low.whz).toBe(r2(restricted(5, R.wflM75)));
    expect(low.whz).toBe(-7.13);
    expect(r2(plain(5, R.wflM75))).toBe(-8.69);
    expect(low.flags).toContain('WHZ_IMPLAUSIBLE');
    expect(measure(400, { weightKg: 14, heightCm: 75 }).whz).toBe(4.58);
    expect(r2(plain(14, R.wflM75))).toBe(4.37);
  });

  it('HAZ uses the plain formula, unrestricted (L = 1 in every length row, so both coincide)', () => {
    // 731 days, 70 cm standing: (70/87.1303 − 1)/0.03508 = −5.6045 → −5.60
    const g = measure(731, { heightCm: 70 });
    expect(g.haz).toBe(r2(plain(70, R.lenM731)));
    expect(g.haz).toBe(-5.6);
    expect(g.flags).not.toContain('HAZ_IMPLAUSIBLE');
  });
});

describe('implausible scores are flagged and returned', () => {
  it('HAZ −7 (male, 1000 days, 69 cm)', () => {
    // (69/93.9706 − 1)/0.03783 = −7.0243 → −7.02
    const g = measure(1000, { heightCm: 69 });
    expect(g.haz).toBe(r2(plain(69, R.lenM1000)));
    expect(g.haz).toBe(-7.02);
    expect(g.flags).toEqual(['NO_WEIGHT', 'HAZ_IMPLAUSIBLE']);
    expect(g.classifications).toEqual([]); // not SEVERE_STUNTING: implausible scores do not classify
  });

  it('compares the rounded score with the thresholds (WAZ −6/5, HAZ ±6, WHZ ±5, BAZ ±5)', () => {
    // male 731 days, standing, 87 cm
    const at = (weightKg: number | null, heightCm: number) =>
      measure(731, { weightKg, heightCm, position: 'STANDING' });
    const wei = (z: number) => measurementAt(z, R.weiM731);
    expect(at(wei(-6.004), 87).waz).toBe(-6);
    expect(at(wei(-6.004), 87).flags).not.toContain('WAZ_IMPLAUSIBLE');
    expect(at(wei(-6.006), 87).waz).toBe(-6.01);
    expect(at(wei(-6.006), 87).flags).toContain('WAZ_IMPLAUSIBLE');
    expect(at(wei(-6.006), 87).classifications).not.toContain('SEVERE_UNDERWEIGHT');
    expect(at(wei(5.004), 87).flags).not.toContain('WAZ_IMPLAUSIBLE');
    expect(at(wei(5.006), 87).flags).toContain('WAZ_IMPLAUSIBLE');

    const len = (z: number) => measurementAt(z, R.lenM731);
    expect(at(null, len(6.004)).flags).not.toContain('HAZ_IMPLAUSIBLE');
    expect(at(null, len(6.006)).flags).toContain('HAZ_IMPLAUSIBLE');
    expect(at(null, len(-6.004)).classifications).toEqual(['SEVERE_STUNTING']);
    expect(at(null, len(-6.006)).classifications).toEqual([]);

    const wfh = (z: number) => measurementAt(z, R.wfhM87);
    expect(at(wfh(-5.004), 87).flags).not.toContain('WHZ_IMPLAUSIBLE');
    expect(at(wfh(-5.006), 87).flags).toContain('WHZ_IMPLAUSIBLE');
    expect(at(wfh(5.004), 87).classifications).toContain('OBESITY');
    expect(at(wfh(5.006), 87).whz).toBe(5.01);
    expect(at(wfh(5.006), 87).classifications).not.toContain('OBESITY');

    // BAZ: 87 cm, weight for a BMI at z on bmianthro 731 (male)
    const bmi = (z: number) => measurementAt(z, R.bmiM731) * 0.87 ** 2;
    expect(at(bmi(5.004), 87).baz).toBe(5);
    expect(at(bmi(5.004), 87).flags).not.toContain('BAZ_IMPLAUSIBLE');
    expect(at(bmi(5.006), 87).flags).toContain('BAZ_IMPLAUSIBLE');
    expect(at(bmi(-5.006), 87).flags).toContain('BAZ_IMPLAUSIBLE');
  });
});

describe('missing inputs', () => {
  const full = { weightKg: 12, heightCm: 87 };
  const none = { waz: null, haz: null, whz: null, baz: null, classifications: [] };
  it('no sex: no score, age still computed', () => {
    expect(measure(731, { ...full, sex: null })).toEqual({ ageDays: 731, ...none, flags: ['NO_SEX'] });
  });
  it('no date of birth: no score, no age', () => {
    expect(measure(731, { ...full, dateOfBirth: null })).toEqual({
      ageDays: null,
      ...none,
      flags: ['NO_DATE_OF_BIRTH'],
    });
  });
  it('measured before birth', () => {
    expect(measure(-1, full)).toEqual({ ageDays: -1, ...none, flags: ['MEASURED_BEFORE_BIRTH'] });
  });
  it('no weight, or a weight ≤ 0: only HAZ', () => {
    for (const weightKg of [null, 0, -3, Number.NaN]) {
      const g = measure(731, { ...full, weightKg });
      expect(g).toMatchObject({ waz: null, whz: null, baz: null, flags: ['NO_WEIGHT'] });
      expect(g.haz).toBe(r2(plain(87, R.lenM731)));
    }
  });
  it('no height, or a height ≤ 0: only WAZ', () => {
    for (const heightCm of [null, 0, -87]) {
      const g = measure(731, { ...full, heightCm });
      expect(g).toMatchObject({ haz: null, whz: null, baz: null, flags: ['NO_HEIGHT'] });
      expect(g.waz).toBe(r2(restricted(12, R.weiM731)));
    }
  });
  it('a lying height that is ≤ 0 once 0.7 cm is taken off counts as no height', () => {
    expect(measure(731, { weightKg: 12, heightCm: 0.7, position: 'LYING' })).toMatchObject({
      haz: null,
      whz: null,
      baz: null,
      flags: ['NO_HEIGHT'],
    });
  });
  it('several reasons at once, in GROWTH_FLAGS order', () => {
    expect(
      computeGrowth({
        sex: null,
        dateOfBirth: null,
        date: BIRTH,
        weightKg: null,
        heightCm: null,
        position: null,
      }),
    ).toEqual({ ageDays: null, ...none, flags: ['NO_SEX', 'NO_DATE_OF_BIRTH', 'NO_WEIGHT', 'NO_HEIGHT'] });
  });
});

describe('classifications at their cut-offs', () => {
  // male, 731 days, standing 87 cm unless the test varies the height: lenanthro 731, weianthro 731, wfh 87.0
  const at = (weightKg: number | null, heightCm: number | null) =>
    measure(731, { weightKg, heightCm, position: 'STANDING' });
  const cases: [string, (z: number) => Growth, (g: Growth) => number | null, [number, string[]][]][] = [
    [
      'HAZ: −2.00 none, −2.01 STUNTING, −3.00 STUNTING, −3.01 SEVERE_STUNTING',
      (z) => at(null, measurementAt(z, R.lenM731)),
      (g) => g.haz,
      [
        [-1.994, []],
        [-2.004, []],
        [-2.006, ['STUNTING']],
        [-2.996, ['STUNTING']],
        [-3.004, ['STUNTING']],
        [-3.006, ['SEVERE_STUNTING']],
      ],
    ],
    [
      'WHZ: wasting below −2 and −3, overweight above 2, obesity above 3',
      (z) => at(measurementAt(z, R.wfhM87), 87),
      (g) => g.whz,
      [
        [-2.004, []],
        [-2.006, ['WASTING']],
        [-3.004, ['WASTING']],
        [-3.006, ['SEVERE_WASTING']],
        [2.004, []],
        [2.006, ['OVERWEIGHT']],
        [3.004, ['OVERWEIGHT']],
        [3.006, ['OBESITY']],
      ],
    ],
    [
      'WAZ: −2.00 none, −2.01 UNDERWEIGHT, −3.00 UNDERWEIGHT, −3.01 SEVERE_UNDERWEIGHT',
      (z) => at(measurementAt(z, R.weiM731), null),
      (g) => g.waz,
      [
        [-2.004, []],
        [-2.006, ['UNDERWEIGHT']],
        [-3.004, ['UNDERWEIGHT']],
        [-3.006, ['SEVERE_UNDERWEIGHT']],
        [2.5, []],
      ],
    ],
  ];
  for (const [name, make, score, points] of cases) {
    it(name, () => {
      for (const [z, expected] of points) {
        const g = make(z);
        expect(score(g)).toBe(r2(z));
        const relevant = g.classifications.filter((c) =>
          name.startsWith('HAZ')
            ? c.endsWith('STUNTING')
            : name.startsWith('WHZ')
              ? /WASTING|OVERWEIGHT|OBESITY/.test(c)
              : c.endsWith('UNDERWEIGHT'),
        );
        expect(relevant, `z ${z}`).toEqual(expected);
      }
    });
  }
});

describe('FALLING_WEIGHT', () => {
  // male, 731 days: a weight with WAZ −1.36 (−1.364 rounds to −1.36)
  const weight = measurementAt(-1.364, R.weiM731);
  const withPrevious = (previousWaz: number | null | undefined) =>
    measure(731, { weightKg: weight, previousWaz }).classifications;
  it('is a drop of strictly more than 0.67', () => {
    expect(FALLING_WAZ_DROP).toBe(0.67);
    expect(measure(731, { weightKg: weight }).waz).toBe(-1.36);
    // −0.69 − 0.67 is −1.3599999999999999 in binary: a naive comparison would call this falling
    expect(withPrevious(-0.69)).toEqual([]);
    expect(withPrevious(-0.68)).toEqual(['FALLING_WEIGHT']);
    expect(withPrevious(-1.36)).toEqual([]);
    expect(withPrevious(2)).toEqual(['FALLING_WEIGHT']);
    expect(withPrevious(null)).toEqual([]);
    expect(withPrevious(undefined)).toEqual([]);
  });
  it('not from an implausible WAZ', () => {
    const g = measure(731, { weightKg: measurementAt(-6.5, R.weiM731), previousWaz: 0 });
    expect(g.flags).toContain('WAZ_IMPLAUSIBLE');
    expect(g.classifications).toEqual([]);
  });
  it('together with underweight', () => {
    const g = measure(731, { weightKg: measurementAt(-2.5, R.weiM731), previousWaz: -1.5 });
    expect(g.classifications).toEqual(['UNDERWEIGHT', 'FALLING_WEIGHT']);
  });
});

describe("anthro 1.1.0's own test expectations (tests/testthat)", () => {
  it('length-for-age: male, 44 days, 50 cm (test-zscore-length-for-age.R)', () => {
    // expected <- round(((50 / 56.4833)^1 - 1) / (0.03492 * 1), digits = 2L)
    expect(measure(44, { heightCm: 50 }).haz).toBe(r2((50 / 56.4833 - 1) / 0.03492));
    expect(measure(44, { heightCm: 50 }).haz).toBe(-3.29);
  });
  it('weight-for-age: female, 1522 days, 17 kg → 0.24 (test-zscore-weight-for-age.R)', () => {
    expect(measure(1522, { sex: 'FEMALE', weightKg: 17 }).waz).toBe(0.24);
  });
  it('length-for-age uses the adjusted length: male, 987 days, 72.86 cm lying → −6.09, flagged (test-zscores.R)', () => {
    const g = measure(987, { heightCm: 72.86, position: 'LYING' });
    expect(g.haz).toBe(-6.09);
    expect(g.flags).toContain('HAZ_IMPLAUSIBLE');
  });
  it('young children measured standing: 8 and 9 months (244, 274 days), 60 cm → −4.81, −5.02 (test-zscores.R)', () => {
    const at8 = measure(244, { heightCm: 60, position: 'STANDING' });
    const at9 = measure(274, { heightCm: 60, position: 'STANDING' });
    expect(at8.flags).toContain('STANDING_UNDER_9_MONTHS'); // c9mo_flag 1, clenhei 60
    expect(at9.flags).not.toContain('STANDING_UNDER_9_MONTHS'); // c9mo_flag 0, clenhei 60.7
    expect(at8.haz).toBe(-4.81);
    expect(at9.haz).toBe(-5.02);
    expect(at9.haz).toBe(r2(plain(60.7, R.lenM274)));
    expect(at8.haz).toBe(r2(plain(60, R.lenM244)));
  });
  it('height measurements from 24 months: female, 731 days, 77.5 cm → −2.55, standing or not said (test-zscores.R)', () => {
    expect(measure(731, { sex: 'FEMALE', heightCm: 77.5 }).haz).toBe(-2.55);
    expect(measure(731, { sex: 'FEMALE', heightCm: 77.5, position: 'STANDING' }).haz).toBe(-2.55);
  });
  it('adjusted lenhei: 730 days standing 100 = 100.7, 800 days lying 100 = 99.3 (test-zscores.R)', () => {
    expect(measure(730, { heightCm: 100, position: 'STANDING' }).haz).toBe(
      measure(730, { heightCm: 100.7 }).haz,
    );
    expect(measure(800, { heightCm: 100, position: 'LYING' }).haz).toBe(measure(800, { heightCm: 99.3 }).haz);
  });
  it('default flag thresholds: female, 1 day, 10.37 kg → WAZ flagged; BMI 25 → BAZ flagged (test-zscore-*-for-age.R)', () => {
    // WAZ restricted on weianthro 2/1 (0.3259, 3.1957, 0.14578): 12.46; BAZ on bmianthro 2/1: 7.73
    const g = measure(1, { sex: 'FEMALE', weightKg: 10.37 });
    expect(g.waz).toBe(r2(restricted(10.37, R.weiF1)));
    expect(g.flags).toContain('WAZ_IMPLAUSIBLE');
    const b = measure(1, { sex: 'FEMALE', weightKg: 6.25, heightCm: 50 }); // 6.25 / 0.5² = 25
    expect(b.baz).toBe(r2(restricted(25, R.bmiF1)));
    expect(b.flags).toContain('BAZ_IMPLAUSIBLE');
  });
});

describe('properties', () => {
  const SEED = 20261123;
  const sexes = fc.constantFrom<Sex>('MALE', 'FEMALE');
  const pick = (pair: LmsTablePair, sex: Sex) => (sex === 'MALE' ? pair.male : pair.female);
  const rowOf = (pair: LmsTablePair, sex: Sex, i: number): Row => {
    const t = pick(pair, sex);
    return [t.L[i], t.M[i], t.S[i]];
  };
  const k3 = fc.double({ min: -3, max: 3, noNaN: true });
  const within = (z: number | null, k: number) => z !== null && Math.abs(z - k) <= 0.005 + 1e-9;

  it('a measurement at SDk of the age tables scores k (WAZ, HAZ, BAZ)', () => {
    fc.assert(
      fc.property(sexes, fc.integer({ min: 0, max: MAX_SCORED_AGE_DAYS }), k3, (sex, age, k) => {
        const weightKg = sdAt(k, rowOf(WEIGHT_FOR_AGE, sex, age));
        const heightCm = sdAt(k, rowOf(LENGTH_HEIGHT_FOR_AGE, sex, age));
        const g = measure(age, { sex, weightKg, heightCm });
        expect(within(g.waz, k), `waz ${g.waz} for k ${k}`).toBe(true);
        expect(within(g.haz, k), `haz ${g.haz} for k ${k}`).toBe(true);
        const median = pick(LENGTH_HEIGHT_FOR_AGE, sex).M[age];
        const b = measure(age, {
          sex,
          heightCm: median,
          weightKg: sdAt(k, rowOf(BMI_FOR_AGE, sex, age)) * (median / 100) ** 2,
        });
        expect(within(b.baz, k), `baz ${b.baz} for k ${k}`).toBe(true);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });

  it('a weight at SDk of the (interpolated) weight-for-length/height scores k', () => {
    // length in hundredths of a cm, so the test's own interpolation is plain integer arithmetic
    const wfl = fc.record({
      age: fc.integer({ min: 0, max: 730 }),
      hundredths: fc.integer({ min: 4500, max: 11000 }),
    });
    const wfh = fc.record({
      age: fc.integer({ min: 731, max: 1826 }),
      hundredths: fc.integer({ min: 6500, max: 12000 }),
    });
    fc.assert(
      fc.property(sexes, fc.oneof(wfl, wfh), k3, (sex, { age, hundredths }, k) => {
        const pair = age < 731 ? WEIGHT_FOR_LENGTH : WEIGHT_FOR_HEIGHT;
        const i = Math.floor(hundredths / 10) - (age < 731 ? 450 : 650);
        const diff = (hundredths % 10) / 10;
        const low = rowOf(pair, sex, i);
        const row: Row =
          diff === 0
            ? low
            : (low.map((v, j) => v + diff * (rowOf(pair, sex, i + 1)[j] - v)) as unknown as Row);
        const g = measure(age, { sex, weightKg: sdAt(k, row), heightCm: hundredths / 100 });
        expect(within(g.whz, k), `whz ${g.whz} for k ${k} at ${hundredths / 100} cm`).toBe(true);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });

  it('a score that rounds to −0.00 is 0, not −0', () => {
    expect(Object.is(measure(731, { heightCm: measurementAt(-0.004, R.lenM731) }).haz, 0)).toBe(true);
    expect(Object.is(measure(731, { weightKg: measurementAt(-0.004, R.weiM731) }).waz, 0)).toBe(true);
  });

  it('exactly at the median the score is 0 (not −0)', () => {
    fc.assert(
      fc.property(sexes, fc.integer({ min: 0, max: MAX_SCORED_AGE_DAYS }), (sex, age) => {
        const g = measure(age, {
          sex,
          weightKg: pick(WEIGHT_FOR_AGE, sex).M[age],
          heightCm: pick(LENGTH_HEIGHT_FOR_AGE, sex).M[age],
        });
        expect(Object.is(g.waz, 0)).toBe(true);
        expect(Object.is(g.haz, 0)).toBe(true);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('for |k| ≤ 3 the plain and the restricted formulas agree at SDk; beyond, they differ unless L = 1', () => {
    const tables = fc.constantFrom(
      WEIGHT_FOR_AGE,
      LENGTH_HEIGHT_FOR_AGE,
      BMI_FOR_AGE,
      WEIGHT_FOR_LENGTH,
      WEIGHT_FOR_HEIGHT,
    );
    fc.assert(
      fc.property(
        tables,
        sexes,
        fc.nat(),
        k3,
        fc.double({ min: 3.01, max: 6, noNaN: true }),
        (pair, sex, n, k, far) => {
          const t = pick(pair, sex);
          const i = n % t.M.length;
          const [l, m, s] = [t.L[i], t.M[i], t.S[i]];
          const y = lmsValueAt(k, l, m, s);
          expect(lmsZscore(y, l, m, s)).toBeCloseTo(k, 9);
          expect(restrictedLmsZscore(y, l, m, s)).toBeCloseTo(k, 9);
          for (const kk of [far, -far]) {
            const yy = lmsValueAt(kk, l, m, s);
            if (!(yy > 0)) continue; // beyond the Box-Cox range for some k
            const restrictedZ = restrictedLmsZscore(yy, l, m, s);
            expect(restrictedZ).toBeCloseTo(restricted(yy, [l, m, s]), 9);
            if (l === 1) expect(restrictedZ).toBeCloseTo(kk, 9);
            else expect(Math.abs(restrictedZ - kk)).toBeGreaterThan(1e-6);
          }
        },
      ),
      { seed: SEED, numRuns: 500 },
    );
  });
});

describe('referenceCurve', () => {
  it('weight-for-age: every 30 days from 0, plus 1826; SDk = M·(1 + L·S·k)^(1/L)', () => {
    const curve = referenceCurve('wfa', 'MALE');
    expect(curve.map((p) => p.x)).toEqual([...Array.from({ length: 61 }, (_, i) => i * 30), 1826]);
    // age 0: M 3.3464 → 3.35; SD2 = 3.3464·(1 + 0.3487·0.14602·2)^(1/0.3487)
    expect(curve[0]).toEqual({
      x: 0,
      sd3neg: r2(sdAt(-3, R.weiM0)),
      sd2neg: r2(sdAt(-2, R.weiM0)),
      median: 3.35,
      sd2: r2(sdAt(2, R.weiM0)),
      sd3: r2(sdAt(3, R.weiM0)),
    });
    expect(curve.at(-1)?.median).toBe(r2(WEIGHT_FOR_AGE.male.M[1826]));
  });
  it('length/height-for-age over a chosen range', () => {
    expect(referenceCurve('lhfa', 'FEMALE', { from: 730, to: 731, step: 1 })).toEqual([
      {
        x: 730,
        sd3neg: r2(sdAt(-3, R.lenF730)),
        sd2neg: r2(sdAt(-2, R.lenF730)),
        median: 86.4,
        sd2: r2(sdAt(2, R.lenF730)),
        sd3: r2(sdAt(3, R.lenF730)),
      },
      expect.objectContaining({ x: 731, median: 85.73 }),
    ]);
  });
  it('weight-for-length/height: the whole table every cm by default, interpolated between rows', () => {
    const length = referenceCurve('wflh', 'MALE');
    expect(length).toHaveLength(66);
    expect(length[0]).toMatchObject({ x: 45, median: 2.44 });
    expect(length.at(-1)).toMatchObject({ x: 110, median: 18.27 });
    const height = referenceCurve('wflh', 'FEMALE', { table: 'height' });
    expect(height.map((p) => p.x)).toEqual(Array.from({ length: 56 }, (_, i) => 65 + i));
    expect(height.at(-1)).toMatchObject({ x: 120, median: 22.82 });
    const [p] = referenceCurve('wflh', 'MALE', { from: 80.35, to: 80.35 });
    expect(p).toMatchObject({ x: 80.35, median: r2(10.5124) });
    const tenths = referenceCurve('wflh', 'MALE', { from: 80, to: 81, step: 0.1 });
    expect(tenths.map((q) => q.x)).toEqual([80, 80.1, 80.2, 80.3, 80.4, 80.5, 80.6, 80.7, 80.8, 80.9, 81]);
  });
  it('rejects ranges outside the table and bad steps', () => {
    expect(() => referenceCurve('wfa', 'MALE', { to: 1827 })).toThrow(RangeError);
    expect(() => referenceCurve('wfa', 'MALE', { from: 10, to: 5 })).toThrow(RangeError);
    expect(() => referenceCurve('wfa', 'MALE', { step: 0 })).toThrow(RangeError);
    expect(() => referenceCurve('lhfa', 'MALE', { step: 0.5 })).toThrow(RangeError);
    expect(() => referenceCurve('wflh', 'MALE', { from: 44.9 })).toThrow(RangeError);
    expect(() => referenceCurve('wflh', 'MALE', { table: 'height', to: 120.1 })).toThrow(RangeError);
  });
});

// The repository root is four levels up from packages/contracts/src/growth.
const SOURCE_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../..',
  '../shared/data/who-growth-standards',
);

describe('the generated tables', () => {
  it.skipIf(!existsSync(SOURCE_DIR))('match every row of the source files', () => {
    const files: [string, LmsTablePair, number][] = [
      ['weianthro.txt', WEIGHT_FOR_AGE, 1827],
      ['lenanthro.txt', LENGTH_HEIGHT_FOR_AGE, 1827],
      ['bmianthro.txt', BMI_FOR_AGE, 1827],
      ['wflanthro.txt', WEIGHT_FOR_LENGTH, 651],
      ['wfhanthro.txt', WEIGHT_FOR_HEIGHT, 551],
    ];
    for (const [file, pair, rowsPerSex] of files) {
      const lines = readFileSync(path.join(SOURCE_DIR, file), 'utf8').trim().split(/\r?\n/).slice(1);
      expect(lines, file).toHaveLength(2 * rowsPerSex);
      for (const sex of ['male', 'female'] as const) {
        expect(pair[sex].M, `${file} ${sex}`).toHaveLength(rowsPerSex);
        expect(pair[sex].L).toHaveLength(rowsPerSex);
        expect(pair[sex].S).toHaveLength(rowsPerSex);
      }
      for (const line of lines) {
        const [sex, x, l, m, s] = line.split('\t');
        const t = sex === '1' ? pair.male : pair.female;
        const i = Math.round((Number(x) - t.start) / t.step);
        expect(Math.abs(t.start + i * t.step - Number(x)), `${file}: ${line}`).toBeLessThan(1e-9);
        expect([t.L[i], t.M[i], t.S[i]], `${file}: ${line}`).toEqual([Number(l), Number(m), Number(s)]);
      }
    }
  });
});

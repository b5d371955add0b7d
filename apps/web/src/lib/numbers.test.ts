import { describe, expect, it } from 'vitest';
import { formatCount } from './numbers.ts';

describe('formatCount', () => {
  it('separates thousands with commas', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(50_000)).toBe('50,000');
    expect(formatCount(1_234_567)).toBe('1,234,567');
    expect(formatCount(-1234)).toBe('-1,234');
  });

  it('agrees with the English number format for every whole number tried', () => {
    const english = new Intl.NumberFormat('en-US');
    for (let n = 1; n < 1e15; n = n * 7 + 3) expect(formatCount(n)).toBe(english.format(n));
  });

  it('shows other numbers as they are', () => {
    expect(formatCount(1234.5)).toBe('1234.5');
    expect(formatCount(Number.NaN)).toBe('NaN');
  });
});

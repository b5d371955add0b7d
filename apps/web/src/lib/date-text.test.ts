import { describe, expect, it } from 'vitest';
import { parseDateText } from './date-text.ts';

describe('parseDateText', () => {
  it('reads the ISO form and the shown form as the same day', () => {
    expect(parseDateText('2026-11-22')).toBe('2026-11-22');
    expect(parseDateText(' 22 Nov 2026 ')).toBe('2026-11-22');
    expect(parseDateText('22 November 2026')).toBe('2026-11-22');
    expect(parseDateText('5/3/2026')).toBe('2026-03-05');
  });

  it('is null for empty text, half-typed dates and impossible days', () => {
    expect(parseDateText('')).toBeNull();
    expect(parseDateText('22 No')).toBeNull();
    expect(parseDateText('2026-02-30')).toBeNull();
    expect(parseDateText('soon')).toBeNull();
  });
});

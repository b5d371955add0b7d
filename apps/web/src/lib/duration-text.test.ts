import { describe, expect, it } from 'vitest';
import { durationText } from './duration-text.ts';

describe('durationText', () => {
  it('reads as hours and minutes', () => {
    expect(durationText(120)).toBe('2 hours');
    expect(durationText(90)).toBe('1 hour 30 min');
    expect(durationText(45)).toBe('45 min');
  });
});

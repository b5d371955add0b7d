import { describe, expect, it } from 'vitest';
import { heightText, weightText } from './body-measures.ts';

describe('heights and weights', () => {
  it('show centimetres and kilograms with one decimal at most', () => {
    expect(heightText(102.5)).toBe('102.5 cm');
    expect(heightText(98)).toBe('98 cm');
    expect(weightText(16.44)).toBe('16.4 kg');
  });
});

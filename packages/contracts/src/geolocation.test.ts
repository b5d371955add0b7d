import { describe, expect, it } from 'vitest';
import { metresText } from './geolocation.ts';
import { distanceText } from './home-visits.ts';

describe('distances as text', () => {
  it('writes metres below a kilometre, else kilometres with one decimal', () => {
    expect(metresText(0)).toBe('0 m');
    expect(metresText(-3)).toBe('0 m');
    expect(metresText(120.4)).toBe('120 m');
    expect(metresText(999.4)).toBe('999 m');
    // Rounds to 1000 metres: a kilometre, not '1000 m'.
    expect(metresText(999.6)).toBe('1.0 km');
    expect(metresText(1234)).toBe('1.2 km');
    expect(metresText(15_060)).toBe('15.1 km');
  });

  it("says a home visit's distance the same way, or 'Location not verified' without one", () => {
    expect(distanceText(10)).toBe('10 m');
    expect(distanceText(1534.6)).toBe('1.5 km');
    expect(distanceText(null)).toBe('Location not verified');
    expect(distanceText(undefined)).toBe('Location not verified');
  });
});

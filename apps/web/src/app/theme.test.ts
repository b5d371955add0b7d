import { DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, cssVariablesResolver, DIMMED, MIN_CONTRAST, readableShades, theme } from './theme.ts';

const WHITE = '#ffffff';
const { gray } = DEFAULT_THEME.colors;
/** `color` at `alpha` over white, as #rrggbb (how a light variant's tint looks on a white card). */
function tint(color: string, alpha: number): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16));
  const mix = (v: number) => Math.round(v * alpha + 255 * (1 - alpha));
  return `#${[r, g, b].map((v) => mix(v).toString(16).padStart(2, '0')).join('')}`;
}

describe('theme colours reach WCAG AA (4.5:1) for text', () => {
  it('computes contrast like WCAG', () => {
    expect(contrastRatio('#000000', WHITE)).toBeCloseTo(21, 5);
    expect(contrastRatio(gray[6], WHITE)).toBeCloseTo(3.32, 2);
  });

  for (const [name, colors] of Object.entries(DEFAULT_THEME.colors)) {
    it(`${name}: text, filled buttons and light badges are readable`, () => {
      const s = readableShades(colors as MantineColorsTuple);
      for (const bg of [WHITE, gray[0], gray[1]])
        expect(contrastRatio(s.strong, bg)).toBeGreaterThanOrEqual(MIN_CONTRAST);
      expect(contrastRatio(WHITE, s.strong)).toBeGreaterThanOrEqual(MIN_CONTRAST);
      expect(contrastRatio(WHITE, s.strongHover)).toBeGreaterThanOrEqual(MIN_CONTRAST);
      expect(contrastRatio(s.light, tint(colors[7], 0.1))).toBeGreaterThanOrEqual(MIN_CONTRAST);
    });
  }

  it('keeps colours that already pass as Mantine has them', () => {
    expect(readableShades(DEFAULT_THEME.colors.violet).strong).toBe(DEFAULT_THEME.colors.violet[7]);
    expect(readableShades(DEFAULT_THEME.colors.gray).strong).toBe(gray[7]);
  });

  it('dimmed text is readable on white, the page grey and light tints', () => {
    for (const bg of [WHITE, gray[0], gray[1], tint(DEFAULT_THEME.colors.teal[7], 0.12)]) {
      expect(contrastRatio(DIMMED, bg)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    }
  });

  it('sets the light-scheme variables components read', () => {
    const vars = cssVariablesResolver(theme as Parameters<typeof cssVariablesResolver>[0]).light;
    expect(vars['--mantine-color-dimmed']).toBe(DIMMED);
    expect(vars['--mantine-color-teal-light-color']).toBe(readableShades(DEFAULT_THEME.colors.teal).light);
    expect(vars['--mantine-color-anchor']).toBe(readableShades(DEFAULT_THEME.colors.teal).strong);
    expect(contrastRatio(vars['--mantine-color-error'], WHITE)).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });

  it("gives a toast's message under a title the readable dimmed grey, not Mantine's gray.6", () => {
    const styles = theme.components?.Notification?.styles as (
      t: typeof theme,
      props: { title?: string },
    ) => { description?: { color?: string } };
    expect(styles(theme, { title: 'Failed to restore activity' }).description?.color).toBe(DIMMED);
    expect(styles(theme, {}).description).toBeUndefined();
  });
});

import {
  createTheme,
  DEFAULT_THEME,
  darken,
  defaultVariantColorsResolver,
  luminance,
  parseThemeColor,
  rgba,
  toRgba,
  type BadgeFactory,
  type CSSVariablesResolver,
  type ExtendComponent,
  type MantineColorsTuple,
  type MenuFactory,
  type ModalFactory,
  type NotificationFactory,
  type VariantColorsResolver,
} from '@mantine/core';

/**
 * Colours are chosen so that text reaches WCAG AA (4.5:1) on the backgrounds it is shown on. Mantine's
 * defaults do not (grey 'dimmed' text 3.3:1, light badges and the active sidebar entry 2.2-3.4:1, white
 * on a teal button 3.1:1), so below every theme colour gets readable shades, computed once from its own
 * palette: the first shade from the primary shade on that is dark enough, else shade 9 darkened until it
 * is. Colours that already pass keep Mantine's look.
 */
export const MIN_CONTRAST = 4.5;

const PRIMARY_SHADE = 7;
const WHITE = '#ffffff';
/** The darkest surface text is shown on: rows and hovered items (the page itself is gray.0). */
const GRAY_1 = DEFAULT_THEME.colors.gray[1];

/** `top` (which may be see-through) painted over the opaque `bottom`, as #rrggbb. */
function over(top: string, bottom: string): string {
  const t = toRgba(top);
  const b = toRgba(bottom);
  const mix = (x: number, y: number) => Math.round(x * t.a + y * (1 - t.a));
  return hex(mix(t.r, b.r), mix(t.g, b.g), mix(t.b, b.b));
}

function hex(r: number, g: number, b: number): string {
  return `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

function solidDarken(color: string, amount: number): string {
  const { r, g, b } = toRgba(darken(color, amount));
  return hex(r, g, b);
}

/** The WCAG 2 contrast ratio of two opaque colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The first candidate readable on every background; else the last one darkened in 2 % steps until it is. */
function readable(candidates: readonly string[], backgrounds: readonly string[]): string {
  const ok = (c: string) => backgrounds.every((bg) => contrastRatio(c, bg) >= MIN_CONTRAST);
  const found = candidates.find(ok);
  if (found) return found;
  const last = candidates[candidates.length - 1];
  for (let amount = 0.02; amount < 1; amount += 0.02) {
    const darker = solidDarken(last, amount);
    if (ok(darker)) return darker;
  }
  return '#000000';
}

export interface ReadableShades {
  /** Text, links, outlines and filled backgrounds under white text (white, gray.0 and gray.1 surfaces). */
  strong: string;
  /** A filled control while hovered. */
  strongHover: string;
  /** Text of the light variant (badges, the active sidebar entry, avatars) on its own tint. */
  light: string;
}

const computedShades = new WeakMap<readonly string[], Map<number, ReadableShades>>();

/**
 * Readable shades of a colour, starting from `shade` (a light tint is always made from `shade`). Computed
 * once per colour and shade: the variant resolver asks on every render of a component given a shade.
 */
export function readableShades(colors: MantineColorsTuple, shade = PRIMARY_SHADE): ReadableShades {
  let byShade = computedShades.get(colors);
  if (!byShade) computedShades.set(colors, (byShade = new Map()));
  let s = byShade.get(shade);
  if (!s) byShade.set(shade, (s = computeReadableShades(colors, shade)));
  return s;
}

function computeReadableShades(colors: MantineColorsTuple, shade: number): ReadableShades {
  const candidates = colors.slice(shade);
  const strong = readable(candidates, [WHITE, GRAY_1]);
  const tint = colors[shade];
  // The tint Mantine paints light variants with (10 %; 12 % when hovered), on white and on gray.1.
  const tints = [over(rgba(tint, 0.1), WHITE), over(rgba(tint, 0.12), GRAY_1)];
  return { strong, strongHover: solidDarken(strong, 0.1), light: readable(candidates, tints) };
}

/** Secondary ('dimmed') text: a darker grey than Mantine's gray.6, readable on white, gray.0/1 and tints. */
export const DIMMED = '#5c636a';

const baseTheme = createTheme({
  primaryColor: 'teal',
  primaryShade: { light: PRIMARY_SHADE, dark: 5 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  // A person who asked their system for less motion gets dialogs, menus, toasts and collapsing
  // sections that appear and go at once (WCAG 2.3.3), rather than Mantine's fades and slides.
  respectReducedMotion: true,
});
const themeColors = { ...DEFAULT_THEME.colors, ...baseTheme.colors };
const shades: Record<string, ReadableShades> = Object.fromEntries(
  Object.entries(themeColors).map(([name, colors]) => [name, readableShades(colors as MantineColorsTuple)]),
);

/**
 * Light-scheme CSS variables that components and `c="…"` read: each colour's text, filled, outline and
 * light-variant text, links, error messages and dimmed text.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...Object.fromEntries(
      Object.entries(shades).flatMap(([name, s]) => [
        [`--mantine-color-${name}-text`, s.strong],
        [`--mantine-color-${name}-filled`, s.strong],
        [`--mantine-color-${name}-filled-hover`, s.strongHover],
        [`--mantine-color-${name}-outline`, s.strong],
        [`--mantine-color-${name}-light-color`, s.light],
      ]),
    ),
    '--mantine-color-anchor': shades[baseTheme.primaryColor ?? 'teal'].strong,
    '--mantine-color-error': shades.red.strong,
    '--mantine-color-dimmed': DIMMED,
  },
  dark: {},
});

/**
 * Colours given with a shade (`color="teal.7"`) bypass the CSS variables above; Mantine would also cap
 * a light variant's text at shade 6. Those get readable shades from the given shade on.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const result = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || parsed.shade === undefined) return result;
  const s = readableShades(input.theme.colors[parsed.color], parsed.shade);
  switch (input.variant) {
    case 'filled':
      return { ...result, background: s.strong, hover: s.strongHover };
    case 'light':
      return { ...result, color: s.light };
    case 'subtle':
    case 'transparent':
    case 'outline':
    case 'white':
      return {
        ...result,
        color: s.strong,
        border: input.variant === 'outline' ? `1px solid ${s.strong}` : result.border,
      };
    default:
      return result;
  }
};

/**
 * Component defaults. Written as the objects `Badge.extend({...})` etc. would return (`extend` only
 * types its argument), checked against the same types: importing the components here would put Menu,
 * Popover, Modal and what they are built from into the first load of every page, /login included.
 */
export const theme = createTheme({
  ...baseTheme,
  variantColorResolver,
  components: {
    // Badges read exactly as the spec writes them ('Active', 'Pending Review'), not in capitals.
    Badge: { defaultProps: { tt: 'none' } } satisfies ExtendComponent<BadgeFactory>,
    // Icon-only close buttons need a name.
    Modal: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } },
    } satisfies ExtendComponent<ModalFactory>,
    // A toast's message under a title is Mantine's gray.6 (3.3:1 on white): the readable dimmed grey.
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: (_theme, props) => (props.title ? { description: { color: DIMMED } } : {}),
    } satisfies ExtendComponent<NotificationFactory>,
    // A menu (role="menu") may only contain menu items: no focus placeholder; the first item takes focus.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } } satisfies ExtendComponent<MenuFactory>,
  },
});

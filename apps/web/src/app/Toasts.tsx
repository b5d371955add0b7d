import './mantine-styles-shell.ts';
import { useMatches } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { SHELL_HEADER_HEIGHT } from './shell-geometry.ts';

/**
 * On phones (below the sm breakpoint, where the menu button shows) a toast is the screen's whole width,
 * so at the top it would cover the whole top bar, menu button included, for its 6 s: there it stands
 * just below the bar. From sm up it stays in the corner, over the bar's bell and account menu only,
 * clear of the page's own buttons at the top right. Mantine gives this style to the container of every
 * position, and the app shows its toasts only at the top right: `bottom: auto` keeps the empty bottom
 * containers from stretching from this top to their bottom over the page, taking its clicks. Inline,
 * not a CSS module: the toasts come with the first signed-in page, whose styles are kept to what it
 * needs (vite.config.ts, 'shell-styles').
 */
const belowTheTopBar = {
  root: { top: `calc(${SHELL_HEADER_HEIGHT}px + var(--mantine-spacing-xs))`, bottom: 'auto' },
};

/**
 * A toast stands over the page, the top bar and a dialog (Mantine's modal level, 200), under the menus,
 * pickers and the search's results a person opens (the popover level, 300, and up): on a phone a toast
 * below the bar would otherwise hide, and take the taps of, the results or the account menu opened there.
 */
const TOAST_Z_INDEX = 250;

/** The toasts (top right, 6 s, at most 5), loaded with the first one (see providers.tsx). */
export function Toasts() {
  const wide = useMatches({ base: false, sm: true }, { getInitialValueInEffect: false });
  return (
    <Notifications
      position="top-right"
      autoClose={6000}
      limit={5}
      zIndex={TOAST_Z_INDEX}
      styles={wide ? undefined : belowTheTopBar}
    />
  );
}

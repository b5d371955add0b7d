import './mantine-styles-shell.ts';
import { Notifications } from '@mantine/notifications';
import { SHELL_HEADER_HEIGHT } from './shell-geometry.ts';

/**
 * Just below the top bar, so that for their 6 s the toasts never cover its menu button, search, bell or
 * account menu (on a phone a toast is the screen's whole width). Mantine gives this style to the
 * container of every position, and the app shows its toasts only at the top right: `bottom: auto` keeps
 * the empty bottom containers from stretching from this top to their bottom over the page, taking its
 * clicks. Inline, not a CSS module: the toasts come with the first signed-in page, whose styles are kept
 * to what it needs (vite.config.ts, 'shell-styles').
 */
const belowTheTopBar = {
  root: { top: `calc(${SHELL_HEADER_HEIGHT}px + var(--mantine-spacing-xs))`, bottom: 'auto' },
};

/** The toasts (top right, 6 s, at most 5), loaded with the first one (see providers.tsx). */
export function Toasts() {
  return (
    <Notifications position="top-right" autoClose={6000} limit={5} zIndex={1000} styles={belowTheTopBar} />
  );
}

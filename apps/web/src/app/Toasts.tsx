import './mantine-styles-shell.ts';
import { Notifications } from '@mantine/notifications';

/** The toasts (top right, 6 s, at most 5), loaded with the first one (see providers.tsx). */
export function Toasts() {
  return <Notifications position="top-right" autoClose={6000} limit={5} zIndex={1000} />;
}

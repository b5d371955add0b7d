/** The protected layout's geometry (AppLayout), which its loading frame (ShellSkeleton) draws too. */
export const SHELL_HEADER_HEIGHT = 60;
export const SHELL_NAVBAR_WIDTH = 260;

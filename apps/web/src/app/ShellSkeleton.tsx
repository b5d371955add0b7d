import { Box, Center, Group, Loader } from '@mantine/core';
import { ProgrammeMark } from '../components/ProgrammeMark.tsx';
import { SHELL_HEADER_HEIGHT as TOP, SHELL_NAVBAR_WIDTH as SIDE } from './shell-geometry.ts';

/** The top bar's and the sidebar's surface: fixed, the body's colour, a border towards the page. */
const bar = (border: 'borderBottom' | 'borderRight') =>
  ({
    pos: 'fixed',
    bg: 'var(--mantine-color-body)',
    style: { [border]: '1px solid var(--mantine-color-default-border)' },
  }) as const;

/**
 * The frame of the signed-in pages while the first page of a visit loads (app-routes.tsx,
 * FirstPageLoading), in the protected layout's geometry (shell-geometry.ts: the top bar, the sidebar from
 * sm up). The build also renders it into index.html (src/prerender.tsx), so a phone on a slow connection
 * paints the frame from the HTML and its first style sheet, before any script has arrived, until React's
 * first commit replaces it (main.tsx).
 * Style props and the components the sign-in page uses only: no style sheet beyond the entry's (a CSS
 * module would go into the 'styles' chunk, vite.config.ts, and with it into the sign-in page's load).
 */
export function ShellSkeleton() {
  return (
    <Box role="status" aria-label="Loading" mih="100dvh" bg="gray.0">
      <Group {...bar('borderBottom')} top={0} left={0} right={0} h={TOP} px="md">
        <ProgrammeMark />
      </Group>
      <Box {...bar('borderRight')} visibleFrom="sm" top={TOP} bottom={0} left={0} w={SIDE} />
      <Center pt={TOP + 32} pl={{ base: 0, sm: SIDE }}>
        <Loader size="sm" />
      </Center>
    </Box>
  );
}

import { Box, Center, Group, Loader } from '@mantine/core';
import { ProgrammeMark } from '../components/ProgrammeMark.tsx';

const border = '1px solid var(--mantine-color-default-border)';

/**
 * The frame of the signed-in pages while the first page of a visit loads: the protected layout's
 * HydrateFallback, in its geometry (AppLayout: a 60 px top bar, a 260 px sidebar from sm up). The build
 * also renders it into index.html (src/prerender.tsx), so a phone on a slow connection paints the frame
 * from the HTML and its first style sheet, before any script has arrived, and main.tsx hydrates it.
 * Style props and the components the sign-in page uses only: no style sheet beyond the entry's (a CSS
 * module would go into the 'styles' chunk, vite.config.ts, and with it into the sign-in page's load).
 */
export function ShellSkeleton() {
  return (
    <Box role="status" aria-label="Loading" mih="100dvh" bg="gray.0">
      <Group
        pos="fixed"
        top={0}
        left={0}
        right={0}
        h={60}
        px="md"
        bg="var(--mantine-color-body)"
        style={{ borderBottom: border }}
      >
        <ProgrammeMark />
      </Group>
      <Box
        visibleFrom="sm"
        pos="fixed"
        top={60}
        bottom={0}
        left={0}
        w={260}
        bg="var(--mantine-color-body)"
        style={{ borderRight: border }}
      />
      <Center pt={92} pl={{ base: 0, sm: 260 }}>
        <Loader size="sm" />
      </Center>
    </Box>
  );
}

import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { isChunkLoadError } from '../lib/chunk-reload.ts';

/**
 * What a route shows when its page cannot be loaded or fails while it is shown (instead of React
 * Router's developer screen): what happened in a sentence, and 'Refresh Page'. Inside the app's layout
 * it takes the page's place, so the navigation stays; a page's own load failures (a record that fails
 * to load) are the page's, not this.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Center mih="60dvh" p="md">
      <Stack align="center" gap="md" maw={440}>
        <ThemeIcon size={48} radius="xl" variant="light" color="red" aria-hidden>
          <IconAlertTriangle size={26} />
        </ThemeIcon>
        <Title order={1} fz="h3" ta="center">
          This page could not be shown
        </Title>
        <Text ta="center">
          {isChunkLoadError(error)
            ? 'The app could not load this page. Check your connection, then refresh the page.'
            : 'Something went wrong while showing this page. Refresh the page to try again.'}
        </Text>
        <Button onClick={() => window.location.reload()}>Refresh Page</Button>
      </Stack>
    </Center>
  );
}

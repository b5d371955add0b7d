import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { isChunkLoadError } from '../lib/chunk-reload.ts';

/**
 * What a route shows when its page cannot be loaded or fails while it is shown (RouteBoundary): what
 * happened in a sentence, and 'Refresh Page'. Inside the app's layout it takes the page's place, so the
 * navigation stays; a page's own load failures (a record that fails to load) are the page's, not this.
 */
export function RouteError({ error }: { error: unknown }) {
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

interface BoundaryProps {
  children: ReactNode;
  /** The address shown: an error belongs to its page, and a navigation elsewhere clears it. */
  pathname: string;
}

class Boundary extends Component<BoundaryProps, { error: unknown; pathname: string; failed: boolean }> {
  override state = { error: undefined as unknown, pathname: this.props.pathname, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { pathname: string; failed: boolean }) {
    if (props.pathname === state.pathname) return null;
    return { pathname: props.pathname, error: undefined, failed: false };
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/**
 * Shows RouteError in place of what it wraps (the whole app, or the page inside the layout) when that
 * throws while it renders: a page whose code could not be loaded (lib/chunk-reload.ts) or a defect
 * (React reports the error on the console). Going to another page clears it.
 */
export function RouteBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}

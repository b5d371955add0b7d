import { Center, Loader } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useOnline } from '../lib/connection.ts';
import { EmptyPanel } from './ListStates.tsx';

/** What a page shows for data it has no saved copy of while the phone is offline (issue 47). */
export const NEEDS_CONNECTION = 'This needs a connection. It will load when you are online.';

/**
 * A spinner in the page area while its data loads. Offline, nothing is loading (the queries wait for
 * the connection), so it says so instead of spinning.
 */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  const online = useOnline();
  if (!online) return <EmptyPanel icon={IconCloudOff}>{NEEDS_CONNECTION}</EmptyPanel>;
  return (
    <Center py={64} role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}

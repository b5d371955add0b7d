import { Badge } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useOnline } from '../lib/connection.ts';

/**
 * The top bar's "Offline" while the phone has no connection (nothing while it has one: the bar has
 * little room at 360 px). A live region, so a screen reader hears the change.
 */
export function ConnectionStatus() {
  const online = useOnline();
  return (
    <div role="status" aria-live="polite">
      {!online && (
        <Badge color="orange" variant="light" leftSection={<IconCloudOff size={14} aria-hidden />}>
          Offline
        </Badge>
      )}
    </div>
  );
}

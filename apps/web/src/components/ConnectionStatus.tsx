import { Badge, Box, Group } from '@mantine/core';
import { IconCloudOff, IconCloudUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useOnline } from '../lib/connection.ts';
import { unsentItems, useOutboxItems } from '../lib/outbox-items.ts';

/** '3 waiting to send': the top bar's count of the records kept on this phone and not sent yet. */
export const waitingText = (count: number) => `${count} waiting to send`;

/**
 * The top bar's "Offline" while the phone has no connection, and how many records wait to be sent (a
 * link to the "Waiting to send" page); nothing while it is online with nothing waiting (the bar has
 * little room at 360 px, where the count shows as its figure). A live region, so a screen reader hears
 * the changes.
 */
export function ConnectionStatus() {
  const online = useOnline();
  const waiting = unsentItems(useOutboxItems()).length;
  return (
    <Group role="status" aria-live="polite" gap={4} wrap="nowrap">
      {!online && (
        <Badge color="orange" variant="light" leftSection={<IconCloudOff size={14} aria-hidden />}>
          Offline
        </Badge>
      )}
      {waiting > 0 && (
        <Badge
          component={Link}
          to="/outbox"
          color="blue"
          variant="light"
          style={{ cursor: 'pointer' }}
          leftSection={<IconCloudUpload size={14} aria-hidden />}
          aria-label={waitingText(waiting)}
        >
          <Box component="span" hiddenFrom="sm">
            {waiting}
          </Box>
          <Box component="span" visibleFrom="sm">
            {waitingText(waiting)}
          </Box>
        </Badge>
      )}
    </Group>
  );
}

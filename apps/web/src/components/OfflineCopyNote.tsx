import { Group, Paper, Text } from '@mantine/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { IconCloudOff } from '@tabler/icons-react';
import { useCallback, useSyncExternalStore } from 'react';
import { useOnline } from '../lib/connection.ts';
import { formatDateTime } from '../lib/dates.ts';

/** 'Offline — showing what was saved at 7 Dec 2026, 09:41' (issue 47). */
export const savedAtText = (savedAt: string) => `Offline — showing what was saved at ${savedAt}`;

/** When the oldest answer the page shows now was received (ms), or 0 when it shows none. */
function oldestShown(client: QueryClient): number {
  let oldest = 0;
  for (const query of client.getQueryCache().getAll()) {
    if (query.state.data === undefined || !query.isActive()) continue;
    const at = query.state.dataUpdatedAt;
    if (at > 0 && (oldest === 0 || at < oldest)) oldest = at;
  }
  return oldest;
}

/**
 * Offline, the line above a page that shows what the phone kept (the offline copy, or what this tab
 * read before the connection went): when the oldest of it was received. Nothing while online.
 */
export function OfflineCopyNote() {
  const online = useOnline();
  const client = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => client.getQueryCache().subscribe(onChange),
    [client],
  );
  const savedAt = useSyncExternalStore(subscribe, () => (online ? 0 : oldestShown(client)));
  if (online || savedAt === 0) return null;
  return (
    <Paper withBorder radius="md" px="sm" py={6} mb="md" bg="orange.0" role="status">
      <Group gap={6} wrap="nowrap">
        <IconCloudOff size={16} aria-hidden style={{ flexShrink: 0 }} />
        <Text size="sm">{savedAtText(formatDateTime(new Date(savedAt).toISOString()))}</Text>
      </Group>
    </Paper>
  );
}

import { Button, Group, Paper, Text } from '@mantine/core';
import { useState, useSyncExternalStore } from 'react';
import { appUpdate } from '../lib/app-update.ts';

/** "A new version is ready" with its Reload, on every page once a new release has installed. */
export function UpdateReadyNotice() {
  const ready = useSyncExternalStore(appUpdate.subscribe, appUpdate.isReady, () => false);
  const [reloading, setReloading] = useState(false);
  if (!ready) return null;
  return (
    <Paper
      role="status"
      withBorder
      shadow="md"
      p="sm"
      radius="md"
      pos="fixed"
      bottom={16}
      left={16}
      right={16}
      maw={420}
      mx="auto"
      style={{ zIndex: 400 }}
    >
      <Group gap="md" wrap="nowrap" justify="space-between">
        <Text size="sm">A new version is ready</Text>
        <Button
          size="xs"
          loading={reloading}
          onClick={() => {
            setReloading(true);
            void appUpdate.reload();
          }}
        >
          Reload
        </Button>
      </Group>
    </Paper>
  );
}

import { Button, Paper, Stack, Text } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { getErrorMessage } from '../lib/api.ts';

/** A list or record that failed to load: the reason (or `message`) and 'Try again'. */
export function RetryPanel({
  error,
  message,
  onRetry,
}: {
  error?: unknown;
  message?: string;
  onRetry: () => void;
}) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm">
        <Text ta="center">{message ?? getErrorMessage(error)}</Text>
        <Button variant="light" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Paper>
  );
}

/** A list with nothing to show: an icon and a short line. */
export function EmptyPanel({ icon: EmptyIcon, children }: { icon: Icon; children: string }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="xs">
        <EmptyIcon size={36} stroke={1.4} color="var(--mantine-color-gray-5)" aria-hidden />
        <Text c="dimmed" ta="center">
          {children}
        </Text>
      </Stack>
    </Paper>
  );
}

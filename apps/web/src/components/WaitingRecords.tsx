import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime } from '../lib/dates.ts';
import { unsentItems, useOutboxItems } from '../lib/outbox-items.ts';
import type { OutboxItem } from '../lib/outbox.ts';

/** What an outbox item's state reads as. */
export function waitingStatusText(item: OutboxItem): string {
  if (item.status === 'needs-attention') return 'Needs attention';
  return item.status === 'sending' ? 'Sending' : 'Waiting to send';
}

/**
 * A list page's records of these kinds kept on this phone and not sent yet (issue 47), above its
 * list: each with its label, when it was made and its state; nothing when there are none.
 */
export function WaitingRecords({ kinds }: { kinds: readonly string[] }) {
  const waiting = unsentItems(useOutboxItems()).filter((item) => kinds.includes(item.kind));
  if (waiting.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label="Waiting to send">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Group gap={6} wrap="nowrap">
            <IconCloudUpload size={18} aria-hidden />
            <Text fw={600} size="sm">
              Saved on this phone
            </Text>
          </Group>
          <Anchor component={Link} to="/outbox" size="sm" fw={600}>
            Waiting to send
          </Anchor>
        </Group>
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {waiting.map((item) => (
            <Group component="li" key={item.seq} justify="space-between" gap="xs" wrap="wrap">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={500}>
                  {item.label}
                </Text>
                <Text size="xs" c="dimmed">
                  {`Recorded ${formatDateTime(new Date(item.madeAt).toISOString())}`}
                </Text>
              </div>
              <Badge color={item.status === 'needs-attention' ? 'red' : 'blue'} variant="light">
                {waitingStatusText(item)}
              </Badge>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

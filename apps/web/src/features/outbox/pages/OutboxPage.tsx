import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCloudUpload, IconPencil, IconSend, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { EmptyPanel } from '../../../components/ListStates.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { waitingStatusText } from '../../../components/WaitingRecords.tsx';
import { useOnline } from '../../../lib/connection.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { editPath, problemText } from '../../../lib/outbox-edit.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { unsentItems, useOutboxItems } from '../../../lib/outbox-items.ts';
import { discardRecord, sendOutbox } from '../../../lib/outbox-sender.ts';
import type { OutboxItem } from '../../../lib/outbox.ts';

/** What each kind of record kept on the phone is called. */
const KIND_NAMES: Record<string, string> = {
  'home-visit': 'Home visit',
  activity: 'Activity',
  measurement: 'Measurement',
  'check-in': 'Check-in',
  'check-out': 'Check-out',
  leave: 'Leave application',
};

/**
 * The form Edit opens for each kind (decision 0038). A check-in or check-out has none: it is the tap
 * itself, its time and place, so it can only be discarded (and made again).
 */
const KIND_FORMS: Record<string, string> = {
  'home-visit': '/home-visits/create',
  activity: '/activities/create',
  measurement: '/measurements/create',
  leave: '/leaves/apply',
};

function WaitingItem({ item, onDiscard }: { item: OutboxItem; onDiscard: () => void }) {
  const attention = item.status === 'needs-attention';
  const files = item.files.length;
  const form = KIND_FORMS[item.kind];
  const sending = item.status === 'sending';
  return (
    <Paper withBorder radius="md" p="sm" component="li">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        {/* Wide enough for its text: on a phone the buttons go below it. */}
        <div style={{ minWidth: 0, flex: '1 1 14rem' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600}>{KIND_NAMES[item.kind] ?? item.kind}</Text>
            <Badge color={attention ? 'red' : 'blue'} variant="light">
              {waitingStatusText(item)}
            </Badge>
          </Group>
          <Text size="sm">{item.label}</Text>
          <Text size="xs" c="dimmed">
            {`Recorded ${formatDateTime(new Date(item.madeAt).toISOString())}`}
            {files > 0 && ` · ${files === 1 ? '1 file' : `${files} files`}`}
          </Text>
          {attention && item.problem && (
            <Text size="sm" c="red.8" mt={4}>
              {problemText(item.problem)}
            </Text>
          )}
          {attention && !form && (
            <Text size="xs" c="dimmed" mt={4}>
              A check-in or check-out cannot be changed, only discarded: its time and place are those of your
              tap.
            </Text>
          )}
        </div>
        <Group gap="xs" wrap="nowrap">
          {form && !sending && (
            <Button
              component={Link}
              to={editPath(form, item.seq!)}
              variant={attention ? 'light' : 'subtle'}
              size="compact-sm"
              leftSection={<IconPencil size={16} aria-hidden />}
              aria-label={`Edit ${item.label}`}
            >
              Edit
            </Button>
          )}
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={onDiscard}
            disabled={sending}
            aria-label={`Discard ${item.label}`}
          >
            Discard
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * /outbox, "Waiting to send" (issue 47): the records the signed-in person made on this phone that are
 * not sent yet, in the order they were made, each with its state (a refused one with the server's
 * reason); "Send now", Edit in the record's own form (decision 0038), and Discard after a confirmation.
 */
export function OutboxPage() {
  const online = useOnline();
  const waiting = unsentItems(useOutboxItems());
  const [discarding, setDiscarding] = useState<OutboxItem>();
  const [busy, setBusy] = useState(false);

  const sendNow = async () => {
    setBusy(true);
    await sendOutbox()
      .catch(() => {})
      .finally(() => setBusy(false));
  };

  const discard = async () => {
    if (discarding?.seq === undefined) return;
    setBusy(true);
    await discardRecord(discarding.seq).finally(() => setBusy(false));
    setDiscarding(undefined);
    toastSuccess('The record was discarded');
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Waiting to send"
        description="Records saved on this phone. They are sent, in the order they were made, when you are online."
        action={
          <Button
            leftSection={<IconSend size={18} aria-hidden />}
            onClick={() => void sendNow()}
            disabled={!online || waiting.length === 0}
            loading={busy && !discarding}
          >
            Send now
          </Button>
        }
      />
      {waiting.length === 0 ? (
        <EmptyPanel icon={IconCloudUpload}>Nothing is waiting to be sent.</EmptyPanel>
      ) : (
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {waiting.map((item) => (
            <WaitingItem key={item.seq} item={item} onDiscard={() => setDiscarding(item)} />
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={discarding !== undefined}
        onClose={() => setDiscarding(undefined)}
        title="Discard record"
        confirmLabel="Discard"
        confirmColor="red"
        onConfirm={() => void discard()}
        busy={busy}
      >
        <Text size="sm">
          {`Discard ${discarding?.label ?? 'this record'}? It has not been sent, and it will be lost.`}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

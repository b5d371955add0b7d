import { GIFT_EVIDENCE_ACCEPT, GIFT_LIMITS, GIFT_MESSAGES, giftTitle, type Gift } from '@csp/contracts';
import { Anchor, Button, Group, Image, Stack, Text, ThemeIcon } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCircleCheck, IconCircleX, IconHourglass } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { DetailItem } from '../../../components/DetailItem.tsx';
import {
  AttachmentDropzone,
  useAttachments,
  type FileRules,
} from '../../../components/AttachmentDropzone.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import { useGiftStatusMutation } from '../api/gifts.api.ts';
import { personName } from '../../../lib/person-name.ts';
import { evidenceProblem, giftActionView } from '../gift-display.ts';

/** The evidence photo: one JPEG, PNG or WebP image up to 5 MB (spec part 2 §5, §9). */
const EVIDENCE_RULES: FileRules = {
  accept: GIFT_EVIDENCE_ACCEPT,
  maxBytes: GIFT_LIMITS.evidenceMaxBytes,
  wrongType: GIFT_MESSAGES.evidenceNotImage,
  tooLarge: GIFT_MESSAGES.evidenceTooLarge,
  hint: 'JPG, PNG or WebP, up to 5 MB',
  noun: 'photo',
};

const EVIDENCE_LABEL = 'Evidence photo (optional)';

/** An open gift, to an administrator or the student's teacher: an optional photo, deliver or cancel. */
function DeliverOrCancel({ gift }: { gift: Gift }) {
  const photos = useAttachments();
  const [cancelling, cancelDialog] = useDisclosure(false);
  const change = useGiftStatusMutation(gift.id);
  const busy = change.isPending;
  const action = change.isPending ? change.variables.action : undefined;

  const done = () => toastSuccess(GIFT_MESSAGES.statusUpdated);
  const failed = (error: unknown) => toastError(getErrorMessage(error, GIFT_MESSAGES.statusFailed));

  const deliver = () => {
    const evidence = photos.items.find((p) => p.file)?.file ?? null;
    const problem = evidence ? evidenceProblem(evidence) : undefined;
    if (problem) {
      toastError(problem);
      return;
    }
    change.mutate(
      { action: 'deliver', evidence, seen: gift.updatedAt },
      { onSuccess: done, onError: failed },
    );
  };
  const cancel = () =>
    change.mutate(
      { action: 'cancel', seen: gift.updatedAt },
      {
        onSuccess: () => {
          cancelDialog.close();
          done();
        },
        onError: (error) => {
          cancelDialog.close();
          failed(error);
        },
      },
    );

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Hand the gift to {personName(gift.student)}, add a photo as evidence if you have one, and confirm the
        delivery. A gift that cannot be given can be cancelled.
      </Text>
      <AttachmentDropzone
        label={EVIDENCE_LABEL}
        attachments={photos}
        max={1}
        tooManyMessage="Choose one evidence photo"
        rules={EVIDENCE_RULES}
        disabled={busy}
      />
      <Stack gap="xs">
        <Button
          color="green"
          onClick={deliver}
          disabled={busy}
          leftSection={<IconCircleCheck size={18} aria-hidden />}
        >
          {action === 'deliver' ? 'Saving...' : 'Confirm Delivery'}
        </Button>
        <Button
          color="red"
          variant="outline"
          onClick={cancelDialog.open}
          disabled={busy}
          leftSection={<IconCircleX size={18} aria-hidden />}
        >
          Cancel Gift
        </Button>
      </Stack>
      <ConfirmDialog
        opened={cancelling}
        onClose={cancelDialog.close}
        title="Cancel Gift"
        confirmLabel="Cancel Gift"
        confirmColor="red"
        onConfirm={cancel}
        busy={action === 'cancel'}
      >
        <Text size="sm">
          Cancel {giftTitle(gift)} for {personName(gift.student)}? A cancelled gift can no longer be
          delivered.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

function Outcome({
  icon: OutcomeIcon,
  color,
  title,
  children,
}: {
  icon: typeof IconCircleCheck;
  color: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={36} radius="xl" variant="light" color={color} aria-hidden>
          <OutcomeIcon size={20} />
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
      </Group>
      {children}
    </Stack>
  );
}

/** A delivered gift: when, by whom, and the evidence photo (full size in a new tab). */
function Delivered({ gift }: { gift: Gift }) {
  return (
    <Outcome icon={IconCircleCheck} color="green" title="Gift delivered">
      <Stack gap="sm">
        <DetailItem label="Delivered">{formatDateTime(gift.deliveredAt)}</DetailItem>
        <DetailItem label="Delivered by">{gift.deliveredBy ? personName(gift.deliveredBy) : ''}</DetailItem>
        <DetailItem label="Evidence photo" fallback="No evidence photo was added.">
          {gift.evidenceImage && (
            <Anchor href={gift.evidenceImage} target="_blank" rel="noopener noreferrer" display="block">
              <Image
                src={gift.evidenceImage}
                alt={`Evidence photo: ${giftTitle(gift)} for ${personName(gift.student)}`}
                mah={260}
                radius="md"
                fit="contain"
                style={{ border: '1px solid var(--mantine-color-default-border)' }}
              />
            </Anchor>
          )}
        </DetailItem>
      </Stack>
    </Outcome>
  );
}

function Cancelled({ gift }: { gift: Gift }) {
  return (
    <Outcome icon={IconCircleX} color="gray" title="Gift cancelled">
      <Stack gap="sm">
        <DetailItem label="Cancelled">{formatDateTime(gift.cancelledAt)}</DetailItem>
        <DetailItem label="Cancelled by">{gift.cancelledBy ? personName(gift.cancelledBy) : ''}</DetailItem>
      </Stack>
    </Outcome>
  );
}

/**
 * The Actions panel of a gift (spec part 2 §2.3, §4): deliver or cancel an open gift (administrators and
 * the student's teacher), 'Waiting for Teacher Action' for anyone else, and the result of a delivered or
 * cancelled gift.
 */
export function GiftActionsPanel({ gift }: { gift: Gift }) {
  const me = useCurrentUser();
  switch (giftActionView(gift, me)) {
    case 'act':
      return <DeliverOrCancel key={gift.id} gift={gift} />;
    case 'delivered':
      return <Delivered gift={gift} />;
    case 'cancelled':
      return <Cancelled gift={gift} />;
    default:
      return (
        <Outcome icon={IconHourglass} color="yellow" title={GIFT_MESSAGES.waiting}>
          <Text size="sm" c="dimmed">
            The student&apos;s teacher confirms the delivery.
          </Text>
        </Outcome>
      );
  }
}

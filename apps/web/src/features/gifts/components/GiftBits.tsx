import { GIFT_MESSAGES, GIFT_STATUS_LABELS, type GiftStatus } from '@csp/contracts';
import { Badge } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { NotFoundPage, PageMessage } from '../../../components/PageStates.tsx';
import { GIFT_STATUS_COLORS } from '../gift-display.ts';

/** In Progress, Pending, Delivered or Cancelled. */
export function GiftStatusBadge({ status, size }: { status: GiftStatus; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge variant="light" color={GIFT_STATUS_COLORS[status]} size={size}>
      {GIFT_STATUS_LABELS[status]}
    </Badge>
  );
}

/** A missing (or someone else's) gift: 'Gift not found.' and 'Back to Gifts'. */
export function GiftNotFound({ title }: { title: string }) {
  return (
    <NotFoundPage title={title} message={GIFT_MESSAGES.notFound} backTo="/gifts" backLabel="Back to Gifts" />
  );
}

/**
 * An administrators' page opened by a teacher: the friendly note the other admin areas show (the
 * server refuses the calls anyway), and no call is made.
 */
export function AdminsOnly({ title }: { title: string }) {
  return (
    <PageMessage title={title} icon={IconLock}>
      You do not have access to this page.
    </PageMessage>
  );
}

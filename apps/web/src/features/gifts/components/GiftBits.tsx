import { GIFT_MESSAGES, GIFT_STATUS_LABELS, type GiftStatus } from '@csp/contracts';
import { Badge } from '@mantine/core';
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
export const GIFT_NOT_FOUND = {
  message: GIFT_MESSAGES.notFound,
  backTo: '/gifts',
  backLabel: 'Back to Gifts',
};

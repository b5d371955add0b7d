import { Badge } from '@mantine/core';
import { visitStatusColor, visitStatusLabel } from '../lib/visit-status.ts';

/**
 * A home visit's status (lib/visit-status.ts): Approved, Pending Review, Rejected or Unknown. `short`:
 * the form of a student's card, a dot and 'Pending' (spec part 1 §4).
 */
export function VisitStatusBadge({
  status,
  size,
  short = false,
}: {
  status: string;
  size?: 'sm' | 'md' | 'lg';
  short?: boolean;
}) {
  return (
    <Badge variant={short ? 'dot' : 'light'} color={visitStatusColor(status)} size={size}>
      {visitStatusLabel(status, short)}
    </Badge>
  );
}

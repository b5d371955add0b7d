import { Badge, type BadgeProps } from '@mantine/core';
import { statusColor, statusLabel } from '../leave-display.ts';

/** Pending, Approved or Rejected (spec part 2 §2.4). */
export function LeaveStatusBadge({ status, ...props }: { status: string } & Omit<BadgeProps, 'color'>) {
  return (
    <Badge variant="light" color={statusColor(status)} {...props}>
      {statusLabel(status)}
    </Badge>
  );
}

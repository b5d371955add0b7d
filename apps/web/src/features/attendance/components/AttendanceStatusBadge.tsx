import type { AttendanceStatus } from '@csp/contracts';
import { Badge, type BadgeProps } from '@mantine/core';
import { statusColor, statusLabel } from '../attendance-display.ts';

/** Pending (yellow), Approved (green) or Rejected (red): an attendance record's status (spec §2.9). */
export function AttendanceStatusBadge({
  status,
  ...props
}: { status: AttendanceStatus } & Omit<BadgeProps, 'color' | 'children'>) {
  return (
    <Badge variant="light" color={statusColor(status)} {...props}>
      {statusLabel(status)}
    </Badge>
  );
}

import { formatDuration, type Attendance } from '@csp/contracts';
import { Badge, Button, Stack, Table, Text } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { WideTable } from '../../../components/WideTable.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useOrganisationQuery, useOrgToday } from '../../../lib/organisation.ts';
import { formatClock, personName, progressLabel, rangeIndicator } from '../attendance-display.ts';
import { ReviewStatusBadge } from '../../leaves/components/ReviewBits.tsx';

const nowrap = { whiteSpace: 'nowrap' } as const;

/** 'In Progress' (today) or 'Incomplete' (an earlier day) in place of a missing check-out. */
export function ProgressBadge({ record, today }: { record: Attendance; today: string }) {
  const label = progressLabel(record, today);
  return (
    <Badge
      variant="light"
      color={record.checkOut ? 'teal' : label === 'In Progress' ? 'blue' : 'orange'}
      style={{ minWidth: 'max-content' }}
    >
      {label}
    </Badge>
  );
}

/** The office-range indicator: within range, a distance, or not validated. */
export function RangeBadge({ record }: { record: Attendance }) {
  const range = rangeIndicator(record);
  return (
    <Badge variant="light" color={range.color} size="sm" style={{ minWidth: 'max-content' }}>
      {range.label}
    </Badge>
  );
}

/** The teacher's cell of an administrators' table: the name, and the email under it. */
export function TeacherCell({ record }: { record: Attendance }) {
  return (
    <>
      <Text size="sm" fw={600}>
        {personName(record.teacher)}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {record.teacher.email}
      </Text>
    </>
  );
}

/** The location's cell: the check-in's place name ('—' without one) over the office-range indicator. */
export function LocationCell({ record }: { record: Attendance }) {
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {record.checkInLocationName ?? '—'}
      </Text>
      <RangeBadge record={record} />
    </Stack>
  );
}

/**
 * Who decided a record: 'Reviewed by Asha Perera'; 'Approved automatically' for a check-in inside the
 * office range that no one reviewed; 'Reviewed' when the reviewer's account is gone.
 */
export function reviewerText(record: Attendance): string {
  if (record.reviewedBy) return `Reviewed by ${personName(record.reviewedBy)}`;
  if (record.status === 'APPROVED' && !record.reviewedAt)
    return 'Approved automatically (within office range)';
  return 'Reviewed';
}

interface AttendanceTableProps {
  records: Attendance[];
  /** The table's name (the id of the heading that names it). */
  labelledBy: string;
  /** The teacher column (administrators' lists). */
  showTeacher?: boolean;
  /** Admin actions: 'Review' on pending rows, the reviewer on decided ones. */
  onReview?: (record: Attendance) => void;
}

/**
 * The records table (spec part 2 §2.9 "List view"): teacher, check-in (the day and the time), check-out
 * (or 'In Progress' / 'Incomplete' without one), location with its office-range indicator, duration, status
 * and the admin actions. Scrolls sideways inside its own region on narrow screens.
 */
export function AttendanceTable({
  records,
  labelledBy,
  showTeacher = false,
  onReview,
}: AttendanceTableProps) {
  const today = useOrgToday();
  const timeZone = useOrganisationQuery().data?.timezone;
  return (
    <WideTable minWidth={showTeacher ? 900 : 640} tabIndex={0} role="region" aria-labelledby={labelledBy}>
      <Table
        verticalSpacing="sm"
        horizontalSpacing="sm"
        striped
        highlightOnHover
        aria-labelledby={labelledBy}
      >
        <Table.Thead bg="var(--mantine-color-gray-0)">
          <Table.Tr>
            {showTeacher && <Table.Th miw={170}>Teacher</Table.Th>}
            <Table.Th style={nowrap}>Check-in</Table.Th>
            <Table.Th style={nowrap}>Check-out</Table.Th>
            <Table.Th miw={160}>Location</Table.Th>
            <Table.Th style={nowrap}>Duration</Table.Th>
            <Table.Th style={nowrap}>Status</Table.Th>
            {onReview && <Table.Th style={nowrap}>Actions</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((r) => (
            <Table.Tr key={r.id} data-attendance-id={r.id}>
              {showTeacher && (
                <Table.Td miw={170}>
                  <TeacherCell record={r} />
                </Table.Td>
              )}
              <Table.Td style={nowrap}>
                <Text size="sm">{formatDate(r.date)}</Text>
                <Text size="sm" fw={600}>
                  {formatClock(r.checkIn, timeZone)}
                </Text>
              </Table.Td>
              <Table.Td style={nowrap}>
                {r.checkOut ? formatClock(r.checkOut, timeZone) : <ProgressBadge record={r} today={today} />}
              </Table.Td>
              <Table.Td miw={160}>
                <LocationCell record={r} />
              </Table.Td>
              <Table.Td style={nowrap}>{formatDuration(r.duration)}</Table.Td>
              <Table.Td style={nowrap}>
                <ReviewStatusBadge status={r.status} style={{ minWidth: 'max-content' }} />
              </Table.Td>
              {onReview && (
                <Table.Td style={nowrap}>
                  {r.status === 'PENDING' ? (
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconChecklist size={14} aria-hidden />}
                      onClick={() => onReview(r)}
                      aria-label={`Review ${personName(r.teacher)}, ${formatDate(r.date)}`}
                    >
                      Review
                    </Button>
                  ) : (
                    <Text size="xs" c="dimmed">
                      {reviewerText(r)}
                    </Text>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </WideTable>
  );
}

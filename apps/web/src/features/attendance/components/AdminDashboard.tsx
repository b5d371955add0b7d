import { ATTENDANCE_LIMITS, type Attendance, type AttendanceDashboard } from '@csp/contracts';
import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconChecklist,
  IconCircleCheck,
  IconCircleX,
  IconClockHour4,
  IconListDetails,
} from '@tabler/icons-react';
import { useState } from 'react';
import { RetryPanel } from '../../../components/ListStates.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useOrganisationQuery } from '../../../lib/organisation.ts';
import { useAttendanceDashboard } from '../api/attendance.api.ts';
import { formatClock, personName } from '../attendance-display.ts';
import { ReviewStatusBadge } from '../../leaves/components/ReviewBits.tsx';
import { FigureTiles, type Figure } from '../../../components/FigureTiles.tsx';
import { RangeBadge } from './AttendanceTable.tsx';
import { ReviewAttendanceModal } from './ReviewAttendanceModal.tsx';

/** The dashboard's counters (spec §2.9): Total, Pending, Approved, Rejected, Incomplete. */
export function DashboardCounters({
  stats,
  failed,
}: {
  stats: AttendanceDashboard['stats'] | undefined;
  failed: boolean;
}) {
  const figures: Figure[] = [
    { label: 'Total', value: stats?.total, icon: IconListDetails, color: 'indigo' },
    { label: 'Pending', value: stats?.pending, icon: IconClockHour4, color: 'yellow' },
    { label: 'Approved', value: stats?.approved, icon: IconCircleCheck, color: 'green' },
    { label: 'Rejected', value: stats?.rejected, icon: IconCircleX, color: 'red' },
    { label: 'Incomplete', value: stats?.incomplete, icon: IconAlertTriangle, color: 'orange' },
  ];
  return <FigureTiles figures={figures} failed={failed} cols={{ base: 2, sm: 3, lg: 5 }} size="compact" />;
}

function PendingItem({ record, onReview }: { record: Attendance; onReview: (r: Attendance) => void }) {
  const timeZone = useOrganisationQuery().data?.timezone;
  const name = personName(record.teacher);
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 220px' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} size="sm">
              {name}
            </Text>
            <ReviewStatusBadge status={record.status} size="sm" />
            <RangeBadge record={record} />
          </Group>
          <Text size="sm" c="dimmed">
            {formatDate(record.date)} · checked in at {formatClock(record.checkIn, timeZone)}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {record.checkInLocationName ?? '—'}
          </Text>
        </Stack>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconChecklist size={14} aria-hidden />}
          onClick={() => onReview(record)}
          aria-label={`Review ${name}, ${formatDate(record.date)}`}
        >
          Review
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * The Admin Dashboard tab (spec §2.9): the counters and the first 5 pending approvals, oldest first,
 * each with a review action (the Full Review dialog).
 */
export function AdminDashboardPanel() {
  const dashboard = useAttendanceDashboard({});
  const [reviewing, setReviewing] = useState<Attendance | null>(null);
  const pending = dashboard.data?.pending ?? [];
  return (
    <Stack gap="md">
      <section aria-label="Attendance counters">
        <DashboardCounters stats={dashboard.data?.stats} failed={dashboard.isError} />
      </section>
      <Paper
        withBorder
        radius="md"
        p={{ base: 'sm', sm: 'md' }}
        component="section"
        aria-labelledby="att-pending"
      >
        <Stack gap="sm">
          <div>
            <Title order={2} fz="h4" id="att-pending">
              Pending Approvals
            </Title>
            <Text size="sm" c="dimmed">
              The first {ATTENDANCE_LIMITS.dashboardPending} records waiting for a decision, oldest first.
            </Text>
          </div>
          {dashboard.isPending ? (
            <Skeleton height={120} />
          ) : dashboard.isError && !dashboard.data ? (
            <RetryPanel error={dashboard.error} onRetry={() => void dashboard.refetch()} />
          ) : pending.length === 0 ? (
            <Text size="sm" c="dimmed">
              No records are waiting for review.
            </Text>
          ) : (
            <Stack
              component="ul"
              gap="xs"
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              aria-label="Pending approvals"
              aria-busy={dashboard.isFetching}
            >
              {pending.map((r) => (
                <PendingItem key={r.id} record={r} onReview={setReviewing} />
              ))}
            </Stack>
          )}
        </Stack>
      </Paper>
      <ReviewAttendanceModal record={reviewing} onClose={() => setReviewing(null)} />
    </Stack>
  );
}

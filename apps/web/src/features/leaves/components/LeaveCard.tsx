import { LEAVE_TYPE_LABELS, type Leave } from '@csp/contracts';
import { Button, Card, Flex, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconClipboardCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DetailItem } from '../../../components/DetailItem.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { daysText, periodText, personName } from '../leave-display.ts';
import { LeaveStatusBadge } from './LeaveBits.tsx';

/**
 * One leave application on /leaves (spec part 2 §2.4): the status, the period, the duration in days,
 * the reason, the admin's notes, the reviewer and the review date. Administrators see whose it is, and
 * on a pending one Quick Approve and Full Review.
 */
export function LeaveCard({
  leave,
  showTeacher,
  onQuickApprove,
  approving,
  busy,
}: {
  leave: Leave;
  /** Administrators' list: the teacher's name is the card's title. */
  showTeacher: boolean;
  /** Given on administrators' lists. */
  onQuickApprove?: (leave: Leave) => void;
  /** This card's Quick Approve is being sent. */
  approving?: boolean;
  /** Another decision is being sent: one at a time. */
  busy?: boolean;
}) {
  const period = periodText(leave.startDate, leave.endDate);
  const teacher = personName(leave.teacher);
  const reviewed = leave.status !== 'PENDING' || Boolean(leave.reviewedAt);
  const canReview = Boolean(onQuickApprove) && leave.status === 'PENDING';
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="li"
      aria-label={showTeacher ? `${teacher}, ${period}` : period}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Title order={2} fz="md" style={{ overflowWrap: 'anywhere' }}>
              {showTeacher ? teacher : period}
            </Title>
            <Text size="sm" c="dimmed">
              {showTeacher ? period : (LEAVE_TYPE_LABELS[leave.leaveType] ?? '')}
            </Text>
          </div>
          <LeaveStatusBadge status={leave.status} style={{ flexShrink: 0 }} />
        </Group>
        <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
          <DetailItem label="Duration">{daysText(leave.days)}</DetailItem>
          <DetailItem label="Applied">{formatDate(leave.appliedAt)}</DetailItem>
        </SimpleGrid>
        <DetailItem label="Reason">
          <Text size="sm" lineClamp={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {leave.reason}
          </Text>
        </DetailItem>
        {reviewed && (
          <Stack
            gap="xs"
            p="sm"
            bg="var(--mantine-color-gray-0)"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          >
            <DetailItem label="Admin notes" fallback="No notes">
              {leave.reviewNotes && (
                <Text size="sm" lineClamp={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {leave.reviewNotes}
                </Text>
              )}
            </DetailItem>
            <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
              <DetailItem label="Reviewed by">
                {leave.reviewedBy ? personName(leave.reviewedBy) : ''}
              </DetailItem>
              <DetailItem label="Reviewed on">{formatDate(leave.reviewedAt)}</DetailItem>
            </SimpleGrid>
          </Stack>
        )}
        {canReview && (
          <Flex direction={{ base: 'column', xs: 'row' }} justify="flex-end" gap="xs" mt="auto">
            <Button
              component={Link}
              to={`/leaves/${leave.id}/review`}
              variant="default"
              leftSection={<IconClipboardCheck size={16} aria-hidden />}
            >
              Full Review
            </Button>
            <Button
              color="green"
              leftSection={<IconCheck size={16} aria-hidden />}
              onClick={() => onQuickApprove?.(leave)}
              loading={approving}
              disabled={busy && !approving}
            >
              Quick Approve
            </Button>
          </Flex>
        )}
      </Stack>
    </Card>
  );
}

import { LEAVE_TYPE_LABELS, type Leave } from '@csp/contracts';
import { Card, SimpleGrid, Stack } from '@mantine/core';
import { DetailItem } from '../../../components/DetailItem.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { daysText, periodText, personName } from '../leave-display.ts';
import { QuickDecisionButtons, ReviewCardHeading, ReviewNotesBox, WrittenText } from './ReviewBits.tsx';

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
        <ReviewCardHeading
          title={showTeacher ? teacher : period}
          subtitle={showTeacher ? period : (LEAVE_TYPE_LABELS[leave.leaveType] ?? '')}
          status={leave.status}
        />
        <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
          <DetailItem label="Duration">{daysText(leave.days)}</DetailItem>
          <DetailItem label="Applied">{formatDate(leave.appliedAt)}</DetailItem>
        </SimpleGrid>
        <DetailItem label="Reason">
          <WrittenText lines={4}>{leave.reason}</WrittenText>
        </DetailItem>
        {reviewed && (
          <ReviewNotesBox notes={leave.reviewNotes}>
            <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
              <DetailItem label="Reviewed by">
                {leave.reviewedBy ? personName(leave.reviewedBy) : ''}
              </DetailItem>
              <DetailItem label="Reviewed on">{formatDate(leave.reviewedAt)}</DetailItem>
            </SimpleGrid>
          </ReviewNotesBox>
        )}
        {canReview && (
          <QuickDecisionButtons
            fullReview={`/leaves/${leave.id}/review`}
            onQuickApprove={() => onQuickApprove?.(leave)}
            approving={Boolean(approving)}
            busy={Boolean(busy)}
          />
        )}
      </Stack>
    </Card>
  );
}

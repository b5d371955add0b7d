import type { Attendance } from '@csp/contracts';
import { Button, Card, Group, SimpleGrid, Stack } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { DetailItem } from '../../../components/DetailItem.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { formatClock, formatMoment, mapsUrl, personName } from '../attendance-display.ts';
import {
  QuickDecisionButtons,
  ReviewCardHeading,
  ReviewNotesBox,
} from '../../leaves/components/ReviewBits.tsx';
import { ReviewRangeIndicator } from './ReviewRangeIndicator.tsx';
import { SentLaterNote } from '../../../components/SentLaterNote.tsx';

/**
 * One attendance record on /admin/attendance-review (spec part 2 §2.9, §4): the teacher, the date, the
 * check-in time, the location's name, the office-range indicator and the admin notes; a reviewed one
 * shows its status and the reviewer; a pending one offers Quick Approve and Full Review. View Map (a
 * maps service in a new tab) sits beside the location when the check-in has coordinates.
 */
export function ReviewAttendanceCard({
  record,
  timeZone,
  onQuickApprove,
  onFullReview,
  approving,
  busy,
}: {
  record: Attendance;
  /** The organisation's time zone for the clock times (the browser's until it is known). */
  timeZone?: string;
  onQuickApprove: (record: Attendance) => void;
  onFullReview: (record: Attendance) => void;
  /** This card's Quick Approve is being sent. */
  approving: boolean;
  /** Another decision is being sent: one at a time. */
  busy: boolean;
}) {
  const teacher = personName(record.teacher);
  const date = formatDate(record.date);
  const map = mapsUrl(record.checkInLocation);
  const pending = record.status === 'PENDING';
  return (
    <Card withBorder radius="md" padding="md" component="li" aria-label={`${teacher}, ${date}`}>
      <Stack gap="sm" h="100%">
        <ReviewCardHeading title={teacher} subtitle={record.teacher.email} status={record.status} />
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="xs">
          <DetailItem label="Date">{date}</DetailItem>
          <DetailItem label="Check-in">{formatClock(record.checkIn, timeZone)}</DetailItem>
          <DetailItem label="Office range">
            <ReviewRangeIndicator record={record} />
          </DetailItem>
        </SimpleGrid>
        <SentLaterNote madeAt={record.checkIn} receivedAt={record.checkInReceivedAt} />
        <Group justify="space-between" align="flex-end" gap="xs" wrap="nowrap">
          <DetailItem label="Location" fallback="No location name">
            {record.checkInLocationName}
          </DetailItem>
          {map && (
            <Button
              component="a"
              href={map}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              size="xs"
              leftSection={<IconMapPin size={14} aria-hidden />}
              style={{ flexShrink: 0 }}
            >
              View Map
            </Button>
          )}
        </Group>
        {(record.adminNotes || !pending) && (
          <ReviewNotesBox notes={record.adminNotes}>
            {!pending &&
              (record.reviewedAt ? (
                <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
                  <DetailItem label="Reviewed by" fallback="A removed account">
                    {record.reviewedBy ? personName(record.reviewedBy) : ''}
                  </DetailItem>
                  <DetailItem label="Reviewed on">{formatMoment(record.reviewedAt, timeZone)}</DetailItem>
                </SimpleGrid>
              ) : (
                <DetailItem label="Reviewed by">Approved automatically at check-in</DetailItem>
              ))}
          </ReviewNotesBox>
        )}
        {pending && (
          <QuickDecisionButtons
            fullReview={() => onFullReview(record)}
            onQuickApprove={() => onQuickApprove(record)}
            approving={approving}
            busy={busy}
          />
        )}
      </Stack>
    </Card>
  );
}

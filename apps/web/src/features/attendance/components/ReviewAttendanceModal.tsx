import {
  ATTENDANCE_LIMITS,
  ATTENDANCE_MESSAGES,
  reviewAttendanceBodySchema,
  type Attendance,
} from '@csp/contracts';
import { Button, Group, Modal, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { DetailItem } from '../../../components/DetailItem.tsx';
import { errorStatus, getErrorMessage } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/dates.ts';
import { schemaResolver } from '../../../lib/forms.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { useSave } from '../../../lib/save.ts';
import { useOrganisationQuery } from '../../../lib/organisation.ts';
import { useReviewAttendance } from '../api/attendance.api.ts';
import { defaultReview, formatClock, personName, type ReviewValues } from '../attendance-display.ts';
import { DecisionFields, ReviewStatusBadge } from '../../leaves/components/ReviewBits.tsx';
import { ReviewRangeIndicator } from './ReviewRangeIndicator.tsx';

const TITLE = 'Full Review';

function ReviewForm({
  record,
  onDone,
  onBusy,
}: {
  record: Attendance;
  onDone: () => void;
  onBusy: (busy: boolean) => void;
}) {
  const timeZone = useOrganisationQuery().data?.timezone;
  const save = useSave({
    mutation: useReviewAttendance(),
    failureText: (error) => getErrorMessage(error, ATTENDANCE_MESSAGES.reviewFailed),
    onSaved: () => {
      onBusy(false);
      toastSuccess(ATTENDANCE_MESSAGES.reviewed);
      onDone();
    },
    onFailed: (error) => {
      onBusy(false);
      // Reviewed meanwhile (409) or gone (404): the lists are read again and this dialog is done.
      const status = errorStatus(error);
      if (status === 409 || status === 404) onDone();
      return false;
    },
  });
  const form = useForm<ReviewValues>({
    initialValues: defaultReview(record),
    validate: schemaResolver(reviewAttendanceBodySchema),
  });

  const submit = (values: ReviewValues) => {
    onBusy(true);
    void save.submit(() => ({
      id: record.id,
      body: {
        status: values.status as 'APPROVED' | 'REJECTED',
        adminNotes: values.adminNotes.trim() || undefined,
      },
    }));
  };

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="md">
        <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
          <DetailItem label="Teacher">{personName(record.teacher)}</DetailItem>
          <DetailItem label="Email">{record.teacher.email}</DetailItem>
          <DetailItem label="Date">{formatDate(record.date)}</DetailItem>
          <DetailItem label="Status">
            <ReviewStatusBadge status={record.status} />
          </DetailItem>
          <DetailItem label="Check-in">{formatClock(record.checkIn, timeZone)}</DetailItem>
          <DetailItem label="Check-out" fallback="Not checked out">
            {formatClock(record.checkOut, timeZone)}
          </DetailItem>
          <DetailItem label="Location" fallback="No location name">
            {record.checkInLocationName}
          </DetailItem>
          <DetailItem label="Office range">
            <ReviewRangeIndicator record={record} />
          </DetailItem>
        </SimpleGrid>
        <DecisionFields
          form={form}
          notesField="adminNotes"
          notesLabel="Admin notes"
          maxLength={ATTENDANCE_LIMITS.adminNotesMaxLength}
          autoFocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={save.busy}>
            Cancel
          </Button>
          <Button type="submit" loading={save.busy}>
            Submit Review
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * 'Full Review' of one attendance record (spec §2.9, §4): the record's summary, a required decision
 * ('Please select a decision') and optional notes, prefilled with REJECTED and the distance note when
 * the check-in was outside the office range, otherwise APPROVED. Closes once the review is saved.
 */
export function ReviewAttendanceModal({
  record,
  onClose,
}: {
  /** The record to review; null closes the dialog. */
  record: Attendance | null;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  // The last record stays in the dialog while it fades out.
  const [shown, setShown] = useState(record);
  if (record && record !== shown) setShown(record);
  return (
    <Modal
      opened={record !== null}
      onClose={() => !busy && onClose()}
      title={TITLE}
      centered
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
      styles={{ title: { fontWeight: 700 } }}
    >
      {shown && <ReviewForm key={shown.id} record={shown} onDone={onClose} onBusy={setBusy} />}
    </Modal>
  );
}

import {
  LEAVE_LIMITS,
  LEAVE_MESSAGES,
  LEAVE_TYPE_LABELS,
  reviewLeaveBodySchema,
  type Leave,
  type ReviewLeaveBody,
} from '@csp/contracts';
import { Alert, Button, Grid, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { AdminOnly } from '../../../components/AdminOnly.tsx';
import { BackLink } from '../../../components/BackLink.tsx';
import { DetailItem } from '../../../components/DetailItem.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { DetailPanel } from '../../../components/RecordLayout.tsx';
import { RecordPage } from '../../../components/RecordPage.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { formatDate, formatDateTime } from '../../../lib/dates.ts';
import { schemaResolver } from '../../../lib/forms.ts';
import { useSave } from '../../../lib/save.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { useLeaveQuery, useReviewLeaveMutation } from '../api/leaves.api.ts';
import {
  DecisionFields,
  ReviewStatusBadge,
  WrittenText,
  type DecisionValues,
} from '../components/ReviewBits.tsx';
import { daysText, periodText, personName, reviewedText } from '../leave-display.ts';

const TITLE = 'Review Leave Application';

/** A missing leave, or one not in one's scope (spec part 2 §8 "Missing records"). */
const LEAVE_NOT_FOUND = {
  message: LEAVE_MESSAGES.notFound,
  backTo: '/leaves',
  backLabel: 'Back to Leaves',
};

type ReviewValues = DecisionValues<'reviewNotes'>;

function LeaveDetails({ leave }: { leave: Leave }) {
  return (
    <DetailPanel title="Leave Details">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg" verticalSpacing="md">
          <DetailItem label="Teacher">{personName(leave.teacher)}</DetailItem>
          <DetailItem label="Status">
            <ReviewStatusBadge status={leave.status} />
          </DetailItem>
          <DetailItem label="Period">{periodText(leave.startDate, leave.endDate)}</DetailItem>
          <DetailItem label="Duration">{daysText(leave.days)}</DetailItem>
          <DetailItem label="Leave type">{LEAVE_TYPE_LABELS[leave.leaveType] ?? leave.leaveType}</DetailItem>
          <DetailItem label="Applied">{formatDateTime(leave.appliedAt)}</DetailItem>
        </SimpleGrid>
        <DetailItem label="Reason">
          <WrittenText>{leave.reason}</WrittenText>
        </DetailItem>
      </Stack>
    </DetailPanel>
  );
}

/** A reviewed leave: the decision, who made it and when, and the notes; no form (spec §4). */
function AlreadyReviewed({ leave }: { leave: Leave }) {
  const approved = leave.status === 'APPROVED';
  return (
    <DetailPanel title="Review">
      <Stack gap="md">
        <Alert
          color={approved ? 'green' : 'red'}
          variant="light"
          icon={approved ? <IconCircleCheck aria-hidden /> : <IconCircleX aria-hidden />}
          title={LEAVE_MESSAGES.alreadyReviewed}
        >
          {reviewedText(leave)}.
        </Alert>
        <DetailItem label="Review notes" fallback="No review notes">
          {leave.reviewNotes && <WrittenText>{leave.reviewNotes}</WrittenText>}
        </DetailItem>
        <Group>
          <Button component={Link} to="/leaves" variant="light">
            Back to Leaves
          </Button>
        </Group>
      </Stack>
    </DetailPanel>
  );
}

function ReviewForm({ leave }: { leave: Leave }) {
  const navigate = useNavigate();
  const save = useSave({
    mutation: useReviewLeaveMutation({
      onReviewed: () => {
        toastSuccess(LEAVE_MESSAGES.reviewed);
        navigate('/leaves');
      },
    }),
    // Reviewed meanwhile (409) or gone (404): the mutation reads the leave again, and the page then
    // shows the decision made or 'Leave application not found.'.
    failureText: (error) => getErrorMessage(error, LEAVE_MESSAGES.reviewFailed),
    // The mutation's onReviewed has left the page already.
    onSaved: () => undefined,
  });
  const form = useForm<ReviewValues>({
    initialValues: { status: '', reviewNotes: '' },
    validate: schemaResolver(reviewLeaveBodySchema),
  });

  const submit = (values: ReviewValues) =>
    save.submit(() => ({
      id: leave.id,
      body: {
        status: values.status as ReviewLeaveBody['status'],
        reviewNotes: values.reviewNotes.trim() || undefined,
      },
    }));

  return (
    <DetailPanel title="Review Decision">
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack gap="md">
          <DecisionFields
            form={form}
            notesField="reviewNotes"
            notesLabel="Review notes"
            maxLength={LEAVE_LIMITS.reviewNotesMaxLength}
          />
          <Group justify="flex-end" gap="sm">
            <Button component={Link} to="/leaves" variant="default">
              Cancel
            </Button>
            <Button type="submit" disabled={save.busy}>
              {save.buttonText('Submit Review', { saving: 'Submitting...' })}
            </Button>
          </Group>
        </Stack>
      </form>
    </DetailPanel>
  );
}

function ReviewView({ leave }: { leave: Leave }) {
  const reviewed = leave.status !== 'PENDING';
  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap={6}>
        <BackLink to="/leaves">Back to Leaves</BackLink>
        <PageTitle>{TITLE}</PageTitle>
        <Text c="dimmed" size="sm">
          {personName(leave.teacher)} · {periodText(leave.startDate, leave.endDate)} · applied{' '}
          {formatDate(leave.appliedAt)}
        </Text>
      </Stack>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <LeaveDetails leave={leave} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          {reviewed ? <AlreadyReviewed leave={leave} /> : <ReviewForm key={leave.id} leave={leave} />}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function ReviewLoader() {
  const { id = '' } = useParams();
  return (
    <RecordPage
      query={useLeaveQuery(id)}
      title={TITLE}
      loadingLabel="Loading leave application"
      notFound={LEAVE_NOT_FOUND}
    >
      {(leave) => <ReviewView leave={leave} />}
    </RecordPage>
  );
}

/**
 * /leaves/{id}/review (spec part 2 §2.4 "Leave review", §5, §8; administrators): the leave's details,
 * a required decision (Approve or Reject) and optional notes. A reviewed leave shows that it has been
 * reviewed, with the decision; a missing one 'Leave application not found.'.
 */
export function LeaveReviewPage() {
  return (
    <AdminOnly title={TITLE}>
      <ReviewLoader />
    </AdminOnly>
  );
}

import {
  LEAVE_LIMITS,
  LEAVE_MESSAGES,
  LEAVE_TYPE_LABELS,
  reviewLeaveBodySchema,
  type Leave,
} from '@csp/contracts';
import {
  Alert,
  Button,
  Grid,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { BackLink } from '../../../components/BackLink.tsx';
import { DetailItem } from '../../../components/DetailItem.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { LoadFailurePage, NotFoundPage } from '../../../components/PageStates.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { formatDate, formatDateTime } from '../../../lib/dates.ts';
import { schemaResolver } from '../../../lib/forms.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { AdminOnly } from '../../../components/AdminOnly.tsx';
import { isLeaveMissing, useLeaveQuery, useReviewLeaveMutation } from '../api/leaves.api.ts';
import { LeaveStatusBadge } from '../components/LeaveBits.tsx';
import { daysText, periodText, personName, reviewedText } from '../leave-display.ts';

const TITLE = 'Review Leave Application';

const DECISIONS = [
  { value: '', label: 'Select a decision', disabled: true },
  { value: 'APPROVED', label: 'Approve' },
  { value: 'REJECTED', label: 'Reject' },
];

type ReviewValues = { status: string; reviewNotes: string };

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Title order={2} fz="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function LeaveDetails({ leave }: { leave: Leave }) {
  return (
    <Panel title="Leave Details">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg" verticalSpacing="md">
          <DetailItem label="Teacher">{personName(leave.teacher)}</DetailItem>
          <DetailItem label="Status">
            <LeaveStatusBadge status={leave.status} />
          </DetailItem>
          <DetailItem label="Period">{periodText(leave.startDate, leave.endDate)}</DetailItem>
          <DetailItem label="Duration">{daysText(leave.days)}</DetailItem>
          <DetailItem label="Leave type">{LEAVE_TYPE_LABELS[leave.leaveType] ?? leave.leaveType}</DetailItem>
          <DetailItem label="Applied">{formatDateTime(leave.appliedAt)}</DetailItem>
        </SimpleGrid>
        <DetailItem label="Reason">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {leave.reason}
          </Text>
        </DetailItem>
      </Stack>
    </Panel>
  );
}

/** A reviewed leave: the decision, who made it and when, and the notes; no form (spec §4). */
function AlreadyReviewed({ leave }: { leave: Leave }) {
  const approved = leave.status === 'APPROVED';
  return (
    <Panel title="Review">
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
          {leave.reviewNotes && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {leave.reviewNotes}
            </Text>
          )}
        </DetailItem>
        <Group>
          <Button component={Link} to="/leaves" variant="light">
            Back to Leaves
          </Button>
        </Group>
      </Stack>
    </Panel>
  );
}

function ReviewForm({ leave }: { leave: Leave }) {
  const navigate = useNavigate();
  const review = useReviewLeaveMutation({
    onReviewed: () => {
      toastSuccess(LEAVE_MESSAGES.reviewed);
      navigate('/leaves');
    },
  });
  const form = useForm<ReviewValues>({
    initialValues: { status: '', reviewNotes: '' },
    validate: schemaResolver(reviewLeaveBodySchema),
  });

  const submit = (values: ReviewValues) =>
    review.mutate(
      {
        id: leave.id,
        body: {
          status: values.status as 'APPROVED' | 'REJECTED',
          reviewNotes: values.reviewNotes.trim() || undefined,
        },
      },
      {
        // Reviewed meanwhile (409) or gone (404): the mutation reads the leave again, and the page then
        // shows the decision made or 'Leave application not found.'.
        onError: (error) => toastError(getErrorMessage(error, LEAVE_MESSAGES.reviewFailed)),
      },
    );

  return (
    <Panel title="Review Decision">
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack gap="md">
          <NativeSelect label="Decision" withAsterisk data={DECISIONS} {...form.getInputProps('status')} />
          <Textarea
            label="Review notes"
            description="Optional; the teacher sees them with the decision."
            placeholder="Notes for the teacher"
            autosize
            minRows={3}
            maxRows={8}
            maxLength={LEAVE_LIMITS.reviewNotesMaxLength}
            {...form.getInputProps('reviewNotes')}
          />
          <Group justify="flex-end" gap="sm">
            <Button component={Link} to="/leaves" variant="default">
              Cancel
            </Button>
            <Button type="submit" disabled={review.isPending}>
              {review.isPending ? 'Submitting...' : 'Submit Review'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Panel>
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
  const query = useLeaveQuery(id);
  if (query.isPending) return <PageLoader label="Loading leave application" />;
  if (query.isError) {
    if (isLeaveMissing(query.error)) {
      return (
        <NotFoundPage
          title={TITLE}
          message={LEAVE_MESSAGES.notFound}
          backTo="/leaves"
          backLabel="Back to Leaves"
        />
      );
    }
    return <LoadFailurePage title={TITLE} error={query.error} onRetry={() => query.refetch()} />;
  }
  return <ReviewView leave={query.data} />;
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

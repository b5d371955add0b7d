import { ACTIVITY_MESSAGES, type Activity } from '@csp/contracts';
import { Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useParams } from 'react-router';
import { BackLink } from '../../../components/BackLink.tsx';
import { DeleteRecordDialog } from '../../../components/DeleteRecordDialog.tsx';
import { DetailItem } from '../../../components/DetailItem.tsx';
import { DetailPanel, RecordHeader } from '../../../components/RecordLayout.tsx';
import { RecordPage } from '../../../components/RecordPage.tsx';
import { ageText, formatDate, formatDateTime } from '../../../lib/dates.ts';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import { durationText } from '../../../lib/duration-text.ts';
import { ACTIVITY_FAILURES, activityErrorText, canChangeActivity } from '../activity-form.ts';
import { useActivityQuery, useDeleteActivityMutation } from '../api/activities.api.ts';
import { ACTIVITY_NOT_FOUND } from '../components/ActivityBits.tsx';
import { AttachmentGallery } from '../../../components/AttachmentGallery.tsx';
import { DeleteButton, EditButton } from '../../../components/RecordActions.tsx';

const TITLE = 'Activity Details';

function DeleteActivityDialog({
  activity,
  opened,
  onClose,
}: {
  activity: Activity;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <DeleteRecordDialog
      opened={opened}
      onClose={onClose}
      title="Delete Activity"
      remove={useDeleteActivityMutation()}
      variables={activity}
      deleted={ACTIVITY_MESSAGES.deleted}
      failure={(error) => activityErrorText(error, ACTIVITY_FAILURES.delete)}
      listPath="/activities"
    >
      <Text size="sm">
        Are you sure you want to delete <strong>{activity.title}</strong> ({formatDate(activity.date)})?
      </Text>
      <Text size="sm" c="dimmed">
        An administrator can restore it from Deleted records.
      </Text>
    </DeleteRecordDialog>
  );
}

function ActivityDetailView({ activity }: { activity: Activity }) {
  const me = useCurrentUser();
  const [deleting, deleteDialog] = useDisclosure(false);
  const mine = canChangeActivity(activity, me);
  const { student, teacher } = activity;

  return (
    <Stack gap="lg" maw={1000}>
      <BackLink to="/activities">Back to Activities</BackLink>
      <RecordHeader
        title={activity.title}
        actions={
          mine && (
            <>
              <EditButton to={`/activities/${activity.id}/edit`} />
              <DeleteButton onClick={deleteDialog.open} />
            </>
          )
        }
      >
        <Text c="dimmed" size="sm">
          {formatDate(activity.date)} · {durationText(activity.duration)}
        </Text>
      </RecordHeader>

      <DetailPanel title="Details">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="md">
          <DetailItem label="Student">
            <Anchor component={Link} to={`/students/${student.id}`} size="sm">
              {student.firstName} {student.lastName}
            </Anchor>
            <Text span size="sm" c="dimmed">
              {' '}
              · {ageText(student.age)}
            </Text>
          </DetailItem>
          <DetailItem label="Teacher">{`${teacher.firstName} ${teacher.lastName}`}</DetailItem>
          <DetailItem label="Date">{formatDate(activity.date)}</DetailItem>
          <DetailItem label="Duration">{durationText(activity.duration)}</DetailItem>
          <DetailItem label="Recorded">{formatDateTime(activity.createdAt)}</DetailItem>
          <DetailItem label="Last updated">{formatDateTime(activity.updatedAt)}</DetailItem>
        </SimpleGrid>
        <Stack gap={2} mt="md">
          <DetailItem label="Description">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {activity.description || 'No description'}
            </Text>
          </DetailItem>
        </Stack>
      </DetailPanel>

      <DetailPanel title={`Photo Evidence (${activity.photos.length})`}>
        <AttachmentGallery photos={activity.photos} subject={activity.title} />
      </DetailPanel>

      {mine && <DeleteActivityDialog activity={activity} opened={deleting} onClose={deleteDialog.close} />}
    </Stack>
  );
}

/** /activities/{id} (spec part 1 §2 "Activities"): details and the photo evidence. */
export function ActivityDetailPage() {
  const { id = '' } = useParams();
  return (
    <RecordPage
      query={useActivityQuery(id)}
      title={TITLE}
      loadingLabel="Loading activity"
      notFound={ACTIVITY_NOT_FOUND}
    >
      {(activity) => <ActivityDetailView activity={activity} />}
    </RecordPage>
  );
}

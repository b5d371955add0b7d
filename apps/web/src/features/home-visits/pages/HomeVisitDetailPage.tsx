import { HOME_VISIT_MESSAGES, type HomeVisit } from '@csp/contracts';
import { Anchor, Badge, Grid, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { AttachmentGallery } from '../../../components/AttachmentGallery.tsx';
import { BackLink } from '../../../components/BackLink.tsx';
import { DeleteRecordDialog } from '../../../components/DeleteRecordDialog.tsx';
import { DetailItem } from '../../../components/DetailItem.tsx';
import { DeleteButton, EditButton } from '../../../components/RecordActions.tsx';
import { DetailPanel, RecordHeader } from '../../../components/RecordLayout.tsx';
import { RecordPage } from '../../../components/RecordPage.tsx';
import { VisitStatusBadge } from '../../../components/VisitStatusBadge.tsx';
import { ageText, formatDate, formatDateTime } from '../../../lib/dates.ts';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import { personName } from '../../../lib/person-name.ts';
import { visitStatusLabel } from '../../../lib/visit-status.ts';
import { useDeleteHomeVisitMutation, useHomeVisitQuery } from '../api/home-visits.api.ts';
import { HOME_VISIT_NOT_FOUND, LocationWarningBadge } from '../components/HomeVisitBits.tsx';
import { VisitPlaces } from '../components/VisitPlaces.tsx';
import { distanceFromHome, filesCountText, minutesText, statusTag } from '../home-visit-display.ts';
import { canChangeVisit, deleteErrorText, isReviewed } from '../home-visit-form.ts';
import { SentLaterNote } from '../../../components/SentLaterNote.tsx';

const TITLE = 'Home Visit Details';

/** The status badge with its tag: Approved + Within Range, Pending Review + Location Warning. */
function StatusWithTag({ visit }: { visit: HomeVisit }) {
  const tag = statusTag(visit);
  return (
    <Group gap="xs">
      <VisitStatusBadge status={visit.status} size="lg" />
      {tag === 'Within Range' && (
        <Badge
          variant="outline"
          color="green"
          size="lg"
          leftSection={<IconCircleCheck size={14} aria-hidden />}
        >
          Within Range
        </Badge>
      )}
      {tag === 'Location Warning' && <LocationWarningBadge size="lg" />}
    </Group>
  );
}

function VisitSummary({ visit }: { visit: HomeVisit }) {
  const distance = distanceFromHome(visit);
  return (
    <DetailPanel title="Visit Summary">
      <Stack gap="sm">
        <DetailItem label="Status">{visitStatusLabel(visit.status)}</DetailItem>
        <DetailItem label="Duration">{minutesText(visit.duration)}</DetailItem>
        <DetailItem label="Distance from home">
          <Text span size="sm" fw={600} c={distance.color}>
            {distance.text}
          </Text>
        </DetailItem>
        <DetailItem label="Files">{filesCountText(visit.files.length)}</DetailItem>
        <DetailItem label="Recorded">{formatDateTime(visit.recordedAt)}</DetailItem>
        <SentLaterNote madeAt={visit.recordedAt} receivedAt={visit.createdAt} />
      </Stack>
    </DetailPanel>
  );
}

function HomeVisitDetailView({ visit }: { visit: HomeVisit }) {
  const me = useCurrentUser();
  const [deleting, deleteDialog] = useDisclosure(false);
  const remove = useDeleteHomeVisitMutation();
  const mine = canChangeVisit(visit, me);
  const { student, teacher } = visit;
  const studentName = personName(student);
  const reviewed = isReviewed(visit) || Boolean(visit.reviewNotes);

  return (
    <Stack gap="lg" maw={1100}>
      <BackLink to="/home-visits">Back to Home Visits</BackLink>
      <RecordHeader
        title={TITLE}
        actions={
          mine && (
            <>
              {!isReviewed(visit) && <EditButton to={`/home-visits/${visit.id}/edit`} />}
              <DeleteButton onClick={deleteDialog.open} />
            </>
          )
        }
      >
        <Text c="dimmed" size="sm">
          {studentName} · {formatDate(visit.visitDate)}
        </Text>
        <StatusWithTag visit={visit} />
      </RecordHeader>

      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <DetailPanel title="Visit Information">
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="md">
                <DetailItem label="Student">
                  <Anchor component={Link} to={`/students/${student.id}`} size="sm">
                    {studentName}
                  </Anchor>
                  <Text span size="sm" c="dimmed">
                    {' '}
                    · {ageText(student.age)}
                  </Text>
                </DetailItem>
                <DetailItem label="Visit date">{formatDate(visit.visitDate)}</DetailItem>
                <DetailItem label="Teacher">{personName(teacher)}</DetailItem>
                <DetailItem label="Duration">{minutesText(visit.duration)}</DetailItem>
                <DetailItem label="Recorded">{formatDateTime(visit.recordedAt)}</DetailItem>
                <DetailItem label="Last updated">{formatDateTime(visit.updatedAt)}</DetailItem>
              </SimpleGrid>
            </DetailPanel>

            {reviewed && (
              <DetailPanel title="Review">
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg" verticalSpacing="md">
                  <DetailItem label="Reviewed by">
                    {visit.reviewedBy ? personName(visit.reviewedBy) : ''}
                  </DetailItem>
                  <DetailItem label="Reviewed">{formatDateTime(visit.reviewedAt)}</DetailItem>
                </SimpleGrid>
                <Stack gap={2} mt="md">
                  <DetailItem label="Review notes" fallback="No review notes">
                    {visit.reviewNotes && (
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                        {visit.reviewNotes}
                      </Text>
                    )}
                  </DetailItem>
                </Stack>
              </DetailPanel>
            )}

            <DetailPanel title="Location">
              <VisitPlaces visit={visit} />
            </DetailPanel>

            <DetailPanel title="Notes">
              <Text
                size="sm"
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                c={visit.notes ? undefined : 'dimmed'}
              >
                {visit.notes || 'No notes'}
              </Text>
            </DetailPanel>

            <DetailPanel
              title="File Documentation"
              action={
                <Badge variant="light" color="gray">
                  {filesCountText(visit.files.length)}
                </Badge>
              }
            >
              <AttachmentGallery files={visit.files} subject={`Visit to ${studentName}`} />
            </DetailPanel>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <VisitSummary visit={visit} />
        </Grid.Col>
      </Grid>

      {mine && (
        <DeleteRecordDialog
          opened={deleting}
          onClose={deleteDialog.close}
          title="Delete Home Visit"
          remove={remove}
          variables={visit.id}
          deleted={HOME_VISIT_MESSAGES.deleted}
          failure={deleteErrorText}
          listPath="/home-visits"
        >
          <Text size="sm">{HOME_VISIT_MESSAGES.deleteConfirm}</Text>
        </DeleteRecordDialog>
      )}
    </Stack>
  );
}

/** /home-visits/{id} (spec part 2 §2.2 "Home visit detail"): both roles; Edit and Delete for the owner. */
export function HomeVisitDetailPage() {
  const { id = '' } = useParams();
  return (
    <RecordPage
      query={useHomeVisitQuery(id)}
      title={TITLE}
      loadingLabel="Loading home visit"
      notFound={HOME_VISIT_NOT_FOUND}
    >
      {(visit) => <HomeVisitDetailView visit={visit} />}
    </RecordPage>
  );
}

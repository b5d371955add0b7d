import { HOME_VISIT_MESSAGES, type HomeVisit } from '@csp/contracts';
import { Anchor, Badge, Flex, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { BackLink } from '../../../components/BackLink.tsx';
import { DeleteRecordDialog } from '../../../components/DeleteRecordDialog.tsx';
import { DetailItem } from '../../../components/DetailItem.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { DeleteButton, EditButton } from '../../../components/RecordActions.tsx';
import { ageText, formatDate, formatDateTime } from '../../../lib/dates.ts';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import { isVisitMissing, useDeleteHomeVisitMutation, useHomeVisitQuery } from '../api/home-visits.api.ts';
import {
  LocationWarningBadge,
  VisitLoadFailure,
  VisitNotFound,
  VisitStatusBadge,
} from '../components/HomeVisitBits.tsx';
import { VisitFiles } from '../components/VisitFiles.tsx';
import { VisitPlaces } from '../components/VisitPlaces.tsx';
import {
  distanceFromHome,
  durationText,
  filesCountText,
  personName,
  statusLabel,
  statusTag,
} from '../home-visit-display.ts';
import { canChangeVisit, deleteErrorText, isReviewed } from '../home-visit-form.ts';

const TITLE = 'Home Visit Details';

function Panel({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Group justify="space-between" gap="xs" mb="md">
        <Title order={2} fz="h4">
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Paper>
  );
}

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

function DeleteVisitDialog({
  visit,
  opened,
  onClose,
}: {
  visit: HomeVisit;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <DeleteRecordDialog
      opened={opened}
      onClose={onClose}
      title="Delete Home Visit"
      remove={useDeleteHomeVisitMutation()}
      variables={visit.id}
      deleted={HOME_VISIT_MESSAGES.deleted}
      failure={deleteErrorText}
      listPath="/home-visits"
    >
      <Text size="sm">{HOME_VISIT_MESSAGES.deleteConfirm}</Text>
    </DeleteRecordDialog>
  );
}

function VisitSummary({ visit }: { visit: HomeVisit }) {
  const distance = distanceFromHome(visit);
  return (
    <Panel title="Visit Summary">
      <Stack gap="sm">
        <DetailItem label="Status">{statusLabel(visit.status)}</DetailItem>
        <DetailItem label="Duration">{durationText(visit.duration)}</DetailItem>
        <DetailItem label="Distance from home">
          <Text span size="sm" fw={600} c={distance.color}>
            {distance.text}
          </Text>
        </DetailItem>
        <DetailItem label="Files">{filesCountText(visit.files.length)}</DetailItem>
        <DetailItem label="Recorded">{formatDateTime(visit.createdAt)}</DetailItem>
      </Stack>
    </Panel>
  );
}

function HomeVisitDetailView({ visit }: { visit: HomeVisit }) {
  const me = useCurrentUser();
  const [deleting, deleteDialog] = useDisclosure(false);
  const mine = canChangeVisit(visit, me);
  const { student, teacher } = visit;
  const studentName = personName(student);
  const reviewed = isReviewed(visit) || Boolean(visit.reviewNotes);

  return (
    <Stack gap="lg" maw={1100}>
      <BackLink to="/home-visits">Back to Home Visits</BackLink>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Flex
          gap="md"
          justify="space-between"
          align={{ base: 'stretch', sm: 'center' }}
          direction={{ base: 'column', sm: 'row' }}
        >
          <Stack gap={6} miw={0}>
            <PageTitle style={{ overflowWrap: 'anywhere' }}>{TITLE}</PageTitle>
            <Text c="dimmed" size="sm">
              {studentName} · {formatDate(visit.visitDate)}
            </Text>
            <StatusWithTag visit={visit} />
          </Stack>
          {mine && (
            <Group gap="sm" style={{ flexShrink: 0 }}>
              {!isReviewed(visit) && <EditButton to={`/home-visits/${visit.id}/edit`} />}
              <DeleteButton onClick={deleteDialog.open} />
            </Group>
          )}
        </Flex>
      </Paper>

      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Panel title="Visit Information">
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
                <DetailItem label="Duration">{durationText(visit.duration)}</DetailItem>
                <DetailItem label="Recorded">{formatDateTime(visit.createdAt)}</DetailItem>
                <DetailItem label="Last updated">{formatDateTime(visit.updatedAt)}</DetailItem>
              </SimpleGrid>
            </Panel>

            {reviewed && (
              <Panel title="Review">
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
              </Panel>
            )}

            <Panel title="Location">
              <VisitPlaces visit={visit} />
            </Panel>

            <Panel title="Notes">
              <Text
                size="sm"
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                c={visit.notes ? undefined : 'dimmed'}
              >
                {visit.notes || 'No notes'}
              </Text>
            </Panel>

            <Panel
              title="File Documentation"
              aside={
                <Badge variant="light" color="gray">
                  {filesCountText(visit.files.length)}
                </Badge>
              }
            >
              <VisitFiles files={visit.files} subject={`Visit to ${studentName}`} />
            </Panel>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <VisitSummary visit={visit} />
        </Grid.Col>
      </Grid>

      {mine && <DeleteVisitDialog visit={visit} opened={deleting} onClose={deleteDialog.close} />}
    </Stack>
  );
}

/** /home-visits/{id} (spec part 2 §2.2 "Home visit detail"): both roles; Edit and Delete for the owner. */
export function HomeVisitDetailPage() {
  const { id = '' } = useParams();
  const query = useHomeVisitQuery(id);
  if (query.isPending) return <PageLoader label="Loading home visit" />;
  if (query.isError) {
    if (isVisitMissing(query.error)) return <VisitNotFound title={TITLE} />;
    return <VisitLoadFailure title={TITLE} error={query.error} onRetry={() => query.refetch()} />;
  }
  return <HomeVisitDetailView visit={query.data} />;
}

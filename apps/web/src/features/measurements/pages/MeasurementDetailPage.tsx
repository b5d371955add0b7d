import { GROWTH_MESSAGES, type Measurement } from '@csp/contracts';
import { Anchor, Avatar, Flex, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { BackLink } from '../../../components/BackLink.tsx';
import { DeleteRecordDialog } from '../../../components/DeleteRecordDialog.tsx';
import { DetailItem } from '../../../components/DetailItem.tsx';
import { FigureTiles } from '../../../components/FigureTiles.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { DeleteButton } from '../../../components/RecordActions.tsx';
import { initialsOf } from '../../../components/UserAvatar.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { ageText, formatDate, formatDateTime } from '../../../lib/dates.ts';
import { PhotoGallery } from '../../../components/PhotoGallery.tsx';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import { GrowthBadges } from '../../growth/components/GrowthBadges.tsx';
import { GrowthScores } from '../../growth/components/GrowthScores.tsx';
import { ageAtMeasurementText, hasScores, Z_SCORE_NOTE } from '../../growth/growth-display.ts';
import {
  isMeasurementMissing,
  useDeleteMeasurementMutation,
  useMeasurementQuery,
} from '../api/measurements.api.ts';
import { MeasurementLoadFailure, MeasurementNotFound } from '../components/MeasurementBits.tsx';
import { measuredByText } from '../components/MeasurementCard.tsx';
import { canDeleteMeasurement, heightText, POSITION_LABELS, weightText } from '../measurement-form.ts';

const TITLE = 'Measurement Details';

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

function DeleteMeasurementDialog({
  measurement,
  opened,
  onClose,
}: {
  measurement: Measurement;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <DeleteRecordDialog
      opened={opened}
      onClose={onClose}
      title="Delete Measurement"
      remove={useDeleteMeasurementMutation()}
      variables={measurement}
      deleted={GROWTH_MESSAGES.deleted}
      failure={(error) => getErrorMessage(error, GROWTH_MESSAGES.deleteFailed)}
      listPath="/measurements"
    >
      <Text size="sm">
        This measurement will be removed from the child’s growth record. An administrator can restore it from
        Deleted Records.
      </Text>
    </DeleteRecordDialog>
  );
}

/** The WHO z-scores, with what they mean, and why any is missing. */
function GrowthPanel({ measurement }: { measurement: Measurement }) {
  const { growth } = measurement;
  return (
    <Panel title="Growth">
      <Stack gap="md">
        {hasScores(growth) && (
          <Text size="sm" c="dimmed">
            {Z_SCORE_NOTE}
          </Text>
        )}
        <GrowthScores growth={growth} />
      </Stack>
    </Panel>
  );
}

function MeasurementDetailView({ measurement }: { measurement: Measurement }) {
  const me = useCurrentUser();
  const [deleting, deleteDialog] = useDisclosure(false);
  const { student } = measurement;
  const name = `${student.firstName} ${student.lastName}`;
  return (
    <Stack gap="lg" maw={900}>
      <BackLink to="/measurements">Back to Measurements</BackLink>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Flex
          gap="md"
          justify="space-between"
          align={{ base: 'stretch', sm: 'center' }}
          direction={{ base: 'column', sm: 'row' }}
        >
          <Group gap="md" wrap="nowrap" align="flex-start" miw={0}>
            <Avatar radius="xl" size={56} color="cyan" aria-hidden>
              {initialsOf(student.firstName, student.lastName)}
            </Avatar>
            <Stack gap={6} miw={0}>
              <PageTitle>{TITLE}</PageTitle>
              <Text size="sm" c="dimmed">
                <Anchor component={Link} to={`/students/${student.id}`} size="sm" fw={600}>
                  {name}
                </Anchor>{' '}
                · {ageText(student.age)} · {formatDate(measurement.date)}
              </Text>
              <GrowthBadges growth={measurement.growth} />
            </Stack>
          </Group>
          {canDeleteMeasurement(measurement, me) && (
            <DeleteButton onClick={deleteDialog.open} style={{ flexShrink: 0 }} />
          )}
        </Flex>
      </Paper>

      <FigureTiles
        figures={[
          { label: 'Height', value: heightText(measurement.height) },
          { label: 'Weight', value: weightText(measurement.weight) },
        ]}
        failed={false}
        cols={2}
        size="large"
      />

      <GrowthPanel measurement={measurement} />

      <Panel title="Details">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="md">
          <DetailItem label="Student">{name}</DetailItem>
          <DetailItem label="Date">{formatDate(measurement.date)}</DetailItem>
          <DetailItem label="Measured by">{measuredByText(measurement)}</DetailItem>
          <DetailItem label="Age at measurement">
            {ageAtMeasurementText(measurement.growth.ageDays, measurement.date)}
          </DetailItem>
          <DetailItem label="Position" fallback="Not recorded">
            {measurement.position && POSITION_LABELS[measurement.position]}
          </DetailItem>
          <DetailItem label="Recorded">{formatDateTime(measurement.createdAt)}</DetailItem>
        </SimpleGrid>
        <Stack gap={2} mt="md">
          <DetailItem label="Notes">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {measurement.notes || 'No notes'}
            </Text>
          </DetailItem>
        </Stack>
      </Panel>

      <Panel title={`Photos (${measurement.photos.length})`}>
        <PhotoGallery photos={measurement.photos} subject={`Measurement of ${name}`} />
      </Panel>

      <DeleteMeasurementDialog measurement={measurement} opened={deleting} onClose={deleteDialog.close} />
    </Stack>
  );
}

/**
 * /measurements/{id} (spec part 1 §2 "Measurements"): read-only, with the growth scores; a measurement
 * recorded in error can be deleted by an administrator or the teacher who recorded it.
 */
export function MeasurementDetailPage() {
  const { id = '' } = useParams();
  const query = useMeasurementQuery(id);
  if (query.isPending) return <PageLoader label="Loading measurement" />;
  if (query.isError) {
    if (isMeasurementMissing(query.error)) return <MeasurementNotFound title={TITLE} />;
    return <MeasurementLoadFailure title={TITLE} error={query.error} onRetry={() => query.refetch()} />;
  }
  return <MeasurementDetailView measurement={query.data} />;
}

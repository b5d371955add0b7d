import { GROWTH_MESSAGES, type Measurement } from '@csp/contracts';
import { Anchor, Avatar, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useParams } from 'react-router';
import { AttachmentGallery } from '../../../components/AttachmentGallery.tsx';
import { BackLink } from '../../../components/BackLink.tsx';
import { DeleteRecordDialog } from '../../../components/DeleteRecordDialog.tsx';
import { DetailItem } from '../../../components/DetailItem.tsx';
import { FigureTiles } from '../../../components/FigureTiles.tsx';
import { DeleteButton } from '../../../components/RecordActions.tsx';
import { DetailPanel, RecordHeader } from '../../../components/RecordLayout.tsx';
import { RecordPage } from '../../../components/RecordPage.tsx';
import { initialsOf } from '../../../components/UserAvatar.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import { heightText, weightText } from '../../../lib/body-measures.ts';
import { ageText, formatDate, formatDateTime } from '../../../lib/dates.ts';
import { GrowthBadges } from '../../growth/components/GrowthBadges.tsx';
import { AgeAtMeasurement, GrowthScores } from '../../growth/components/GrowthScores.tsx';
import { useDeleteMeasurementMutation, useMeasurementQuery } from '../api/measurements.api.ts';
import { MEASUREMENT_NOT_FOUND } from '../components/MeasurementBits.tsx';
import { measuredByText } from '../components/MeasurementCard.tsx';
import { canDeleteMeasurement, POSITION_LABELS } from '../measurement-form.ts';

const TITLE = 'Measurement Details';

function MeasurementDetailView({ measurement }: { measurement: Measurement }) {
  const me = useCurrentUser();
  const [deleting, deleteDialog] = useDisclosure(false);
  const remove = useDeleteMeasurementMutation();
  const { student } = measurement;
  const name = `${student.firstName} ${student.lastName}`;
  return (
    <Stack gap="lg" maw={900}>
      <BackLink to="/measurements">Back to Measurements</BackLink>
      <RecordHeader
        title={TITLE}
        avatar={
          <Avatar radius="xl" size={56} color="cyan" aria-hidden>
            {initialsOf(student.firstName, student.lastName)}
          </Avatar>
        }
        actions={canDeleteMeasurement(measurement, me) && <DeleteButton onClick={deleteDialog.open} />}
      >
        <Text size="sm" c="dimmed">
          <Anchor component={Link} to={`/students/${student.id}`} size="sm" fw={600}>
            {name}
          </Anchor>{' '}
          · {ageText(student.age)} · {formatDate(measurement.date)}
        </Text>
        <GrowthBadges growth={measurement.growth} />
      </RecordHeader>

      <FigureTiles
        figures={[
          { label: 'Height', value: heightText(measurement.height) },
          { label: 'Weight', value: weightText(measurement.weight) },
        ]}
        failed={false}
        cols={2}
        size="large"
      />

      <DetailPanel title="Growth">
        <GrowthScores growth={measurement.growth} />
      </DetailPanel>

      <DetailPanel title="Details">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="md">
          <DetailItem label="Student">{name}</DetailItem>
          <DetailItem label="Date">{formatDate(measurement.date)}</DetailItem>
          <DetailItem label="Measured by">{measuredByText(measurement)}</DetailItem>
          <DetailItem label="Age at measurement">
            <AgeAtMeasurement ageDays={measurement.growth.ageDays} date={measurement.date} />
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
      </DetailPanel>

      <DetailPanel title={`Photos (${measurement.photos.length})`}>
        <AttachmentGallery photos={measurement.photos} subject={`Measurement of ${name}`} />
      </DetailPanel>

      <DeleteRecordDialog
        opened={deleting}
        onClose={deleteDialog.close}
        title="Delete Measurement"
        remove={remove}
        variables={measurement}
        deleted={GROWTH_MESSAGES.deleted}
        failure={(error) => getErrorMessage(error, GROWTH_MESSAGES.deleteFailed)}
        listPath="/measurements"
      >
        <Text size="sm">
          This measurement will be removed from the child’s growth record. An administrator can restore it
          from Deleted Records.
        </Text>
      </DeleteRecordDialog>
    </Stack>
  );
}

/**
 * /measurements/{id} (spec part 1 §2 "Measurements"): read-only, with the growth scores; a measurement
 * recorded in error can be deleted by an administrator or the teacher who recorded it.
 */
export function MeasurementDetailPage() {
  const { id = '' } = useParams();
  return (
    <RecordPage
      query={useMeasurementQuery(id)}
      title={TITLE}
      loadingLabel="Loading measurement"
      notFound={MEASUREMENT_NOT_FOUND}
    >
      {(measurement) => <MeasurementDetailView measurement={measurement} />}
    </RecordPage>
  );
}

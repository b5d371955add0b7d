import type { Measurement } from '@csp/contracts';
import { Anchor, Avatar, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { BackLink } from '../../../components/BackLink.tsx';
import { DetailItem } from '../../../components/DetailItem.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { initialsOf } from '../../../components/UserAvatar.tsx';
import { ageText, formatDate, formatDateTime } from '../../../lib/dates.ts';
import { PhotoGallery } from '../../../components/PhotoGallery.tsx';
import { isMeasurementMissing, useMeasurementQuery } from '../api/measurements.api.ts';
import { MeasurementLoadFailure, MeasurementNotFound } from '../components/MeasurementBits.tsx';
import { measuredByText } from '../components/MeasurementCard.tsx';
import { heightText, POSITION_LABELS, weightText } from '../measurement-form.ts';

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

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={{ base: 26, sm: 30 }} fw={700} lh={1.2}>
        {value}
      </Text>
    </Paper>
  );
}

function MeasurementDetailView({ measurement }: { measurement: Measurement }) {
  const { student } = measurement;
  const name = `${student.firstName} ${student.lastName}`;
  return (
    <Stack gap="lg" maw={900}>
      <BackLink to="/measurements">Back to Measurements</BackLink>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Group gap="md" wrap="nowrap">
          <Avatar radius="xl" size={56} color="cyan" aria-hidden>
            {initialsOf(student.firstName, student.lastName)}
          </Avatar>
          <Stack gap={2} miw={0}>
            <PageTitle>{TITLE}</PageTitle>
            <Text size="sm" c="dimmed">
              <Anchor component={Link} to={`/students/${student.id}`} size="sm" fw={600}>
                {name}
              </Anchor>{' '}
              · {ageText(student.age)} · {formatDate(measurement.date)}
            </Text>
          </Stack>
        </Group>
      </Paper>

      <SimpleGrid cols={2} spacing="md">
        <Figure label="Height" value={heightText(measurement.height)} />
        <Figure label="Weight" value={weightText(measurement.weight)} />
      </SimpleGrid>

      <Panel title="Details">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="md">
          <DetailItem label="Student">{name}</DetailItem>
          <DetailItem label="Date">{formatDate(measurement.date)}</DetailItem>
          <DetailItem label="Measured by">{measuredByText(measurement)}</DetailItem>
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
    </Stack>
  );
}

/** /measurements/{id} (spec part 1 §2 "Measurements"): read-only. */
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

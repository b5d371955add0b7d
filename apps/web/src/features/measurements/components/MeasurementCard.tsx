import type { Measurement } from '@csp/contracts';
import { Avatar, Badge, Group, SimpleGrid, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { DetailItem } from '../../../components/DetailItem.tsx';
import { RecordCard } from '../../../components/RecordCard.tsx';
import { initialsOf } from '../../../components/UserAvatar.tsx';
import { ageText, formatDate } from '../../../lib/dates.ts';
import { GrowthBadges } from '../../growth/components/GrowthBadges.tsx';
import { heightText, weightText } from '../../../lib/body-measures.ts';

/** The person who recorded a measurement, or a dash when that account is gone. */
export function measuredByText(m: Pick<Measurement, 'measuredBy'>): string {
  return m.measuredBy ? `${m.measuredBy.firstName} ${m.measuredBy.lastName}` : '—';
}

/**
 * One measurement on /measurements: the student's initials, height in cm, weight in kg, date, who
 * measured, and whether a photo is attached (spec part 1 §2 "Measurements"); the WHO classifications
 * (stunting, wasting …) as badges when there are any.
 */
export function MeasurementCard({ measurement }: { measurement: Measurement }) {
  const { student } = measurement;
  const name = `${student.firstName} ${student.lastName}`;
  return (
    <RecordCard
      label={`${name}, ${formatDate(measurement.date)}`}
      detailsTo={`/measurements/${measurement.id}`}
    >
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Avatar radius="xl" size={44} color="cyan" aria-hidden>
          {initialsOf(student.firstName, student.lastName)}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Text fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Text size="sm" c="dimmed">
            {ageText(student.age)}
          </Text>
        </div>
      </Group>
      <GrowthBadges growth={measurement.growth} />
      <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
        <DetailItem label="Height">
          <Text span fw={700} size="lg">
            {heightText(measurement.height)}
          </Text>
        </DetailItem>
        <DetailItem label="Weight">
          <Text span fw={700} size="lg">
            {weightText(measurement.weight)}
          </Text>
        </DetailItem>
        <DetailItem label="Date">{formatDate(measurement.date)}</DetailItem>
        <DetailItem label="Measured by">{measuredByText(measurement)}</DetailItem>
      </SimpleGrid>
      {measurement.photos.length > 0 && (
        <Badge
          variant="light"
          color="grape"
          leftSection={<IconPhoto size={12} aria-hidden />}
          w="fit-content"
        >
          Photo attached
        </Badge>
      )}
    </RecordCard>
  );
}

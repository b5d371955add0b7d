import { distanceText, hasLocationWarning, type HomeVisit } from '@csp/contracts';
import { Group, SimpleGrid, Text, Title } from '@mantine/core';
import { DetailItem } from '../../../components/DetailItem.tsx';
import { RecordCard } from '../../../components/RecordCard.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { VisitStatusBadge } from '../../../components/VisitStatusBadge.tsx';
import { personName } from '../../../lib/person-name.ts';
import { LocationWarningBadge } from './HomeVisitBits.tsx';

/**
 * One visit on /home-visits (spec part 2 §2.2): the student, a status badge, the distance from home, the
 * date, the teacher, the notes (cut short) and how many photos and files it has.
 */
export function HomeVisitCard({ visit }: { visit: HomeVisit }) {
  const name = personName(visit.student);
  return (
    <RecordCard label={`${name}, ${formatDate(visit.visitDate)}`} detailsTo={`/home-visits/${visit.id}`}>
      <div>
        <Title order={2} fz="md" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Title>
        <Group gap={6} mt={6}>
          <VisitStatusBadge status={visit.status} />
          {hasLocationWarning(visit.distanceFromHome) && <LocationWarningBadge />}
        </Group>
      </div>
      <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
        <DetailItem label="Date">{formatDate(visit.visitDate)}</DetailItem>
        <DetailItem label="Distance from home">{distanceText(visit.distanceFromHome)}</DetailItem>
        <DetailItem label="Teacher">{personName(visit.teacher)}</DetailItem>
        <DetailItem label="Photos">{String(visit.photos.length)}</DetailItem>
      </SimpleGrid>
      <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
        {visit.notes || 'No notes'}
      </Text>
    </RecordCard>
  );
}

import { distanceText, hasLocationWarning, type HomeVisit } from '@csp/contracts';
import { Anchor, Button, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DetailItem } from '../../../components/DetailItem.tsx';
import { RecordCard } from '../../../components/RecordCard.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { coordinatesText } from '../../../lib/geo.ts';
import type { ReviewDecision } from '../api/home-visits.api.ts';
import { AttachmentGallery } from '../../../components/AttachmentGallery.tsx';
import { personName } from '../../../lib/person-name.ts';
import { categoryText, minutesText, placeNameToShow } from '../home-visit-display.ts';
import { LocationWarningBadge } from './HomeVisitBits.tsx';
import { SentLaterNote } from '../../../components/SentLaterNote.tsx';

function visitPlaceText(visit: HomeVisit): string {
  if (visit.latitude === null || visit.longitude === null) return '';
  const coordinates = coordinatesText(visit.latitude, visit.longitude);
  const name = placeNameToShow({
    latitude: visit.latitude,
    longitude: visit.longitude,
    name: visit.locationName,
  });
  return name ? `${name} (${coordinates})` : coordinates;
}

/**
 * One pending visit in the review queue (spec part 2 §2.2): student, teacher, date, duration, category
 * (underscores as spaces), distance, address, visit location, notes and files; a Location Warning
 * badge past 50 m; Approve and Reject.
 */
export function ReviewCard({
  visit,
  onReview,
}: {
  visit: HomeVisit;
  onReview: (visit: HomeVisit, decision: ReviewDecision) => void;
}) {
  const name = personName(visit.student);
  const warning = hasLocationWarning(visit.distanceFromHome);
  return (
    <RecordCard label={`${name}, ${formatDate(visit.visitDate)}`}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Title order={2} fz="md" style={{ overflowWrap: 'anywhere' }}>
            <Anchor component={Link} to={`/home-visits/${visit.id}`} inherit>
              {name}
            </Anchor>
          </Title>
          <Text size="sm" c="dimmed">
            by {personName(visit.teacher)}
          </Text>
        </div>
        {warning && <LocationWarningBadge />}
      </Group>
      <SentLaterNote madeAt={visit.recordedAt} receivedAt={visit.createdAt} />
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="xs">
        <DetailItem label="Date">{formatDate(visit.visitDate)}</DetailItem>
        <DetailItem label="Duration">{minutesText(visit.duration)}</DetailItem>
        <DetailItem label="Category">{categoryText(visit.student.category)}</DetailItem>
        <DetailItem label="Distance">
          <Text span size="sm" fw={600} c={warning ? 'red' : undefined}>
            {distanceText(visit.distanceFromHome)}
          </Text>
        </DetailItem>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
        <DetailItem label="Address" fallback="No address">
          {visit.student.address}
        </DetailItem>
        <DetailItem label="Visit location" fallback="No location captured">
          {visitPlaceText(visit)}
        </DetailItem>
      </SimpleGrid>
      <DetailItem label="Notes" fallback="No notes">
        {visit.notes && (
          <Text size="sm" lineClamp={4} style={{ whiteSpace: 'pre-wrap' }}>
            {visit.notes}
          </Text>
        )}
      </DetailItem>
      {visit.files.length > 0 && (
        <DetailItem label={`Photos and files (${visit.files.length})`}>
          <AttachmentGallery files={visit.files} subject={`Visit to ${name}`} compact />
        </DetailItem>
      )}
      <Group justify="flex-end" gap="sm">
        <Button
          color="red"
          variant="outline"
          leftSection={<IconX size={16} aria-hidden />}
          onClick={() => onReview(visit, 'reject')}
        >
          Reject
        </Button>
        <Button
          color="green"
          leftSection={<IconCheck size={16} aria-hidden />}
          onClick={() => onReview(visit, 'approve')}
        >
          Approve
        </Button>
      </Group>
    </RecordCard>
  );
}

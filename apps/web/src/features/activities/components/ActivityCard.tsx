import type { Activity } from '@csp/contracts';
import { SimpleGrid, Text, Title } from '@mantine/core';
import { DetailItem } from '../../../components/DetailItem.tsx';
import { RecordCard } from '../../../components/RecordCard.tsx';
import { personName } from '../../../lib/person-name.ts';
import { formatDate } from '../../../lib/dates.ts';
import { ActivityPhoto } from './ActivityBits.tsx';

/** One activity on /activities: photo, title, description, date, student, teacher (spec part 1 §2). */
export function ActivityCard({ activity }: { activity: Activity }) {
  const { student, teacher } = activity;
  return (
    <RecordCard
      label={activity.title}
      detailsTo={`/activities/${activity.id}`}
      media={<ActivityPhoto activity={activity} height={150} />}
    >
      <div>
        <Title order={2} fz="md" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {activity.title}
        </Title>
        <Text size="sm" c="dimmed" lineClamp={2} mt={4} style={{ overflowWrap: 'anywhere' }}>
          {activity.description || 'No description'}
        </Text>
      </div>
      <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
        <DetailItem label="Date">{formatDate(activity.date)}</DetailItem>
        <DetailItem label="Student">{personName(student)}</DetailItem>
        <DetailItem label="Teacher">{personName(teacher)}</DetailItem>
        <DetailItem label="Photos">{String(activity.photos.length)}</DetailItem>
      </SimpleGrid>
    </RecordCard>
  );
}

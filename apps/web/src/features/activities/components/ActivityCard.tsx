import type { Activity } from '@csp/contracts';
import { Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DetailItem } from '../../../components/DetailItem.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { ActivityPhoto } from './ActivityBits.tsx';

/** One activity on /activities: photo, title, description, date, student, teacher (spec part 1 §2). */
export function ActivityCard({ activity }: { activity: Activity }) {
  const { student, teacher } = activity;
  return (
    <Card withBorder radius="md" padding="md" component="li" aria-label={activity.title}>
      <Card.Section>
        <ActivityPhoto activity={activity} height={150} />
      </Card.Section>
      <Stack gap="sm" mt="sm" h="100%">
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
          <DetailItem label="Student">{`${student.firstName} ${student.lastName}`}</DetailItem>
          <DetailItem label="Teacher">{`${teacher.firstName} ${teacher.lastName}`}</DetailItem>
          <DetailItem label="Photos">{String(activity.photos.length)}</DetailItem>
        </SimpleGrid>
        <Button
          component={Link}
          to={`/activities/${activity.id}`}
          variant="light"
          fullWidth
          mt="auto"
          rightSection={<IconChevronRight size={16} aria-hidden />}
        >
          View Details
        </Button>
      </Stack>
    </Card>
  );
}

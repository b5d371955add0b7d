import { giftTitle, isOpenGift, type Gift } from '@csp/contracts';
import { Button, Card, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DetailItem } from '../../../components/DetailItem.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { personName, teacherText } from '../gift-display.ts';
import { GiftStatusBadge } from './GiftBits.tsx';

/**
 * One gift on /gifts (spec part 2 §2.3): its title (the sub-type, else the name), a status badge, the
 * student, the teacher (administrators only), the assigned date and the delivered date.
 */
export function GiftCard({ gift, withTeacher }: { gift: Gift; withTeacher: boolean }) {
  const title = giftTitle(gift);
  const student = personName(gift.student);
  return (
    <Card withBorder radius="md" padding="md" component="li" aria-label={`${title}, ${student}`}>
      <Stack gap="sm" h="100%">
        <div>
          <Title order={2} fz="md" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          <Group gap={6} mt={6}>
            <GiftStatusBadge status={gift.status} />
          </Group>
        </div>
        <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
          <DetailItem label="Student">{student}</DetailItem>
          {withTeacher && <DetailItem label="Teacher">{teacherText(gift)}</DetailItem>}
          <DetailItem label="Assigned">{formatDate(gift.giftDate)}</DetailItem>
          <DetailItem label="Delivered" fallback={isOpenGift(gift.status) ? 'Not yet' : '—'}>
            {formatDate(gift.deliveredAt)}
          </DetailItem>
        </SimpleGrid>
        <Button
          component={Link}
          to={`/gifts/${gift.id}`}
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

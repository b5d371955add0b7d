import { giftTitle, isOpenGift, type Gift } from '@csp/contracts';
import { Group, SimpleGrid, Title } from '@mantine/core';
import { DetailItem } from '../../../components/DetailItem.tsx';
import { RecordCard } from '../../../components/RecordCard.tsx';
import { personName } from '../../../lib/person-name.ts';
import { formatDate } from '../../../lib/dates.ts';
import { teacherText } from '../gift-display.ts';
import { GiftStatusBadge } from './GiftBits.tsx';

/**
 * One gift on /gifts (spec part 2 §2.3): its title (the sub-type, else the name), a status badge, the
 * student, the teacher (administrators only), the assigned date and the delivered date.
 */
export function GiftCard({ gift, withTeacher }: { gift: Gift; withTeacher: boolean }) {
  const title = giftTitle(gift);
  const student = personName(gift.student);
  return (
    <RecordCard label={`${title}, ${student}`} detailsTo={`/gifts/${gift.id}`}>
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
    </RecordCard>
  );
}

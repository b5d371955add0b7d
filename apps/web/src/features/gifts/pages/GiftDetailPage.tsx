import { GIFT_MESSAGES, giftTitle, isOpenGift, type Gift } from '@csp/contracts';
import { Anchor, Grid, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useParams } from 'react-router';
import { BackLink } from '../../../components/BackLink.tsx';
import { DeleteRecordDialog } from '../../../components/DeleteRecordDialog.tsx';
import { DetailItem } from '../../../components/DetailItem.tsx';
import { DetailPanel, RecordHeader } from '../../../components/RecordLayout.tsx';
import { RecordPage } from '../../../components/RecordPage.tsx';
import { DeleteButton, EditButton } from '../../../components/RecordActions.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/dates.ts';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import { CategoryBadge } from '../../students/components/StudentBits.tsx';
import { useDeleteGiftMutation, useGiftQuery } from '../api/gifts.api.ts';
import { GiftActionsPanel } from '../components/GiftActionsPanel.tsx';
import { GIFT_NOT_FOUND, GiftStatusBadge } from '../components/GiftBits.tsx';
import { personName } from '../../../lib/person-name.ts';
import { amountText, giftActionView, teacherText } from '../gift-display.ts';

const TITLE = 'Gift Details';

function DeleteGiftDialog({ gift, opened, onClose }: { gift: Gift; opened: boolean; onClose: () => void }) {
  return (
    <DeleteRecordDialog
      opened={opened}
      onClose={onClose}
      title="Delete Gift"
      remove={useDeleteGiftMutation()}
      variables={gift.id}
      deleted={GIFT_MESSAGES.deleted}
      failure={(error) => getErrorMessage(error, GIFT_MESSAGES.deleteFailed)}
      listPath="/gifts"
    >
      <Text size="sm">{GIFT_MESSAGES.deleteConfirm}</Text>
      <Text size="sm" c="dimmed">
        {giftTitle(gift)} for {personName(gift.student)}
      </Text>
    </DeleteRecordDialog>
  );
}

function TextBlock({ text, empty }: { text: string | null; empty: string }) {
  return (
    <Text
      size="sm"
      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      c={text ? undefined : 'dimmed'}
    >
      {text || empty}
    </Text>
  );
}

function GiftDetailView({ gift }: { gift: Gift }) {
  const me = useCurrentUser();
  const isAdmin = me.role === 'ADMIN';
  const [deleting, deleteDialog] = useDisclosure(false);
  const { student } = gift;
  const studentName = personName(student);
  // On a phone the delivery form comes first for whoever can deliver: it is why they opened the page.
  const actsFirst = giftActionView(gift, me) === 'act';

  return (
    <Stack gap="lg" maw={1100}>
      <BackLink to="/gifts">Back to Gifts</BackLink>
      <RecordHeader
        title={TITLE}
        actions={
          isAdmin && (
            <>
              <EditButton to={`/gifts/${gift.id}/edit`} />
              <DeleteButton onClick={deleteDialog.open} />
            </>
          )
        }
      >
        <Text c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>
          {giftTitle(gift)} · {studentName}
        </Text>
        <Group gap="xs">
          <GiftStatusBadge status={gift.status} size="lg" />
        </Group>
      </RecordHeader>

      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }} order={{ base: actsFirst ? 2 : 1, md: 1 }}>
          <Stack gap="lg">
            <DetailPanel title="Gift Information">
              <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="lg" verticalSpacing="md">
                <DetailItem label="Gift ID" fallback="No gift ID">
                  {gift.giftId}
                </DetailItem>
                <DetailItem label="Gift name">{gift.name}</DetailItem>
                <DetailItem label="Gift type">{gift.giftSubType}</DetailItem>
                <DetailItem label="Status">
                  <GiftStatusBadge status={gift.status} />
                </DetailItem>
                <DetailItem label="Student">
                  <Stack gap={4} align="flex-start">
                    <Anchor component={Link} to={`/students/${student.id}`} size="sm">
                      {studentName}
                    </Anchor>
                    <Group gap={6}>
                      <Text span size="xs" c="dimmed">
                        {student.studentId}
                      </Text>
                      <CategoryBadge category={student.category} />
                    </Group>
                  </Stack>
                </DetailItem>
                <DetailItem label="Assigned teacher">{teacherText(gift)}</DetailItem>
                <DetailItem label="Assigned date">{formatDate(gift.giftDate)}</DetailItem>
                <DetailItem
                  label="Delivered date"
                  fallback={isOpenGift(gift.status) ? 'Not yet delivered' : '—'}
                >
                  {formatDate(gift.deliveredAt)}
                </DetailItem>
                <DetailItem label="Global sponsor ID">{gift.globalSponsorId}</DetailItem>
                <DetailItem label="Amount">{amountText(gift.amount)}</DetailItem>
              </SimpleGrid>
            </DetailPanel>

            <DetailPanel title="Description">
              <TextBlock text={gift.description} empty="No description" />
            </DetailPanel>

            <DetailPanel title="Notes">
              <TextBlock text={gift.notes} empty="No notes" />
            </DetailPanel>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }} order={{ base: actsFirst ? 1 : 2, md: 2 }}>
          <DetailPanel title="Actions">
            <GiftActionsPanel gift={gift} />
          </DetailPanel>
        </Grid.Col>
      </Grid>

      {isAdmin && <DeleteGiftDialog gift={gift} opened={deleting} onClose={deleteDialog.close} />}
    </Stack>
  );
}

/**
 * /gifts/{id} (spec part 2 §2.3 "Gift detail"): the gift, its student with category and teacher, notes,
 * dates and description; Edit and Delete for administrators; the Actions panel; 'Gift not found.'.
 */
export function GiftDetailPage() {
  const { id = '' } = useParams();
  return (
    <RecordPage query={useGiftQuery(id)} title={TITLE} loadingLabel="Loading gift" notFound={GIFT_NOT_FOUND}>
      {(gift) => <GiftDetailView gift={gift} />}
    </RecordPage>
  );
}

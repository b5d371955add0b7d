import { GIFT_MESSAGES, giftTitle, isOpenGift, type Gift } from '@csp/contracts';
import { Anchor, Flex, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { BackLink } from '../../../components/BackLink.tsx';
import { DeleteRecordDialog } from '../../../components/DeleteRecordDialog.tsx';
import { DetailItem } from '../../../components/DetailItem.tsx';
import { LoadFailurePage } from '../../../components/PageStates.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { DeleteButton, EditButton } from '../../../components/RecordActions.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/dates.ts';
import { useCurrentUser } from '../../auth/auth-context.ts';
import { CategoryBadge } from '../../students/components/StudentBits.tsx';
import { isGiftMissing, useDeleteGiftMutation, useGiftQuery } from '../api/gifts.api.ts';
import { GiftActionsPanel } from '../components/GiftActionsPanel.tsx';
import { GiftNotFound, GiftStatusBadge } from '../components/GiftBits.tsx';
import { amountText, giftActionView, personName, teacherText } from '../gift-display.ts';

const TITLE = 'Gift Details';

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
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Flex
          gap="md"
          justify="space-between"
          align={{ base: 'stretch', sm: 'center' }}
          direction={{ base: 'column', sm: 'row' }}
        >
          <Stack gap={6} miw={0}>
            <PageTitle>{TITLE}</PageTitle>
            <Text c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>
              {giftTitle(gift)} · {studentName}
            </Text>
            <Group gap="xs">
              <GiftStatusBadge status={gift.status} size="lg" />
            </Group>
          </Stack>
          {isAdmin && (
            <Group gap="sm" style={{ flexShrink: 0 }}>
              <EditButton to={`/gifts/${gift.id}/edit`} />
              <DeleteButton onClick={deleteDialog.open} />
            </Group>
          )}
        </Flex>
      </Paper>

      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }} order={{ base: actsFirst ? 2 : 1, md: 1 }}>
          <Stack gap="lg">
            <Panel title="Gift Information">
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
            </Panel>

            <Panel title="Description">
              <TextBlock text={gift.description} empty="No description" />
            </Panel>

            <Panel title="Notes">
              <TextBlock text={gift.notes} empty="No notes" />
            </Panel>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }} order={{ base: actsFirst ? 1 : 2, md: 2 }}>
          <Panel title="Actions">
            <GiftActionsPanel gift={gift} />
          </Panel>
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
  const query = useGiftQuery(id);
  if (query.isPending) return <PageLoader label="Loading gift" />;
  if (query.isError) {
    if (isGiftMissing(query.error)) return <GiftNotFound title={TITLE} />;
    return <LoadFailurePage title={TITLE} error={query.error} onRetry={() => query.refetch()} />;
  }
  return <GiftDetailView gift={query.data} />;
}

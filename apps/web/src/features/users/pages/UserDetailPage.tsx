import { CATEGORY_LABELS, LIMITS, type UserDetail } from '@csp/contracts';
import { Anchor, Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useParams } from 'react-router';
import { BackLink } from '../../../components/BackLink.tsx';
import { DetailItem } from '../../../components/DetailItem.tsx';
import { DetailPanel, RecordHeader } from '../../../components/RecordLayout.tsx';
import { RecordPage } from '../../../components/RecordPage.tsx';
import { DeleteButton, EditButton } from '../../../components/RecordActions.tsx';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { HistoryPanel } from '../../audit/components/HistoryPanel.tsx';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import { personName } from '../../../lib/person-name.ts';
import { ROLE_LABELS, useUserQuery } from '../api/users.api.ts';
import { AdminOnly } from '../../../components/AdminOnly.tsx';
import { DeleteUserDialog } from '../components/DeleteUserDialog.tsx';
import { CATEGORY_COLORS } from '../../students/components/StudentBits.tsx';
import { ageText } from '../../../lib/dates.ts';
import { RoleBadge, StatusBadge, USER_NOT_FOUND } from '../components/UserBadges.tsx';

function AssignedStudents({ user }: { user: UserDetail }) {
  const students = user.assignedStudents;
  return (
    <DetailPanel title={`Assigned Students (${user.assignedStudentsCount}/${LIMITS.maxStudentsPerTeacher})`}>
      {students.length === 0 ? (
        <Text c="dimmed" size="sm">
          No students are assigned to this teacher yet.
        </Text>
      ) : (
        <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {students.map((s, i) => (
            <Group
              component="li"
              key={s.id}
              justify="space-between"
              gap="xs"
              py="sm"
              wrap="nowrap"
              style={i > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
            >
              <div style={{ minWidth: 0, flex: 1 }}>
                <Anchor component={Link} to={`/students/${s.id}`} fw={600} size="sm">
                  {personName(s)}
                </Anchor>
                <Text size="xs" c="dimmed">
                  Age {ageText(s.age)}
                </Text>
              </div>
              <Badge variant="light" color={CATEGORY_COLORS[s.category]} style={{ flexShrink: 0 }}>
                {CATEGORY_LABELS[s.category]}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </DetailPanel>
  );
}

function UserDetailView({ user }: { user: UserDetail }) {
  const me = useCurrentUser();
  const [deleting, { open, close }] = useDisclosure(false);
  const isSelf = me.id === user.id;

  return (
    <Stack gap="lg" maw={900}>
      <BackLink to="/users">Back to Users</BackLink>
      <RecordHeader
        title={personName(user)}
        avatar={<UserAvatar user={user} size={64} />}
        actions={
          <>
            <EditButton to={`/users/${user.id}/edit`} />
            {!isSelf && <DeleteButton onClick={open} />}
          </>
        }
      >
        <Group gap={6}>
          <RoleBadge role={user.role} />
          <StatusBadge isActive={user.isActive} />
          {isSelf && (
            <Badge variant="outline" color="gray">
              You
            </Badge>
          )}
        </Group>
      </RecordHeader>

      <DetailPanel title="Details">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="md">
          <DetailItem label="Email">
            <Anchor href={`mailto:${user.email}`} size="sm">
              {user.email}
            </Anchor>
          </DetailItem>
          <DetailItem label="Phone" fallback="Not provided">
            {user.phone}
          </DetailItem>
          <DetailItem label="Role">{ROLE_LABELS[user.role]}</DetailItem>
          <DetailItem label="Status">{user.isActive ? 'Active' : 'Inactive'}</DetailItem>
          <DetailItem label="Created">{formatDate(user.createdAt)}</DetailItem>
        </SimpleGrid>
      </DetailPanel>

      {user.role === 'TEACHER' && <AssignedStudents user={user} />}

      <HistoryPanel entity="user" entityId={user.id} />

      {!isSelf && <DeleteUserDialog user={user} opened={deleting} onClose={close} />}
    </Stack>
  );
}

function UserDetailLoader() {
  const { id = '' } = useParams();
  return (
    <RecordPage
      query={useUserQuery(id)}
      title="User Details"
      loadingLabel="Loading user"
      notFound={USER_NOT_FOUND}
    >
      {(user) => <UserDetailView user={user} />}
    </RecordPage>
  );
}

/** /users/{id} (spec part 1 §2 "Users"). */
export function UserDetailPage() {
  return (
    <AdminOnly title="User Details">
      <UserDetailLoader />
    </AdminOnly>
  );
}

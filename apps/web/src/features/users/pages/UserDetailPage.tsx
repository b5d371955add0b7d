import { CATEGORY_LABELS, LIMITS, type UserDetail } from '@csp/contracts';
import { Anchor, Badge, Flex, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';

import { Link, useParams } from 'react-router';
import { BackLink } from '../../../components/BackLink.tsx';
import { DetailItem } from '../../../components/DetailItem.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { LoadFailurePage, NotFoundPage } from '../../../components/PageStates.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { DeleteButton, EditButton } from '../../../components/RecordActions.tsx';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { HistoryPanel } from '../../audit/components/HistoryPanel.tsx';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import { isUserMissing, ROLE_LABELS, useUserQuery } from '../api/users.api.ts';
import { AdminOnly } from '../../../components/AdminOnly.tsx';
import { DeleteUserDialog } from '../components/DeleteUserDialog.tsx';
import { CATEGORY_COLORS } from '../../students/components/StudentBits.tsx';
import { ageText } from '../../../lib/dates.ts';
import { RoleBadge, StatusBadge } from '../components/UserBadges.tsx';

function AssignedStudents({ user }: { user: UserDetail }) {
  const students = user.assignedStudents;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} fz="h4" mb="sm">
        Assigned Students ({user.assignedStudentsCount}/{LIMITS.maxStudentsPerTeacher})
      </Title>
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
                  {s.firstName} {s.lastName}
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
    </Paper>
  );
}

function UserDetailView({ user }: { user: UserDetail }) {
  const me = useCurrentUser();
  const [deleting, { open, close }] = useDisclosure(false);
  const isSelf = me.id === user.id;
  const name = `${user.firstName} ${user.lastName}`;

  return (
    <Stack gap="lg" maw={900}>
      <BackLink to="/users">Back to Users</BackLink>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Flex
          gap="md"
          justify="space-between"
          align={{ base: 'stretch', sm: 'center' }}
          direction={{ base: 'column', sm: 'row' }}
        >
          <Group gap="md" wrap="nowrap" miw={0}>
            <UserAvatar user={user} size={64} />
            <Stack gap={6} miw={0}>
              <PageTitle style={{ overflowWrap: 'anywhere' }}>{name}</PageTitle>
              <Group gap={6}>
                <RoleBadge role={user.role} />
                <StatusBadge isActive={user.isActive} />
                {isSelf && (
                  <Badge variant="outline" color="gray">
                    You
                  </Badge>
                )}
              </Group>
            </Stack>
          </Group>
          <Group gap="sm" grow preventGrowOverflow={false} wrap="nowrap">
            <EditButton to={`/users/${user.id}/edit`} />
            {!isSelf && <DeleteButton onClick={open} />}
          </Group>
        </Flex>
      </Paper>

      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Title order={2} fz="h4" mb="md">
          Details
        </Title>
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
      </Paper>

      {user.role === 'TEACHER' && <AssignedStudents user={user} />}

      <HistoryPanel entity="user" entityId={user.id} />

      {!isSelf && <DeleteUserDialog user={user} opened={deleting} onClose={close} />}
    </Stack>
  );
}

function UserDetailLoader() {
  const { id = '' } = useParams();
  const query = useUserQuery(id);
  if (query.isPending) return <PageLoader label="Loading user" />;
  if (query.isError) {
    if (isUserMissing(query.error)) {
      return (
        <NotFoundPage
          title="User Details"
          message="User not found."
          backTo="/users"
          backLabel="Back to Users"
        />
      );
    }
    return <LoadFailurePage title="User Details" error={query.error} onRetry={() => query.refetch()} />;
  }
  return <UserDetailView user={query.data} />;
}

/** /users/{id} (spec part 1 §2 "Users"). */
export function UserDetailPage() {
  return (
    <AdminOnly title="User Details">
      <UserDetailLoader />
    </AdminOnly>
  );
}

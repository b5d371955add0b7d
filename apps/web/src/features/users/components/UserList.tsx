import type { UserListItem } from '@csp/contracts';
import {
  Anchor,
  Box,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { WideTable } from '../../../components/WideTable.tsx';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { personName } from '../../../lib/person-name.ts';
import { studentsColumnText } from '../api/users.api.ts';
import { RoleBadge, StatusBadge } from './UserBadges.tsx';

function UserIdentity({ user }: { user: UserListItem }) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
      <UserAvatar user={user} size={38} />
      <div style={{ minWidth: 0 }}>
        <Text fw={600} size="sm" truncate>
          {personName(user)}
        </Text>
        <Text size="xs" c="dimmed" truncate title={user.email}>
          {user.email}
        </Text>
      </div>
    </Group>
  );
}

/** Wide screens: a table with the columns of spec part 1 §2 "Users". */
export function UsersTable({ users }: { users: UserListItem[] }) {
  return (
    <Paper withBorder radius="md" visibleFrom="md" style={{ overflow: 'hidden' }}>
      <WideTable minWidth={680}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
          <Table.Thead bg="var(--mantine-color-gray-0)">
            <Table.Tr>
              <Table.Th>User</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Students</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.map((user) => (
              <Table.Tr key={user.id}>
                <Table.Td maw={320}>
                  <UserIdentity user={user} />
                </Table.Td>
                <Table.Td>
                  <RoleBadge role={user.role} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {studentsColumnText(user)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <StatusBadge isActive={user.isActive} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatDate(user.createdAt)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Anchor component={Link} to={`/users/${user.id}`} size="sm" fw={600}>
                    View
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </WideTable>
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

/** Small screens: one card per user with the same facts. */
export function UserCards({ users }: { users: UserListItem[] }) {
  return (
    <Stack gap="sm" hiddenFrom="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {users.map((user) => (
        <Paper component="li" key={user.id} withBorder radius="md" p="md" aria-label={personName(user)}>
          <Stack gap="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <UserIdentity user={user} />
              <Box style={{ flexShrink: 0 }}>
                <StatusBadge isActive={user.isActive} />
              </Box>
            </Group>
            <SimpleGrid cols={3} spacing="xs">
              <Fact label="Role">
                <RoleBadge role={user.role} />
              </Fact>
              <Fact label="Students">{studentsColumnText(user)}</Fact>
              <Fact label="Created">{formatDate(user.createdAt)}</Fact>
            </SimpleGrid>
            <Button component={Link} to={`/users/${user.id}`} variant="light" size="xs" fullWidth>
              View
            </Button>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

import { LIMITS, ROLES, type Role } from '@csp/contracts';
import { Button, Flex, Group, NativeSelect, Pagination, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconPlus, IconSearch, IconUsers } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { USERS_PAGE_SIZE, useUsersQuery } from '../api/users.api.ts';
import { AdminOnly } from '../components/AdminOnly.tsx';
import { PageLoader } from '../components/PageLoader.tsx';
import { UserCards, UsersTable } from '../components/UserList.tsx';

const ROLE_FILTER_OPTIONS = [
  { value: '', label: 'All Roles' },
  { value: 'ADMIN', label: 'Admin' },
  { value: 'TEACHER', label: 'Teacher' },
];

function roleParam(value: string | null): Role | undefined {
  return (ROLES as readonly string[]).includes(value ?? '') ? (value as Role) : undefined;
}

function withChanges(prev: URLSearchParams, changes: Record<string, string | undefined>) {
  const next = new URLSearchParams(prev);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

/**
 * /users: search (name or email, 300 ms debounce), role filter, one server-side page at a time. The
 * filters and the page live in the address so that Back from a user's page returns to the same view;
 * changing a filter goes back to page 1.
 */
function UsersList() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const role = roleParam(params.get('role'));
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);

  const [searchText, setSearchText] = useState(search);

  const update = (changes: Record<string, string | undefined>) =>
    setParams((prev) => withChanges(prev, changes), { replace: true });

  // Only a settled change of the typed text (300 ms) updates the address and the request.
  const settleSearch = useDebouncedCallback((text: string) => {
    update({ search: text.trim() || undefined, page: undefined });
  }, LIMITS.searchDebounceMs);

  const query = useUsersQuery({ search: search || undefined, role, page, limit: USERS_PAGE_SIZE });
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));

  // A page past the end (after deletions, or a stale address) moves to the last page.
  const pastTheEnd = Boolean(query.data && !query.isPlaceholderData && page > pages);
  useEffect(() => {
    if (pastTheEnd) {
      setParams((prev) => withChanges(prev, { page: pages > 1 ? String(pages) : undefined }), {
        replace: true,
      });
    }
  }, [pastTheEnd, pages, setParams]);

  const users = query.data?.items ?? [];
  const first = (page - 1) * USERS_PAGE_SIZE + 1;

  return (
    <Stack gap="lg">
      <Flex
        justify="space-between"
        align={{ base: 'stretch', xs: 'flex-end' }}
        direction={{ base: 'column', xs: 'row' }}
        gap="sm"
      >
        <div>
          <PageTitle>Users</PageTitle>
          <Text c="dimmed" size="sm">
            Administrators and teachers who use the programme.
          </Text>
        </div>
        <Button component={Link} to="/users/create" leftSection={<IconPlus size={18} aria-hidden />}>
          Add User
        </Button>
      </Flex>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Flex gap="sm" direction={{ base: 'column', xs: 'row' }}>
          <TextInput
            label="Search users"
            placeholder="Name or email"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={searchText}
            onChange={(e) => {
              setSearchText(e.currentTarget.value);
              settleSearch(e.currentTarget.value);
            }}
            style={{ flex: 1 }}
            type="search"
          />
          <NativeSelect
            label="Role"
            data={ROLE_FILTER_OPTIONS}
            value={role ?? ''}
            onChange={(e) => update({ role: e.currentTarget.value || undefined, page: undefined })}
            w={{ base: '100%', xs: 180 }}
          />
        </Flex>
      </Paper>

      {query.isPending ? (
        <PageLoader label="Loading users" />
      ) : query.isError && !query.data ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="sm">
            <Text ta="center">{getErrorMessage(query.error)}</Text>
            <Button variant="light" onClick={() => query.refetch()}>
              Try again
            </Button>
          </Stack>
        </Paper>
      ) : users.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="xs">
            <IconUsers size={36} stroke={1.4} color="var(--mantine-color-gray-5)" aria-hidden />
            <Text c="dimmed" ta="center">
              No users found.
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="md" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isFetching}>
          <UsersTable users={users} />
          <UserCards users={users} />
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              Showing {first}-{first + users.length - 1} of {total}
            </Text>
            {pages > 1 && (
              <Pagination
                total={pages}
                value={Math.min(page, pages)}
                onChange={(p) => update({ page: p > 1 ? String(p) : undefined })}
                siblings={1}
                boundaries={1}
                size="sm"
                getControlProps={(control) => ({
                  'aria-label':
                    control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control,
                })}
              />
            )}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

export function UsersListPage() {
  return (
    <AdminOnly title="Users">
      <UsersList />
    </AdminOnly>
  );
}

import { ROLES, type Role } from '@csp/contracts';
import { Button, Flex, NativeSelect, Paper, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconSearch, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ListPager } from '../../../components/ListPager.tsx';
import { EmptyPanel, RetryPanel } from '../../../components/ListStates.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useLastPageClamp, useListParams } from '../../../lib/listParams.ts';
import { USERS_PAGE_SIZE, useUsersQuery } from '../api/users.api.ts';
import { AdminOnly } from '../../../components/AdminOnly.tsx';
import { UserCards, UsersTable } from '../components/UserList.tsx';

const ROLE_FILTER_OPTIONS = [
  { value: '', label: 'All Roles' },
  { value: 'ADMIN', label: 'Admin' },
  { value: 'TEACHER', label: 'Teacher' },
];

function roleParam(value: string | null): Role | undefined {
  return (ROLES as readonly string[]).includes(value ?? '') ? (value as Role) : undefined;
}

/**
 * /users: search (name or email, 300 ms debounce), role filter, one server-side page at a time. The
 * filters and the page live in the address so that Back from a user's page returns to the same view;
 * changing a filter goes back to page 1.
 */
function UsersList() {
  const { params, search, page, update, setPage, searchText, changeSearchText } = useListParams();
  const role = roleParam(params.get('role'));

  const query = useUsersQuery({ search: search || undefined, role, page, limit: USERS_PAGE_SIZE });
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));

  useLastPageClamp({ page, pages, settled: Boolean(query.data && !query.isPlaceholderData) });

  const users = query.data?.items ?? [];

  return (
    <Stack gap="lg">
      <PageHeader
        title="Users"
        description="Administrators and teachers who use the programme."
        action={
          <Button component={Link} to="/users/create" leftSection={<IconPlus size={18} aria-hidden />}>
            Add User
          </Button>
        }
      />

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Flex gap="sm" direction={{ base: 'column', xs: 'row' }}>
          <TextInput
            label="Search users"
            placeholder="Name or email"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={searchText}
            onChange={(e) => changeSearchText(e.currentTarget.value)}
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
        <RetryPanel error={query.error} onRetry={() => query.refetch()} />
      ) : users.length === 0 ? (
        <EmptyPanel icon={IconUsers}>No users found.</EmptyPanel>
      ) : (
        <Stack gap="md" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isFetching}>
          <UsersTable users={users} />
          <UserCards users={users} />
          <ListPager
            page={page}
            pageSize={USERS_PAGE_SIZE}
            total={total}
            count={users.length}
            onChange={setPage}
            label="User pages"
          />
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

import { ROLES, type Role } from '@csp/contracts';
import { Button, NativeSelect, Stack } from '@mantine/core';
import { IconPlus, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ListFilters } from '../../../components/ListFilters.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useListParams } from '../../../lib/listParams.ts';
import { USERS_PAGE_SIZE, userList } from '../api/users.api.ts';
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

  const query = userList.usePage({ search: search || undefined, role, page, limit: USERS_PAGE_SIZE });

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

      <ListFilters
        search={{
          label: 'Search users',
          placeholder: 'Name or email',
          value: searchText,
          onChange: changeSearchText,
        }}
      >
        <NativeSelect
          label="Role"
          data={ROLE_FILTER_OPTIONS}
          value={role ?? ''}
          onChange={(e) => update({ role: e.currentTarget.value || undefined, page: undefined })}
        />
      </ListFilters>

      <PagedList
        query={query}
        page={page}
        pageSize={USERS_PAGE_SIZE}
        onPage={setPage}
        loadingLabel="Loading users"
        empty={{ icon: IconUsers, text: 'No users found.' }}
        pagerLabel="User pages"
      >
        {(users) => (
          <>
            <UsersTable users={users} />
            <UserCards users={users} />
          </>
        )}
      </PagedList>
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

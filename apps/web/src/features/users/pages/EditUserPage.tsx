import { editUserFormSchema, type UserDetail } from '@csp/contracts';
import { Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { BackLink } from '../../../components/BackLink.tsx';
import { DraftNotice } from '../../../components/DraftNotice.tsx';
import { EditConflictNotice } from '../../../components/EditConflictNotice.tsx';
import { useEditedVersion } from '../../../lib/edit-conflicts.ts';
import { useFormDraft } from '../../../lib/form-drafts.ts';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { LoadFailurePage, NotFoundPage } from '../../../components/PageStates.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { schemaResolver } from '../../../lib/forms.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { useAuth, useCurrentUser } from '../../../lib/auth-context.ts';
import {
  isUserMissing,
  toUpdateBody,
  useUpdateUserMutation,
  userKeys,
  usersApi,
  useUserQuery,
} from '../api/users.api.ts';
import { AdminOnly } from '../../../components/AdminOnly.tsx';
import { UserFormFields } from '../components/UserFormFields.tsx';
import { UserFormProvider, useUserForm, type UserFormValues } from '../user-form-context.ts';

/** The edit form's values for a version of the user (the password is not edited here). */
const editUserValues = (user: UserDetail): UserFormValues => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  phone: user.phone ?? '',
  role: user.role,
  password: '',
  isActive: user.isActive,
});

/** The edit form (spec part 1 §5 "Edit user"): no password here; 'Active User' toggles sign-in. */
function EditUserForm({ user }: { user: UserDetail }) {
  const navigate = useNavigate();
  const me = useCurrentUser();
  const { updateUser } = useAuth();
  const isSelf = me.id === user.id;
  const form = useUserForm({
    initialValues: editUserValues(user),
    validate: schemaResolver(editUserFormSchema),
  });
  const update = useUpdateUserMutation(user.id);
  const saved = (after: UserDetail) => {
    draft.clear();
    if (isSelf) {
      updateUser({
        firstName: after.firstName,
        lastName: after.lastName,
        email: after.email,
        phone: after.phone,
      });
    }
    toastSuccess('User updated successfully!');
    navigate(`/users/${user.id}`);
  };
  const edits = useEditedVersion({
    record: user,
    form,
    valuesOf: editUserValues,
    source: { queryKey: userKeys.detail(user.id), fetch: () => usersApi.get(user.id) },
    onSaved: saved,
  });
  // Kept with the version its edits are made over; over a newer one it comes back merged (decision 0025).
  const draft = useFormDraft(`user-edit:${user.id}`, form, edits.version);

  const submit = (values: UserFormValues) =>
    update.mutate(
      { ...toUpdateBody(values), updatedAt: edits.version },
      {
        onSuccess: saved,
        onError: async (error) => {
          if (!(await edits.saveFailed(error))) toastError(getErrorMessage(error, 'Failed to update user'));
        },
      },
    );

  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={6}>
        <BackLink to={`/users/${user.id}`}>Back to user</BackLink>
        <PageTitle>Edit User</PageTitle>
        <Text c="dimmed" size="sm">
          {user.firstName} {user.lastName}
        </Text>
      </Stack>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <UserFormProvider form={form}>
          <form noValidate onSubmit={form.onSubmit(submit)}>
            <Stack gap="md">
              <DraftNotice draft={draft} />
              <UserFormFields roleLocked={isSelf} />
              <Checkbox
                label="Active User"
                description={
                  isSelf ? 'You cannot deactivate your own account.' : 'Inactive users cannot sign in.'
                }
                disabled={isSelf}
                {...form.getInputProps('isActive', { type: 'checkbox' })}
              />
              <EditConflictNotice edits={edits} />
              <Group justify="flex-end" gap="sm" mt="xs">
                <Button component={Link} to={`/users/${user.id}`} variant="default" onClick={draft.clear}>
                  Cancel
                </Button>
                <Button type="submit" disabled={update.isPending}>
                  {update.isPending ? 'Saving...' : 'Save Changes'}
                </Button>
              </Group>
            </Stack>
          </form>
        </UserFormProvider>
      </Paper>
    </Stack>
  );
}

function EditUserLoader() {
  const { id = '' } = useParams();
  const query = useUserQuery(id);
  if (query.isPending) return <PageLoader label="Loading user" />;
  if (query.isError) {
    if (isUserMissing(query.error)) {
      return (
        <NotFoundPage title="Edit User" message="User not found." backTo="/users" backLabel="Back to Users" />
      );
    }
    return <LoadFailurePage title="Edit User" error={query.error} onRetry={() => query.refetch()} />;
  }
  // Keyed by the user so a refetch never overwrites what is being typed, and another user starts fresh.
  return <EditUserForm key={query.data.id} user={query.data} />;
}

/** /users/{id}/edit (spec part 1 §5, §8 "Users"). */
export function EditUserPage() {
  return (
    <AdminOnly title="Edit User">
      <EditUserLoader />
    </AdminOnly>
  );
}

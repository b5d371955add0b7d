import { editUserFormSchema, type UserDetail } from '@csp/contracts';
import { Checkbox } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { DraftNotice } from '../../../components/DraftNotice.tsx';
import { EditConflictNotice } from '../../../components/EditConflictNotice.tsx';
import { useRecordEdit } from '../../../lib/record-edit.ts';
import { RecordPage } from '../../../components/RecordPage.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { schemaResolver } from '../../../lib/forms.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { personName } from '../../../lib/person-name.ts';
import { useSave } from '../../../lib/save.ts';
import { useAuth, useCurrentUser } from '../../../lib/auth-context.ts';
import { toUpdateBody, useUpdateUserMutation, userKeys, usersApi, useUserQuery } from '../api/users.api.ts';
import { AdminOnly } from '../../../components/AdminOnly.tsx';
import { USER_NOT_FOUND } from '../components/UserBadges.tsx';
import { UserFormFields } from '../components/UserFormFields.tsx';
import { UserFormPage } from '../components/UserFormPage.tsx';
import { useUserForm, type UserFormValues } from '../user-form-context.ts';

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
  const { edits, draft, saved } = useRecordEdit({
    record: user,
    form,
    valuesOf: editUserValues,
    source: { queryKey: userKeys.detail(user.id), fetch: () => usersApi.get(user.id) },
    draftName: `user-edit:${user.id}`,
    onSaved: (after: UserDetail) => {
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
    },
  });

  const save = useSave({
    mutation: useUpdateUserMutation(user.id),
    failureText: (error) => getErrorMessage(error, 'Failed to update user'),
    onSaved: saved,
    onFailed: edits.saveFailed,
  });

  return (
    <UserFormPage
      back={{ to: `/users/${user.id}`, label: 'Back to user' }}
      title="Edit User"
      intro={personName(user)}
      form={form}
      onSubmit={(values: UserFormValues) =>
        save.submit(() => ({ ...toUpdateBody(values), updatedAt: edits.version }))
      }
      onCancel={draft.clear}
      busy={save.busy}
      submitText={save.buttonText('Save Changes')}
    >
      <DraftNotice draft={draft} />
      <UserFormFields roleLocked={isSelf} />
      <Checkbox
        label="Active User"
        description={isSelf ? 'You cannot deactivate your own account.' : 'Inactive users cannot sign in.'}
        disabled={isSelf}
        {...form.getInputProps('isActive', { type: 'checkbox' })}
      />
      <EditConflictNotice edits={edits} />
    </UserFormPage>
  );
}

function EditUserLoader() {
  const { id = '' } = useParams();
  // Keyed by the user so a refetch never overwrites what is being typed, and another user starts fresh.
  return (
    <RecordPage
      query={useUserQuery(id)}
      title="Edit User"
      loadingLabel="Loading user"
      notFound={USER_NOT_FOUND}
    >
      {(user) => <EditUserForm key={user.id} user={user} />}
    </RecordPage>
  );
}

/** /users/{id}/edit (spec part 1 §5, §8 "Users"). */
export function EditUserPage() {
  return (
    <AdminOnly title="Edit User">
      <EditUserLoader />
    </AdminOnly>
  );
}

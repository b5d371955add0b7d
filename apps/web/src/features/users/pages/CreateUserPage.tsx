import { createUserBodySchema } from '@csp/contracts';
import { PasswordInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { getErrorMessage } from '../../../lib/api.ts';
import { schemaResolver } from '../../../lib/forms.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { useSave } from '../../../lib/save.ts';
import { toCreateBody, useCreateUserMutation } from '../api/users.api.ts';
import { AdminOnly } from '../../../components/AdminOnly.tsx';
import { UserFormFields } from '../components/UserFormFields.tsx';
import { UserFormPage } from '../components/UserFormPage.tsx';
import { useUserForm, type UserFormValues } from '../user-form-context.ts';

/** /users/create (spec part 1 §5 "Create user", §8 "Users"). */
function CreateUserForm() {
  const navigate = useNavigate();
  const form = useUserForm({
    initialValues: {
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      role: '',
      password: '',
      isActive: true,
    },
    validate: schemaResolver(createUserBodySchema),
  });
  const save = useSave({
    mutation: useCreateUserMutation(),
    failureText: (error) => getErrorMessage(error, 'Failed to create user'),
    onSaved: () => {
      toastSuccess('User created successfully!');
      navigate('/users');
    },
  });

  return (
    <UserFormPage
      back={{ to: '/users', label: 'Back to Users' }}
      title="Create User"
      intro="Add an administrator or a teacher. They sign in with this email and password."
      form={form}
      onSubmit={(values: UserFormValues) => save.submit(() => toCreateBody(values))}
      busy={save.busy}
      submitText={save.buttonText('Create User', { saving: 'Creating...' })}
    >
      <UserFormFields />
      <PasswordInput
        label="Password"
        description="At least 6 characters"
        autoComplete="new-password"
        withAsterisk
        {...form.getInputProps('password')}
      />
    </UserFormPage>
  );
}

export function CreateUserPage() {
  return (
    <AdminOnly title="Create User">
      <CreateUserForm />
    </AdminOnly>
  );
}

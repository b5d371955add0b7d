import { createUserBodySchema } from '@csp/contracts';
import { Button, Group, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { BackLink } from '../../../components/BackLink.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { schemaResolver } from '../../../lib/forms.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { toCreateBody, useCreateUserMutation } from '../api/users.api.ts';
import { AdminOnly } from '../../../components/AdminOnly.tsx';
import { UserFormFields } from '../components/UserFormFields.tsx';
import { UserFormProvider, useUserForm, type UserFormValues } from '../user-form-context.ts';

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
  const create = useCreateUserMutation();

  const submit = (values: UserFormValues) =>
    create.mutate(toCreateBody(values), {
      onSuccess: () => {
        toastSuccess('User created successfully!');
        navigate('/users');
      },
      onError: (error) => toastError(getErrorMessage(error, 'Failed to create user')),
    });

  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={6}>
        <BackLink to="/users">Back to Users</BackLink>
        <PageTitle>Create User</PageTitle>
        <Text c="dimmed" size="sm">
          Add an administrator or a teacher. They sign in with this email and password.
        </Text>
      </Stack>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <UserFormProvider form={form}>
          <form noValidate onSubmit={form.onSubmit(submit)}>
            <Stack gap="md">
              <UserFormFields />
              <PasswordInput
                label="Password"
                description="At least 6 characters"
                autoComplete="new-password"
                withAsterisk
                {...form.getInputProps('password')}
              />
              <Group justify="flex-end" gap="sm" mt="xs">
                <Button component={Link} to="/users" variant="default">
                  Cancel
                </Button>
                <Button type="submit" disabled={create.isPending}>
                  {create.isPending ? 'Creating...' : 'Create User'}
                </Button>
              </Group>
            </Stack>
          </form>
        </UserFormProvider>
      </Paper>
    </Stack>
  );
}

export function CreateUserPage() {
  return (
    <AdminOnly title="Create User">
      <CreateUserForm />
    </AdminOnly>
  );
}

import { changePasswordFormSchema, newPasswordTooShortMessage } from '@csp/contracts';
import { Button, Group, Paper, PasswordInput, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconKey, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { NewPasswordInput } from '../../../components/NewPasswordInput.tsx';
import { schemaResolver } from '../../../lib/forms.ts';
import { useLatestAuthPolicy } from '../../auth/api/auth.api.ts';
import { passwordRefusal, withPasswordMinimum } from '../../../lib/password-rules.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { useChangePasswordMutation } from '../api/profile.api.ts';

type PasswordFormValues = { currentPassword: string; newPassword: string; confirmPassword: string };
const EMPTY: PasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };
const validateChange = schemaResolver(changePasswordFormSchema);

/**
 * The password section, toggled separately from the profile form (spec part 2 §2.6, §5 "Password
 * change"). Success stores the new token the server answers: every older token has stopped working.
 */
export function PasswordCard() {
  const [open, setOpen] = useState(false);
  const change = useChangePasswordMutation();
  const { policy, latest } = useLatestAuthPolicy();
  const { passwordMinLength } = policy;
  const form = useForm<PasswordFormValues>({
    initialValues: EMPTY,
    validate: withPasswordMinimum(
      validateChange,
      'newPassword',
      () => latest().passwordMinLength,
      newPasswordTooShortMessage,
    ),
  });

  function close() {
    form.reset();
    setOpen(false);
  }

  function submit(values: PasswordFormValues) {
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          toastSuccess('Password changed successfully!');
          close();
        },
        // The toast shows the server's message (the mutation's own handling); a refused new password
        // shows at its field too.
        onError: (error) => {
          const refused = passwordRefusal(error);
          if (refused) form.setFieldError('newPassword', refused);
        },
      },
    );
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size={36} radius="md" aria-hidden>
            <IconLock size={20} />
          </ThemeIcon>
          <div>
            <Title order={2} fz="h4">
              Password
            </Title>
            <Text size="sm" c="dimmed">
              Use at least {passwordMinLength} characters. Other signed-in devices are signed out when it
              changes.
            </Text>
          </div>
        </Group>
        {open ? (
          <form noValidate onSubmit={form.onSubmit(submit)}>
            <Stack gap="sm">
              <PasswordInput
                label="Current password"
                autoComplete="current-password"
                withAsterisk
                {...form.getInputProps('currentPassword')}
              />
              <NewPasswordInput minLength={passwordMinLength} {...form.getInputProps('newPassword')} />
              <PasswordInput
                label="Confirm new password"
                autoComplete="new-password"
                withAsterisk
                {...form.getInputProps('confirmPassword')}
              />
              <Group justify="flex-end" gap="sm" mt="xs">
                <Button variant="default" onClick={close} disabled={change.isPending}>
                  Cancel
                </Button>
                <Button type="submit" loading={change.isPending}>
                  Update Password
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Button
            variant="light"
            leftSection={<IconKey size={16} aria-hidden />}
            onClick={() => setOpen(true)}
            style={{ alignSelf: 'flex-start' }}
          >
            Change Password
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

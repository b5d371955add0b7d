import { forgotPasswordBodySchema, passwordTooShortMessage, resetPasswordFormSchema } from '@csp/contracts';
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { schemaResolver } from '../../../lib/forms.ts';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthLayout } from '../../../components/AuthLayout.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { PASSWORD_RESET_TOAST_MS, toastError, toastSuccess } from '../../../lib/notify.ts';
import { authApi, useAuthPolicy } from '../api/auth.api.ts';
import { passwordRefusal, withPasswordMinimum } from '../password-rules.ts';

const toast = { autoClose: PASSWORD_RESET_TOAST_MS };
const validateReset = schemaResolver(resetPasswordFormSchema);

function BackToSignIn() {
  return (
    <Group justify="center">
      <Anchor component={Link} to="/login" size="sm">
        <Group gap={4} component="span" wrap="nowrap">
          <IconArrowLeft size={14} aria-hidden />
          Back to Sign In
        </Group>
      </Anchor>
    </Group>
  );
}

/** /forgot-password: email step, then reset step (code, new password), then /login. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState<string | null>(null);
  const { passwordMinLength } = useAuthPolicy();
  // Read by the form's validation, which is made once: the server's answer may come later.
  const minimum = useRef(passwordMinLength);
  minimum.current = passwordMinLength;

  const emailForm = useForm({
    initialValues: { email: '' },
    validate: schemaResolver(forgotPasswordBodySchema),
  });
  const resetForm = useForm({
    initialValues: { otp: '', newPassword: '', confirmPassword: '' },
    validate: withPasswordMinimum(
      validateReset,
      'newPassword',
      () => minimum.current,
      passwordTooShortMessage,
    ),
  });

  const sendCode = useMutation({
    mutationFn: (address: string) => authApi.forgotPassword({ email: address }).then(() => address),
    onSuccess: (address) => {
      setEmail(address);
      resetForm.reset();
      toastSuccess('OTP sent to your email. Check your inbox and spam folder.', toast);
    },
    onError: () => toastError('Failed to send OTP. Please check your email and try again.', toast),
  });

  const resend = useMutation({
    mutationFn: (address: string) => authApi.forgotPassword({ email: address }),
    onSuccess: () => toastSuccess('OTP sent again. Check your email.', toast),
    onError: () => toastError('Could not resend OTP. Please try again.', toast),
  });

  const reset = useMutation({
    mutationFn: (values: { otp: string; newPassword: string }) =>
      authApi.resetPassword({ email: email ?? '', otp: values.otp.trim(), newPassword: values.newPassword }),
    onSuccess: () => {
      toastSuccess('Password changed successfully. Please login with your new password.', toast);
      navigate('/login');
    },
    onError: (error) => {
      // A new password the server refuses (too short for its minimum, too common) is no OTP problem:
      // its message, at the field.
      const refused = passwordRefusal(error);
      if (refused) {
        resetForm.setFieldError('newPassword', refused);
        toastError(refused, toast);
        return;
      }
      toastError('Password reset failed. Please check your OTP and try again.', toast);
    },
  });

  if (email) {
    return (
      <AuthLayout>
        <form noValidate onSubmit={resetForm.onSubmit((values) => reset.mutate(values))}>
          <Stack gap="md">
            <div>
              <PageTitle fz="h2">Reset Password</PageTitle>
              <Text c="dimmed" size="sm">
                Enter the 6-digit code we emailed you and choose a new password.
              </Text>
            </div>
            <TextInput label="Email address" value={email} readOnly variant="filled" />
            <Stack gap={4}>
              <TextInput
                label="OTP code"
                description="The 6-digit code from the email"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                withAsterisk
                {...resetForm.getInputProps('otp')}
              />
              <Group justify="flex-end">
                <Button
                  variant="subtle"
                  size="compact-sm"
                  onClick={() => resend.mutate(email)}
                  disabled={resend.isPending}
                >
                  {resend.isPending ? 'Sending...' : 'Resend OTP'}
                </Button>
              </Group>
            </Stack>
            <PasswordInput
              label="New password"
              description={`At least ${passwordMinLength} characters`}
              autoComplete="new-password"
              withAsterisk
              {...resetForm.getInputProps('newPassword')}
            />
            <PasswordInput
              label="Confirm password"
              autoComplete="new-password"
              withAsterisk
              {...resetForm.getInputProps('confirmPassword')}
            />
            <Button type="submit" fullWidth size="md" disabled={reset.isPending}>
              {reset.isPending ? 'Resetting...' : 'Reset Password'}
            </Button>
            <BackToSignIn />
          </Stack>
        </form>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <form noValidate onSubmit={emailForm.onSubmit(({ email: address }) => sendCode.mutate(address.trim()))}>
        <Stack gap="md">
          <div>
            <PageTitle fz="h2">Forgot Password</PageTitle>
            <Text c="dimmed" size="sm">
              Enter your account&apos;s email and we will send you a 6-digit code to reset your password.
            </Text>
          </div>
          <TextInput
            label="Email address"
            type="email"
            autoComplete="email"
            withAsterisk
            {...emailForm.getInputProps('email')}
          />
          <Button type="submit" fullWidth size="md" disabled={sendCode.isPending}>
            {sendCode.isPending ? 'Sending OTP...' : 'Send OTP'}
          </Button>
          <BackToSignIn />
        </Stack>
      </form>
    </AuthLayout>
  );
}

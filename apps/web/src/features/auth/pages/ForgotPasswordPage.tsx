import { forgotPasswordBodySchema, passwordTooShortMessage, resetPasswordFormSchema } from '@csp/contracts';
import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { schemaResolver } from '../../../lib/forms.ts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { NewPasswordInput } from '../../../components/NewPasswordInput.tsx';
import { PASSWORD_RESET_TOAST_MS, toastError, toastSuccess } from '../../../lib/notify.ts';
import { authApi, useLatestAuthPolicy } from '../api/auth.api.ts';
import { AuthForm, AuthSubmit, BackToSignIn, OtpCodeField, SentToEmail } from '../components/AuthForm.tsx';
import { passwordRefusal, withPasswordMinimum } from '../../../lib/password-rules.ts';

const toast = { autoClose: PASSWORD_RESET_TOAST_MS };
const validateReset = schemaResolver(resetPasswordFormSchema);

/** /forgot-password: email step, then reset step (code, new password), then /login. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState<string | null>(null);
  const { policy, latest } = useLatestAuthPolicy();

  const emailForm = useForm({
    initialValues: { email: '' },
    validate: schemaResolver(forgotPasswordBodySchema),
  });
  const resetForm = useForm({
    initialValues: { otp: '', newPassword: '', confirmPassword: '' },
    validate: withPasswordMinimum(
      validateReset,
      'newPassword',
      () => latest().passwordMinLength,
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
      <AuthForm
        title="Reset Password"
        intro="Enter the 6-digit code we emailed you and choose a new password."
        onSubmit={resetForm.onSubmit((values) => reset.mutate(values))}
      >
        <SentToEmail email={email} />
        <Stack gap={4}>
          <OtpCodeField {...resetForm.getInputProps('otp')} />
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
        <NewPasswordInput minLength={policy.passwordMinLength} {...resetForm.getInputProps('newPassword')} />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          withAsterisk
          {...resetForm.getInputProps('confirmPassword')}
        />
        <AuthSubmit busy={reset.isPending} busyText="Resetting...">
          Reset Password
        </AuthSubmit>
        <BackToSignIn />
      </AuthForm>
    );
  }

  return (
    <AuthForm
      title="Forgot Password"
      intro={"Enter your account's email and we will send you a 6-digit code to reset your password."}
      onSubmit={emailForm.onSubmit(({ email: address }) => sendCode.mutate(address.trim()))}
    >
      <TextInput
        label="Email address"
        type="email"
        autoComplete="email"
        withAsterisk
        {...emailForm.getInputProps('email')}
      />
      <AuthSubmit busy={sendCode.isPending} busyText="Sending OTP...">
        Send OTP
      </AuthSubmit>
      <BackToSignIn />
    </AuthForm>
  );
}

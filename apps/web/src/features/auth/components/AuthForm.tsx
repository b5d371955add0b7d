import { Anchor, Button, Group, Stack, Text, TextInput, type TextInputProps } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { FormEventHandler, ReactNode } from 'react';
import { Link } from 'react-router';
import { AuthLayout } from '../../../components/AuthLayout.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';

/** One step of the signed-out pages (sign in, register, reset): its title, what to do, its fields. */
export function AuthForm({
  title,
  intro,
  onSubmit,
  children,
}: {
  title: string;
  intro: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <AuthLayout>
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          <div>
            <PageTitle fz="h2">{title}</PageTitle>
            <Text c="dimmed" size="sm">
              {intro}
            </Text>
          </div>
          {children}
        </Stack>
      </form>
    </AuthLayout>
  );
}

/** The step's full-width submit button: what it does, or what it is doing while `busy`. */
export function AuthSubmit({
  busy,
  busyText,
  children,
}: {
  busy: boolean;
  busyText: string;
  children: string;
}) {
  return (
    <Button type="submit" fullWidth size="md" disabled={busy}>
      {busy ? busyText : children}
    </Button>
  );
}

/** The address the emailed code went to, shown on the code's step. */
export function SentToEmail({ email }: { email: string }) {
  return <TextInput label="Email address" value={email} readOnly variant="filled" />;
}

/** The 6-digit code from the email (the form's input props). */
export function OtpCodeField(props: TextInputProps) {
  return (
    <TextInput
      label="OTP code"
      description="The 6-digit code from the email"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      withAsterisk
      {...props}
    />
  );
}

export function BackToSignIn() {
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

/** The line under a step that leads the other way in ('Already have an account? Sign in'). */
export function OtherWayIn({ question, to, children }: { question: string; to: string; children: string }) {
  return (
    <Text size="sm" ta="center">
      {question}{' '}
      <Anchor component={Link} to={to}>
        {children}
      </Anchor>
    </Text>
  );
}

import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BackLink } from '../../../components/BackLink.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { UserFormProvider, type useUserForm, type UserFormValues } from '../user-form-context.ts';

/**
 * The page of both user forms: the way back, the title and a line under it, then the form (inside its
 * UserFormProvider) with its fields and Cancel beside the submit button.
 */
export function UserFormPage({
  back,
  title,
  intro,
  form,
  onSubmit,
  onCancel,
  busy,
  submitText,
  children,
}: {
  /** Where the way back and Cancel go, and the way back's words. */
  back: { to: string; label: string };
  title: string;
  intro: ReactNode;
  form: ReturnType<typeof useUserForm>;
  onSubmit: (values: UserFormValues) => void;
  /** Cancel's own step before leaving (forgetting the draft). */
  onCancel?: () => void;
  busy: boolean;
  submitText: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={6}>
        <BackLink to={back.to}>{back.label}</BackLink>
        <PageTitle>{title}</PageTitle>
        <Text c="dimmed" size="sm">
          {intro}
        </Text>
      </Stack>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <UserFormProvider form={form}>
          <form noValidate onSubmit={form.onSubmit(onSubmit)}>
            <Stack gap="md">
              {children}
              <Group justify="flex-end" gap="sm" mt="xs">
                <Button component={Link} to={back.to} variant="default" onClick={onCancel}>
                  Cancel
                </Button>
                <Button type="submit" disabled={busy}>
                  {submitText}
                </Button>
              </Group>
            </Stack>
          </form>
        </UserFormProvider>
      </Paper>
    </Stack>
  );
}

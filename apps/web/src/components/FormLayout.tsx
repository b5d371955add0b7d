import { Button, Group, Stack, TextInput } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BackLink } from './BackLink.tsx';
import { PageTitle } from './PageTitle.tsx';

/** A create or edit form's page: the way back and its h1 above the form. */
export function FormPage({
  title,
  backTo,
  backLabel,
  children,
}: {
  title: string;
  backTo: string;
  backLabel: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="lg" maw={860}>
      <Stack gap={6}>
        <BackLink to={backTo}>{backLabel}</BackLink>
        <PageTitle>{title}</PageTitle>
      </Stack>
      {children}
    </Stack>
  );
}

/**
 * The foot of a form: Cancel (back to `cancelTo`, forgetting the draft) and the submit button, whose
 * text says what it does or is doing (lib/save.ts `buttonText`).
 */
export function FormActions({
  cancelTo,
  onCancel,
  busy,
  children,
}: {
  cancelTo: string;
  onCancel: () => void;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button component={Link} to={cancelTo} variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy}>
        {children}
      </Button>
    </Group>
  );
}

/** A value an edit form shows but cannot change (a record's student), with why. */
export function LockedField({
  label,
  value,
  description,
}: {
  label: string;
  value: string;
  description: string;
}) {
  return (
    <TextInput
      label={label}
      value={value}
      readOnly
      rightSection={<IconLock size={16} aria-hidden />}
      description={description}
      inputWrapperOrder={['label', 'input', 'description']}
      styles={{ input: { background: 'var(--mantine-color-gray-0)' } }}
    />
  );
}

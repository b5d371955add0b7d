import { Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { RetryPanel } from './ListStates.tsx';
import { PageTitle } from './PageTitle.tsx';

/**
 * The page states every record page shares, so missing records, failed loads and closed doors look and
 * read the same everywhere: the page keeps its one h1 (its own title) and says what happened below it.
 */

/** A page that shows a short message instead of its content: its title, an optional icon, the text and an action. */
export function PageMessage({
  title,
  icon: MessageIcon,
  children,
  action,
}: {
  title: string;
  icon?: Icon;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Stack gap="lg">
      <PageTitle>{title}</PageTitle>
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="md">
          {MessageIcon && (
            <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
              <MessageIcon size={26} />
            </ThemeIcon>
          )}
          <Text ta="center">{children}</Text>
          {action}
        </Stack>
      </Paper>
    </Stack>
  );
}

/**
 * A record that is missing, deleted or outside the reader's scope (spec part 1 §8 "Missing records"):
 * the spec's sentence ('Student not found.') and the way back to the list.
 */
export function NotFoundPage({
  title,
  message,
  backTo,
  backLabel,
}: {
  title: string;
  message: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <PageMessage
      title={title}
      action={
        <Button component={Link} to={backTo} variant="light">
          {backLabel}
        </Button>
      }
    >
      {message}
    </PageMessage>
  );
}

/** A record that failed to load for another reason (network, server): the reason and 'Try again'. */
export function LoadFailurePage({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <Stack gap="lg">
      <PageTitle>{title}</PageTitle>
      <RetryPanel error={error} onRetry={onRetry} />
    </Stack>
  );
}

/** A page (or record) this person may not use here, with the way back (an administrator on a teacher's form). */
export function ForbiddenPage({
  title,
  children,
  backTo,
  backLabel,
}: {
  title: string;
  children: ReactNode;
  backTo: string;
  backLabel: string;
}) {
  return (
    <PageMessage
      title={title}
      icon={IconLock}
      action={
        <Button component={Link} to={backTo} variant="light">
          {backLabel}
        </Button>
      }
    >
      {children}
    </PageMessage>
  );
}

import { Alert, Button, Stack, Text } from '@mantine/core';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { getErrorMessage } from '../../../lib/api.ts';

/** A user that failed to load for a reason other than being missing, with a retry. */
export function UserLoadFailure({
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
      <Alert color="red" title="Could not load this user">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{getErrorMessage(error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Try again
          </Button>
        </Stack>
      </Alert>
    </Stack>
  );
}

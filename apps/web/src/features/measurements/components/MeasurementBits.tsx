import { Button, Center, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { RetryPanel } from '../../../components/ListStates.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';

/** A missing (or someone else's) measurement (spec part 1 §8 "Missing records"). */
export function MeasurementNotFound({ title }: { title: string }) {
  return (
    <Stack gap="lg">
      <PageTitle>{title}</PageTitle>
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="md">
          <Text ta="center">Measurement not found.</Text>
          <Button component={Link} to="/measurements" variant="light">
            Back to Measurements
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}

/** A measurement that failed to load for another reason, with a retry. */
export function MeasurementLoadFailure({
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

/**
 * The list could not be loaded (after one retry): the whole page area says so, with 'Refresh Page'
 * (spec part 1 §2 "Measurements", §8).
 */
export function MeasurementsLoadFailure() {
  return (
    <Center mih="70dvh">
      <Stack align="center" gap="md" maw={420} role="alert">
        <ThemeIcon size={64} radius="xl" variant="light" color="red" aria-hidden>
          <IconAlertTriangle size={36} />
        </ThemeIcon>
        <PageTitle ta="center">Failed to load measurements</PageTitle>
        <Text c="dimmed" ta="center">
          The measurements could not be loaded. Check the connection and refresh the page.
        </Text>
        <Button leftSection={<IconRefresh size={18} aria-hidden />} onClick={() => window.location.reload()}>
          Refresh Page
        </Button>
      </Stack>
    </Center>
  );
}

import { Button, Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { PageTitle } from '../../../components/PageTitle.tsx';

/** A missing (or someone else's) measurement (spec part 1 §8 "Missing records"). */
export const MEASUREMENT_NOT_FOUND = {
  message: 'Measurement not found.',
  backTo: '/measurements',
  backLabel: 'Back to Measurements',
};

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

import type { Activity } from '@csp/contracts';
import { Box, Button, Image, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock, IconPhoto } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { RetryPanel } from '../../../components/ListStates.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';

/** A missing (or someone else's) activity (spec part 1 §8 "Missing records"). */
export function ActivityNotFound({ title }: { title: string }) {
  return (
    <Stack gap="lg">
      <PageTitle>{title}</PageTitle>
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="md">
          <Text ta="center">Activity not found.</Text>
          <Button component={Link} to="/activities" variant="light">
            Back to Activities
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}

/** A load failure other than a missing activity, with a retry. */
export function ActivityLoadFailure({
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

/** A page this person may not use (an administrator on a teacher's form), with a way back. */
export function NotForYou({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="lg">
      <PageTitle>{title}</PageTitle>
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="sm">
          <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
            <IconLock size={26} />
          </ThemeIcon>
          <Text ta="center">{children}</Text>
          <Button component={Link} to="/activities" variant="light">
            Back to Activities
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}

/** The photo of a card, or a placeholder when the activity has none. */
export function ActivityPhoto({ activity, height }: { activity: Activity; height: number }) {
  if (activity.photoUrl) {
    return <Image src={activity.photoUrl} alt="" h={height} fit="cover" />;
  }
  return (
    <Box
      h={height}
      bg="var(--mantine-color-gray-1)"
      style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <IconPhoto size={40} stroke={1.3} color="var(--mantine-color-gray-5)" aria-hidden />
    </Box>
  );
}

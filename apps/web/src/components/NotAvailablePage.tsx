import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { PageTitle } from './PageTitle.tsx';

/** Stand-in for an area that a later issue builds: its title and a short line, inside the shell. */
export function NotAvailablePage({ title }: { title: string }) {
  return (
    <Stack gap="lg">
      <PageTitle>{title}</PageTitle>
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="sm">
          <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
            <IconTools size={26} />
          </ThemeIcon>
          <Text c="dimmed" ta="center">
            This area is not available yet.
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}

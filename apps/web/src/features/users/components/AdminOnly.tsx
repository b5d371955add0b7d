import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { useCurrentUser } from '../../auth/auth-context.ts';

/**
 * The users area is for administrators. A teacher who opens one of its addresses sees a friendly note
 * inside the shell (the server refuses the calls anyway), and no call is made.
 */
export function AdminOnly({ title, children }: { title: string; children: ReactNode }) {
  const user = useCurrentUser();
  if (user.role === 'ADMIN') return children;
  return (
    <Stack gap="lg">
      <PageTitle>{title}</PageTitle>
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="sm">
          <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
            <IconLock size={26} />
          </ThemeIcon>
          <Text ta="center">You do not have access to this page.</Text>
        </Stack>
      </Paper>
    </Stack>
  );
}

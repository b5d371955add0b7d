import { Stack, Text } from '@mantine/core';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { useCurrentUser } from '../../auth/auth-context.ts';

/** /dashboard — the greeting now; stat cards and panels of spec part 1 §2 come in a later issue. */
export function DashboardPage() {
  const user = useCurrentUser();
  return (
    <Stack gap="xs">
      <PageTitle>{`Welcome back, ${user.firstName}!`}</PageTitle>
      <Text c="dimmed">Here is what is happening in the programme.</Text>
    </Stack>
  );
}

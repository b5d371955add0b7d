import { Stack, Text } from '@mantine/core';
import { PageTitle } from '../../../components/PageTitle.tsx';

/** /profile — view and edit mode, picture and password sections of spec part 2 §2.6 (built next). */
export function ProfilePage() {
  return (
    <Stack gap="lg">
      <PageTitle>Profile</PageTitle>
      <Text c="dimmed">This area is not available yet.</Text>
    </Stack>
  );
}

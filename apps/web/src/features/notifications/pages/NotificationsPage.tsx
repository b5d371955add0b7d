import { Stack, Text } from '@mantine/core';
import { PageTitle } from '../../../components/PageTitle.tsx';

/** /notifications — the inbox of spec part 2 §2.5 (built next). */
export function NotificationsPage() {
  return (
    <Stack gap="lg">
      <PageTitle>Notifications</PageTitle>
      <Text c="dimmed">This area is not available yet.</Text>
    </Stack>
  );
}

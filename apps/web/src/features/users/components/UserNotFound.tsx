import { Button, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/PageTitle.tsx';

/** A missing (or deleted) user (spec part 1 §8 "Missing records"). */
export function UserNotFound({ title }: { title: string }) {
  return (
    <Stack gap="lg">
      <PageTitle>{title}</PageTitle>
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="md">
          <Text ta="center">User not found.</Text>
          <Button component={Link} to="/users" variant="light">
            Back to Users
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}

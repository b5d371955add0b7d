import type { BackupStatus } from '@csp/contracts';
import { Alert, Text } from '@mantine/core';
import { IconDatabaseExclamation } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/dates.ts';

/** What went wrong, in a sentence: the last run's failure, or how old the newest backup is. */
export function backupProblem(status: BackupStatus): string {
  if (status.lastFailure) {
    return `The last backup failed (${formatDateTime(status.lastFailure.at)}): ${status.lastFailure.message}.`;
  }
  const newest = status.latest ? formatDateTime(status.latest.takenAt) : 'none';
  return `The newest backup is from ${newest}; one should be made every ${status.everyHours} hours.`;
}

/** The warning itself: what is wrong, and who can put it right. */
export default function BackupAlert({ status }: { status: BackupStatus }) {
  return (
    <Alert
      color="red"
      variant="light"
      title="Backups need attention"
      icon={<IconDatabaseExclamation aria-hidden />}
      role="alert"
    >
      <Text size="sm">{backupProblem(status)}</Text>
      <Text size="sm" mt="xs">
        Until a backup is made, the records entered since exist only on the server&rsquo;s disk. Please ask
        whoever looks after the server to check it (the README&rsquo;s &ldquo;Backups&rdquo; section).
      </Text>
    </Alert>
  );
}

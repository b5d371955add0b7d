import { Stack, Text } from '@mantine/core';
import { changeLines } from '../audit-display.ts';

/** The changed fields of an event, one 'Field: value' line each (ids by the names sent with them); nothing when none were recorded. */
export function AuditChanges({
  changes,
  names,
}: {
  changes: Record<string, unknown>;
  names?: Record<string, string>;
}) {
  const lines = changeLines(changes, names);
  if (lines.length === 0) return null;
  return (
    <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {lines.map((line, i) => (
        <Text key={i} component="li" size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}

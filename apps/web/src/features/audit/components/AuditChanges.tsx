import { Stack, Text } from '@mantine/core';
import { changeLines } from '../audit-display.ts';

/** The changed fields of an event, one 'field: value' line each; nothing when none were recorded. */
export function AuditChanges({ changes }: { changes: Record<string, unknown> }) {
  const lines = changeLines(changes);
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

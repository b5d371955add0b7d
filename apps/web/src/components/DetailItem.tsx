import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A label and its value in an information panel; `fallback` stands in for an empty value. */
export function DetailItem({
  label,
  children,
  fallback = '—',
}: {
  label: string;
  children?: ReactNode;
  fallback?: string;
}) {
  const empty = children === null || children === undefined || children === '' || children === false;
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div" size="sm" mt={2} style={{ overflowWrap: 'anywhere' }}>
        {empty ? fallback : children}
      </Text>
    </div>
  );
}

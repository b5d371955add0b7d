import type { AuditChainCheck } from '@csp/contracts';
import { Alert, Text } from '@mantine/core';
import { IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import { chainVerdict } from '../audit-display.ts';

/**
 * The trail check's verdict: whole (a status, read out politely), or altered (an alert, with what was
 * found and what to do).
 */
export function TrailCheckResult({ check }: { check: AuditChainCheck }) {
  const verdict = chainVerdict(check);
  if (verdict.ok) {
    return (
      <Alert
        color="green"
        variant="light"
        role="status"
        title={verdict.title}
        icon={<IconShieldCheck aria-hidden />}
      >
        <Text size="sm">
          Every entry is as it was written, in the order it was written, and none has been removed.
        </Text>
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" role="alert" title={verdict.title} icon={<IconShieldX aria-hidden />}>
      {verdict.details.map((line) => (
        <Text size="sm" key={line}>
          {line}
        </Text>
      ))}
      <Text size="sm" mt="xs">
        Someone with direct access to the database has changed the trail. Keep a copy of the database as it is
        now, and ask whoever looks after the server to find out who had that access.
      </Text>
    </Alert>
  );
}

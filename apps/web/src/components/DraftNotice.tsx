import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import type { FormDraft } from '../lib/form-drafts.ts';

/**
 * Above a new record's form filled in again from its draft (lib/form-drafts.ts): says so, and offers to
 * start over. `photos`: the form takes photos, which are not kept and must be chosen again.
 */
export function DraftNotice({ draft, photos = false }: { draft: FormDraft; photos?: boolean }) {
  if (!draft.restored) return null;
  return (
    <Alert
      variant="light"
      icon={<IconRestore size={18} aria-hidden />}
      role="status"
      title="Unsaved entries restored"
    >
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          What you typed before the page closed is filled in again
          {draft.merged ? ', over the changes someone else saved since. Check it before saving.' : '.'}
          {photos ? ' Photos are not kept: choose them again.' : ''}
        </Text>
        <Button size="xs" variant="default" onClick={draft.discard}>
          Discard
        </Button>
      </Group>
    </Alert>
  );
}

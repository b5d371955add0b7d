import { Alert } from '@mantine/core';
import { IconGitMerge } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import type { EditedVersion } from '../lib/edit-conflicts.ts';

/**
 * Beside a record's Save button once the record was saved by someone else while it was being edited
 * (lib/edit-conflicts.ts): the form now shows their version with this person's changes on top.
 */
export function EditConflictNotice({ edits }: { edits: EditedVersion }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (edits.rebased) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [edits.rebased, edits.version]);
  if (!edits.rebased) return null;
  return (
    <Alert
      ref={ref}
      variant="light"
      color="orange"
      icon={<IconGitMerge size={18} aria-hidden />}
      role="alert"
      title="Changed by someone else"
    >
      Someone else saved this record while you were editing it. The form now shows their version with your
      changes on top. Check it, then save again.
    </Alert>
  );
}

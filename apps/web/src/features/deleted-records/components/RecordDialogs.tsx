import { DELETED_RECORD_MESSAGES as M, PERMANENT_DELETE_PHRASE } from '@csp/contracts';
import { Button, Group, Modal, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { errorStatus, serverMessage } from '../../../lib/api.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import {
  usePermanentDeleteMutation,
  useRestoreDeletedMutation,
  type DeletedRecordRef,
} from '../api/deleted-records.api.ts';
import {
  confirmsPermanentDelete,
  kindNoun,
  permanentDeleteConsequence,
  permanentDeleteFailedToast,
  restoreConsequence,
  restoreFailedToast,
  type FailureToast,
} from '../deleted-records-display.ts';

/** A record an action is about: its kind, id and the name the dialogs show. */
export interface RecordTarget extends DeletedRecordRef {
  name: string;
}

const failure = (error: unknown) => ({ status: errorStatus(error), message: serverMessage(error) });
const showFailure = ({ title, message }: FailureToast) => toastError(message, title ? { title } : {});

/**
 * Restore asks for a plain confirmation (spec part 2 §5); success says 'Student restored successfully',
 * a failure the fixed 'Failed to restore student' with the server's reason when it refused for one.
 */
export function RestoreDialog({ target, onClose }: { target: RecordTarget | null; onClose: () => void }) {
  const restore = useRestoreDeletedMutation();
  // The last target stays in the dialog while it fades out.
  const [shown, setShown] = useState(target);
  if (target && target !== shown) setShown(target);
  const current = target ?? shown;

  const confirm = () => {
    if (!target) return;
    const { kind, id } = target;
    restore.mutate(
      { kind, id },
      {
        onSuccess: () => toastSuccess(M.restored(kind)),
        onError: (error) => showFailure(restoreFailedToast(kind, failure(error))),
        onSettled: onClose,
      },
    );
  };

  return (
    <ConfirmDialog
      opened={target !== null}
      onClose={onClose}
      title={current ? `Restore ${kindNoun(current.kind)}` : 'Restore'}
      confirmLabel="Restore"
      confirmColor="teal"
      onConfirm={confirm}
      busy={restore.isPending}
    >
      {current && (
        <>
          <Text size="sm">
            Restore <strong>{current.name}</strong>?
          </Text>
          <Text size="sm" c="dimmed">
            {restoreConsequence(current.kind)}
          </Text>
        </>
      )}
    </ConfirmDialog>
  );
}

type Step = 'warn' | 'type';

/**
 * Delete Forever (spec part 2 §5 'Permanent delete'): first a warning that it cannot be undone and what
 * goes with the record; then a prompt where the admin types DELETE. Anything else cancels with 'Permanent
 * deletion cancelled - confirmation text did not match'; Cancel closes without a word. Both steps are one
 * modal whose title and content change, so focus moves straight from Continue into the prompt's field
 * (two modals, one closing while the other opens, would hand focus back to the page).
 */
export function PermanentDeleteDialogs({
  target,
  onClose,
}: {
  target: RecordTarget | null;
  onClose: () => void;
}) {
  const remove = usePermanentDeleteMutation();
  const [step, setStep] = useState<Step>('warn');
  const [typed, setTyped] = useState('');
  const [shown, setShown] = useState(target);
  const field = useRef<HTMLInputElement>(null);
  if (target !== shown && target) {
    setShown(target);
    setStep('warn');
    setTyped('');
  }
  const current = target ?? shown;
  const busy = remove.isPending;

  useEffect(() => {
    if (target && step === 'type') field.current?.focus();
  }, [target, step]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!target || busy) return;
    const { kind, id } = target;
    if (!confirmsPermanentDelete(typed)) {
      onClose();
      toastError(M.typedMismatch);
      return;
    }
    remove.mutate(
      { kind, id },
      {
        onSuccess: () => toastSuccess(M.permanentlyDeleted(kind)),
        onError: (error) => showFailure(permanentDeleteFailedToast(kind, failure(error))),
        onSettled: onClose,
      },
    );
  };

  const noun = current ? kindNoun(current.kind) : '';

  return (
    <Modal
      opened={target !== null}
      onClose={() => !busy && onClose()}
      title={step === 'warn' ? `Delete ${noun} forever?` : 'Confirm permanent deletion'}
      centered
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
      styles={{ title: { fontWeight: 700 } }}
    >
      {current && step === 'warn' && (
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon color="red" variant="light" radius="xl" size="lg" aria-hidden>
              <IconAlertTriangle size={20} />
            </ThemeIcon>
            <Text size="sm">
              <strong>{current.name}</strong> will be deleted permanently. This cannot be undone.
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {permanentDeleteConsequence(current.kind)}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button color="red" onClick={() => setStep('type')}>
              Continue
            </Button>
          </Group>
        </Stack>
      )}
      {current && step === 'type' && (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">
              Type <strong>{PERMANENT_DELETE_PHRASE}</strong> to delete <strong>{current.name}</strong>{' '}
              forever.
            </Text>
            <TextInput
              ref={field}
              label={`Type ${PERMANENT_DELETE_PHRASE} to confirm`}
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              autoComplete="off"
              spellCheck={false}
              readOnly={busy}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" color="red" disabled={busy}>
                {busy ? 'Processing...' : 'Delete Forever'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

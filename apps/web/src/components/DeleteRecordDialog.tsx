import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { errorStatus } from '../lib/api.ts';
import { toastError, toastSuccess } from '../lib/notify.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';

/** The part of a TanStack mutation the dialog uses: its call and whether it runs. */
interface DeleteMutation<V> {
  mutate: (variables: V, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
}

interface DeleteRecordDialogProps<V> {
  opened: boolean;
  onClose: () => void;
  /** 'Delete Activity', … */
  title: string;
  /** The record's delete mutation, and what it is called with. */
  remove: DeleteMutation<V>;
  variables: V;
  /** The toast after the delete. */
  deleted: string;
  /** The toast's text for a failed delete. */
  failure: (error: unknown) => string;
  /** The list the detail page belongs to, opened after the delete in the deleted page's place. */
  listPath: string;
  /** What is deleted, in words, above the buttons. */
  children: ReactNode;
}

/**
 * The 'Delete' of a record's detail page (activity, measurement, home visit, gift): a red confirm
 * button; on success a toast and the list, replacing the record's page in the history (Back does not
 * return to a page that is gone); on failure the dialog closes and a toast says why, and a record found
 * gone (404) is left for the list too.
 */
export function DeleteRecordDialog<V>({
  opened,
  onClose,
  title,
  remove,
  variables,
  deleted,
  failure,
  listPath,
  children,
}: DeleteRecordDialogProps<V>) {
  const navigate = useNavigate();
  const confirm = () =>
    remove.mutate(variables, {
      onSuccess: () => {
        onClose();
        toastSuccess(deleted);
        navigate(listPath, { replace: true });
      },
      onError: (error) => {
        onClose();
        toastError(failure(error));
        // Gone already (deleted elsewhere, or by this very delete sent before, its answer lost on the way):
        // the page of a record that is no more is left for the list.
        if (errorStatus(error) === 404) navigate(listPath, { replace: true });
      },
    });
  return (
    <ConfirmDialog
      opened={opened}
      onClose={onClose}
      title={title}
      confirmLabel="Delete"
      confirmColor="red"
      onConfirm={confirm}
      busy={remove.isPending}
    >
      {children}
    </ConfirmDialog>
  );
}

import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { errorStatus } from '../lib/api.ts';
import { toastError, toastSuccess } from '../lib/notify.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';

/** The part of a TanStack mutation the dialog uses: its call (answering R) and whether it runs. */
interface DeleteMutation<V, R = unknown> {
  mutate: (
    variables: V,
    callbacks: { onSuccess: (result: R) => void; onError: (error: unknown) => void },
  ) => void;
  isPending: boolean;
}

interface DeleteRecordDialogProps<V, R = unknown> {
  opened: boolean;
  onClose: () => void;
  /** 'Delete Activity', … */
  title: string;
  /** The record's delete mutation, and what it is called with. */
  remove: DeleteMutation<V, R>;
  variables: V;
  /** The toast after the delete, or its text from the server's answer; no toast without it. */
  deleted?: string | ((result: R) => string);
  /** The toast's text for a failed delete. */
  failure: (error: unknown) => string;
  /** The failure is told in an alert (window.alert) instead of a toast, as the spec's students and users. */
  failureAlert?: boolean;
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
export function DeleteRecordDialog<V, R = unknown>({
  opened,
  onClose,
  title,
  remove,
  variables,
  deleted,
  failure,
  failureAlert,
  listPath,
  children,
}: DeleteRecordDialogProps<V, R>) {
  const navigate = useNavigate();
  const confirm = () =>
    remove.mutate(variables, {
      onSuccess: (result) => {
        onClose();
        if (deleted) toastSuccess(typeof deleted === 'string' ? deleted : deleted(result));
        navigate(listPath, { replace: true });
      },
      onError: (error) => {
        onClose();
        if (failureAlert) window.alert(failure(error));
        else toastError(failure(error));
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

import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { toastError } from './notify.ts';

/** A form's attachments (components/AttachmentDropzone.tsx `useAttachments`) and how one file is uploaded. */
export interface SaveAttachments {
  items: { uploadPending: (upload: (file: File) => Promise<string>) => Promise<string[]> };
  /** Uploads one file; answers what the record keeps of it (its id or address). */
  upload: (file: File) => Promise<string>;
}

export interface SaveOptions<TBody, TResult> {
  /** The feature's create or update mutation: it sends the record and updates the caches on success. */
  mutation: UseMutationResult<TResult, unknown, TBody, unknown>;
  attachments?: SaveAttachments;
  /** The toast of a failed upload or save (the server's message, else the form's default). */
  failureText: (error: unknown) => string;
  onSaved: (result: TResult) => void;
  /** A failure the page answers itself (an edit conflict: lib/edit-conflicts.ts); true when it did. */
  onFailed?: (error: unknown) => boolean | Promise<boolean>;
}

/**
 * The one save of every create and edit form: upload the picked attachments (each kept once uploaded,
 * so Save pressed again after a failure sends only the rest), then send the record, built from what was
 * uploaded, through the feature's mutation (lib/api.ts gives a POST its Idempotency-Key, so a resend is
 * answered, not written twice), whose success updates the caches; then `onSaved`. A failure toasts
 * `failureText` unless `onFailed` answers it.
 */
export function useSave<TBody, TResult>({
  mutation,
  attachments,
  failureText,
  onSaved,
  onFailed,
}: SaveOptions<TBody, TResult>) {
  const [uploading, setUploading] = useState(false);

  const submit = async (bodyOf: (attachmentEntries: string[]) => TBody): Promise<void> => {
    let entries: string[] = [];
    if (attachments) {
      setUploading(true);
      try {
        entries = await attachments.items.uploadPending(attachments.upload);
      } catch (error) {
        toastError(failureText(error));
        return;
      } finally {
        setUploading(false);
      }
    }
    mutation.mutate(bodyOf(entries), {
      onSuccess: onSaved,
      onError: async (error) => {
        if (!(await onFailed?.(error))) toastError(failureText(error));
      },
    });
  };

  const busy = uploading || mutation.isPending;
  return {
    submit,
    uploading,
    busy,
    /**
     * The submit button's text: what it does, or what it is doing ('Uploading photos...', 'Saving...';
     * a create form the spec words 'Creating...' names its own).
     */
    buttonText: (
      idle: string,
      { uploading: uploadingText = 'Uploading photos...', saving = 'Saving...' } = {},
    ) => (uploading ? uploadingText : mutation.isPending ? saving : idle),
  };
}

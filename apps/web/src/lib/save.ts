import { IDEMPOTENCY_KEY_HEADER } from '@csp/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from './api.ts';
import type { Attachment } from './attachments.ts';
import { formatDate } from './dates.ts';
import { toastError, toastSuccess } from './notify.ts';
import { keepRecord, KEPT_ON_PHONE } from './outbox-sender.ts';
import { isQuotaExceeded, NO_ROOM_TEXT } from './outbox-space.ts';

/** A form's attachments (components/AttachmentDropzone.tsx `useAttachments`) and how one file is uploaded. */
export interface SaveAttachments {
  items: {
    uploadPending: (upload: (file: File) => Promise<string>) => Promise<string[]>;
    current: () => readonly Attachment[];
  };
  /** Uploads one file; answers what the record keeps of it (its id or address). */
  upload: (file: File) => Promise<string>;
}

/**
 * A record the form keeps in the outbox (lib/outbox-sender.ts) when the phone is offline or the save
 * got no answer, instead of failing: sent when the connection returns, with the key of the tap.
 */
export interface OfflineSave<TBody> {
  /** The record's kind (its upload is the outbox's upload of that kind: app/outbox-uploads.ts). */
  kind: string;
  /** What the lists and the "Waiting to send" page show of it (a student's name and a date). */
  label: (body: TBody) => string;
  /** The create call's path below /api (always a POST). */
  path: string;
  /** The body's field that takes the attachments' entries. */
  filesField?: string;
  /** The body's field that takes the time of the tap (ISO 8601), sent with the record at once or later. */
  tapField?: string;
  /** After the record was kept: back to its list, where it shows as waiting. */
  onKept: () => void;
  /** The form's values as typed, kept with the record so that Edit opens the form as it was. */
  values?: () => object;
  /**
   * The record kept on the phone that this form changes (Edit, decision 0038): the save replaces it in
   * the outbox, in its place, with its tap's time, and the outbox sends it (at once when online).
   */
  replaces?: { seq: number; madeAt: number };
}

/**
 * An offline record's label: what it is about, then its date or dates, each once ('Nila Sivakumar, 3
 * Dec 2026'; 'Leave, 5 Dec 2026 – 7 Dec 2026').
 */
export function recordLabel(about: string | undefined, ...dates: (string | undefined)[]): string {
  const days = [...new Set(dates.filter((d): d is string => Boolean(d)))].map(formatDate).join(' – ');
  return [about?.trim(), days].filter(Boolean).join(', ');
}

/** A failure after which the server may never have seen the record: no answer at all, or a timeout. */
const gotNoAnswer = (error: unknown) => isApiError(error) && error.response === undefined;

export interface SaveOptions<TBody, TResult> {
  /** The feature's create or update mutation: it sends the record and updates the caches on success. */
  mutation: UseMutationResult<TResult, unknown, TBody, unknown>;
  attachments?: SaveAttachments;
  /** The toast of a failed upload or save (the server's message, else the form's default). */
  failureText: (error: unknown) => string;
  onSaved: (result: TResult) => void;
  /** A failure the page answers itself (an edit conflict: lib/edit-conflicts.ts); true when it did. */
  onFailed?: (error: unknown) => boolean | Promise<boolean>;
  /** The form's records may be made offline (issue 47): how they are kept. */
  offline?: OfflineSave<TBody>;
}

/**
 * The one save of every create and edit form: upload the picked attachments (each kept once uploaded,
 * so Save pressed again after a failure sends only the rest), then send the record, built from what was
 * uploaded, through the feature's mutation (lib/api.ts gives a POST its Idempotency-Key, so a resend is
 * answered, not written twice), whose success updates the caches; then `onSaved`. A failure toasts
 * `failureText` unless `onFailed` answers it.
 *
 * With `offline`, a record made without a connection, or whose upload or save got no answer, goes into
 * the outbox instead: its body, its files not uploaded yet as Blobs, the tap's time, and the key the
 * lost request carried (the server may have written it: sent again, it answers the first write).
 */
export function useSave<TBody, TResult>({
  mutation,
  attachments,
  failureText,
  onSaved,
  onFailed,
  offline,
}: SaveOptions<TBody, TResult>) {
  const [uploading, setUploading] = useState(false);
  const [keeping, setKeeping] = useState(false);

  const keep = async (
    how: OfflineSave<TBody>,
    body: TBody,
    tappedAt: number,
    { withFiles, idempotencyKey }: { withFiles: boolean; idempotencyKey?: string },
  ) => {
    const record = { ...(body as Record<string, unknown>) };
    const files = withFiles
      ? (attachments?.items.current() ?? []).map((a) =>
          a.entry === undefined ? { name: a.name, blob: a.file } : { name: a.name, sentAs: a.entry },
        )
      : [];
    setKeeping(true);
    try {
      await keepRecord({
        kind: how.kind,
        label: how.label(body),
        method: 'POST',
        path: how.path,
        body: record,
        files,
        filesField: withFiles ? how.filesField : undefined,
        idempotencyKey,
        madeAt: tappedAt,
        formValues: how.values?.(),
        replaces: how.replaces?.seq,
      });
    } catch (error) {
      // The phone refused to keep it (storage full or blocked): the form stays, with its text.
      toastError(isQuotaExceeded(error) ? NO_ROOM_TEXT : failureText(error));
      return;
    } finally {
      setKeeping(false);
    }
    toastSuccess(KEPT_ON_PHONE);
    how.onKept();
  };

  const submit = async (untapped: (attachmentEntries: string[]) => TBody): Promise<void> => {
    const tappedAt = offline?.replaces?.madeAt ?? Date.now();
    // The tap's time goes into the record however it is sent: a request whose answer was lost is kept
    // and sent again as it was, so that its Idempotency-Key meets the same body on the server.
    const tapField = offline?.tapField;
    const bodyOf = (entries: string[]): TBody =>
      tapField
        ? ({ ...untapped(entries), [tapField]: new Date(tappedAt).toISOString() } as TBody)
        : untapped(entries);
    if (offline && (!navigator.onLine || offline.replaces)) {
      await keep(offline, bodyOf([]), tappedAt, { withFiles: true });
      return;
    }
    let entries: string[] = [];
    if (attachments) {
      setUploading(true);
      try {
        entries = await attachments.items.uploadPending(attachments.upload);
      } catch (error) {
        setUploading(false);
        if (offline && gotNoAnswer(error)) await keep(offline, bodyOf([]), tappedAt, { withFiles: true });
        else toastError(failureText(error));
        return;
      }
      setUploading(false);
    }
    const body = bodyOf(entries);
    mutation.mutate(body, {
      onSuccess: onSaved,
      onError: async (error) => {
        if (offline && gotNoAnswer(error)) {
          const idempotencyKey = isApiError(error) ? error.config.headers[IDEMPOTENCY_KEY_HEADER] : undefined;
          await keep(offline, body, tappedAt, { withFiles: false, idempotencyKey });
        } else if (!(await onFailed?.(error))) {
          toastError(failureText(error));
        }
      },
    });
  };

  const busy = uploading || keeping || mutation.isPending;
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

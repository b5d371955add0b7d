import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { storedAttachments, type Attachment } from './attachments.ts';
import { useCurrentUser } from './auth-context.ts';
import { fieldsOf } from './form-drafts.ts';
import { useOutboxItems } from './outbox-items.ts';
import { keptRecord } from './outbox-sender.ts';
import type { OutboxItem } from './outbox.ts';

/**
 * Edit of a record kept on the phone and not sent yet (decision 0038): "Waiting to send" opens the
 * record's own create form with `?outbox=<seq>`; the form starts from the values typed into it, with
 * its files, and its save replaces the item in the outbox (lib/save.ts `offline.replaces`).
 */

/** The search parameter that names the outbox item a form changes. */
export const EDIT_PARAM = 'outbox';

/** Where "Waiting to send" goes back to after an Edit (saved or cancelled). */
const OUTBOX_PATH = '/outbox';

/** The form's address that changes the item `seq`. */
export const editPath = (formPath: string, seq: number) => `${formPath}?${EDIT_PARAM}=${seq}`;

/** Sent ones are gone for good; the others may still be changed (one being sent may come back). */
const isThere = (item: OutboxItem | undefined): item is OutboxItem =>
  item !== undefined && item.status !== 'sent';

export type KeptRecord =
  /** A new record: the form was not opened to change one. */
  | { state: 'new' }
  | { state: 'loading' }
  /** No such item of this kind on the phone (sent, discarded, or another person's address). */
  | { state: 'missing' }
  /** `gone`: sent or discarded since the form opened with it; the save can no longer replace it. */
  | { state: 'ready'; item: OutboxItem; gone: boolean };

/**
 * The outbox item of `kind` the form was opened to change (`?outbox=<seq>`), read from the person's
 * store, and read again after each change of the outbox to know whether it is still there.
 */
export function useKeptRecord(kind: string): KeptRecord {
  const [params] = useSearchParams();
  const seq = Number(params.get(EDIT_PARAM) ?? '');
  const userId = useCurrentUser().id;
  const changes = useOutboxItems();
  // `opened`: the item as the form opened with it; later reads (`latest`) tell whether it is still there.
  const [read, setRead] = useState<{ seq: number; opened?: OutboxItem; latest?: OutboxItem }>();
  const wanted = Number.isInteger(seq) && seq > 0;

  useEffect(() => {
    if (!wanted) return;
    let current = true;
    keptRecord(userId, seq)
      .catch(() => undefined)
      .then((item) => {
        if (!current) return;
        const latest = item?.kind === kind ? item : undefined;
        setRead((before) => ({
          seq,
          latest,
          opened: before?.seq === seq && before.opened ? before.opened : isThere(latest) ? latest : undefined,
        }));
      });
    return () => {
      current = false;
    };
  }, [wanted, userId, seq, kind, changes]);

  if (!wanted) return { state: 'new' };
  if (read?.seq !== seq) return { state: 'loading' };
  if (!read.opened) return { state: 'missing' };
  return { state: 'ready', item: read.opened, gone: !isThere(read.latest) };
}

/** The item a form was opened to change (none for a new record). */
export const keptItem = (kept: KeptRecord): OutboxItem | undefined =>
  kept.state === 'ready' ? kept.item : undefined;

/** The server's refusal of an item as its person reads it. */
export function problemText(problem: string): string {
  // An earlier send of the record reached the server and its answer was lost: the key is taken by the
  // record as it was then, and this different copy is not written a second time (decision 0038).
  if (problem.includes('Idempotency-Key was already used')) {
    return 'This record had already reached the server, so this copy was not sent. Discard it here; to change the record, open it from its list.';
  }
  return problem;
}

/** The form's start: the values typed into the kept record (its form's fields only), else `empty`. */
export const keptValues = <V extends object>(kept: OutboxItem | undefined, empty: V): V =>
  kept?.formValues ? fieldsOf(kept.formValues as Record<string, unknown>, empty) : empty;

/**
 * The kept record's files as the form's attachments: a Blob as a picked file (previewed by `previewOf`),
 * with its upload's answer when it was uploaded already; a record kept after its files were uploaded
 * holds their answers in its body's `field` instead.
 */
export function keptAttachments(
  item: OutboxItem,
  field: string,
  previewOf: (file: File) => string,
): Attachment[] {
  if (!item.filesField) {
    const entries = item.body[field];
    return Array.isArray(entries) ? storedAttachments(entries.filter((e) => typeof e === 'string')) : [];
  }
  return item.files.map((kept, i) => {
    const blob = kept.blob;
    const file = blob && (blob instanceof File ? blob : new File([blob], kept.name, { type: blob.type }));
    return {
      key: `kept-${item.seq}-${i}`,
      src: file ? previewOf(file) : (kept.sentAs ?? ''),
      name: kept.name,
      file,
      entry: kept.sentAs,
      mimeType: file?.type,
      sizeBytes: file?.size,
    };
  });
}

export interface KeptEdit<V> {
  /** The draft's name: an Edit's typing is kept apart from a new record's (lib/form-drafts.ts). */
  draftName: (name: string) => string;
  /** Where Cancel and the save go: "Waiting to send" after an Edit, else the record's list. */
  backTo: (list: string) => string;
  /** For the form's `offline` save: its values kept with the record, and the item it replaces. */
  offline: { values: () => V; replaces?: { seq: number; madeAt: number } };
}

/**
 * A create form's part in Edit: with `kept`, its files go into the form's attachments (`files.replace`
 * of components/AttachmentDropzone.tsx `useAttachments`; `files.field` the record's field for them),
 * each Blob previewed while the form is open.
 */
export function useKeptEdit<V extends object>(
  kept: OutboxItem | undefined,
  form: UseFormReturnType<V>,
  files?: { replace: (next: Attachment[]) => void; field: string },
): KeptEdit<V> {
  const replace = files?.replace;
  const field = files?.field;
  useEffect(() => {
    if (!kept || !replace || !field) return;
    const previews: string[] = [];
    replace(
      keptAttachments(kept, field, (file) => {
        const url = URL.createObjectURL(file);
        previews.push(url);
        return url;
      }),
    );
    return () => previews.forEach((url) => URL.revokeObjectURL(url));
  }, [kept, replace, field]);
  return {
    draftName: (name) => (kept ? `${EDIT_PARAM}:${kept.seq}` : name),
    backTo: (list) => (kept ? OUTBOX_PATH : list),
    offline: {
      values: () => form.getValues(),
      replaces: kept && { seq: kept.seq!, madeAt: kept.madeAt },
    },
  };
}

import type { UseFormReturnType } from '@mantine/form';
import { useCallback, useEffect, useState } from 'react';
import { useCurrentUser } from './auth-context.ts';
import { editsIn, mergeEdits } from './edit-conflicts.ts';
import { tabStorage, WORK_ITEM_PREFIX } from './tab-storage.ts';

/** sessionStorage keys of drafts start with this. */
const PREFIX = `${WORK_ITEM_PREFIX}draft:`;

/** Where a draft of an existing record keeps the version of the record it was typed over. */
const VERSION = '__version';
/** …and the form's values for that version, to merge the typing over a newer one. */
const BASE = '__base';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * `kept`'s values of the form's fields (a draft kept by an older version of the app may have others; so
 * may a record kept on the phone: lib/outbox-edit.ts).
 */
export function fieldsOf<V extends object>(kept: Record<string, unknown>, initial: V): V {
  const values: Record<string, unknown> = { ...(initial as Record<string, unknown>) };
  for (const field of Object.keys(initial)) if (field in kept) values[field] = kept[field];
  return values as V;
}

export interface RestoredDraft<V> {
  values: V;
  /** Typed over an older version of the record: the changes are put over the newer one (mergeEdits). */
  merged: boolean;
}

/**
 * The draft kept under `key`, as values of the form that starts with `initial`: only the fields the form
 * has, each as it was typed. With a `version` (of the record being edited, `initial` being its values): a
 * draft typed over that same version as it is; one typed over an older version with the typed changes
 * put over this one (decision 0027), or nothing when they are all in it already.
 */
export function restoreDraft<V extends object>(
  key: string,
  initial: V,
  version?: string,
): RestoredDraft<V> | undefined {
  let draft: unknown;
  try {
    draft = JSON.parse(tabStorage()?.getItem(PREFIX + key) ?? 'null');
  } catch {
    return undefined;
  }
  if (!isRecord(draft)) return undefined;
  const typed = fieldsOf(draft, initial);
  if (version === undefined || draft[VERSION] === version) return { values: typed, merged: false };
  const base = draft[BASE];
  if (draft[VERSION] === undefined || !isRecord(base)) return undefined;
  const typedOver = fieldsOf(base, initial);
  if (editsIn(typedOver, typed, initial)) return undefined;
  return { values: mergeEdits(typedOver, typed, initial), merged: true };
}

/**
 * Keeps a form's values under `key`; a record's form gives the version it was typed over and that
 * version's values (`base`).
 */
export function saveDraft(key: string, values: object, over?: { version: string; base: object }): void {
  try {
    const kept = over ? { ...values, [VERSION]: over.version, [BASE]: over.base } : values;
    tabStorage()?.setItem(PREFIX + key, JSON.stringify(kept));
  } catch {
    // storage full or refused: the form still works, it is only not kept
  }
}

export function clearDraft(key: string): void {
  try {
    tabStorage()?.removeItem(PREFIX + key);
  } catch {
    // storage refused: nothing was kept
  }
}

export interface FormDraft {
  /** The form was filled from a draft when it opened (until discarded). */
  restored: boolean;
  /** …from a draft typed over an older version of the record, its changes put over the newer one. */
  merged: boolean;
  /** Forgets the draft and empties the form. */
  discard: () => void;
  /** Forgets the draft (the record was saved, or the person cancelled). */
  clear: () => void;
}

/**
 * Keeps what is typed into a record's form in the tab's sessionStorage under `name` and the signed-in
 * person (decision 0025):
 * a page reloaded, or a tab the phone's browser discarded in the background (while the camera app took a
 * photo) and opened again, comes back filled in. Kept only while the form differs from its start, and
 * forgotten on save, on Cancel, on Discard, on sign-out (tab-storage.ts) and when the tab closes. Picked
 * photos are files, which storage cannot hold: they are chosen again.
 *
 * An existing record's form passes its `version` (`updatedAt`, the one its edits are made over): a draft
 * typed over an older version comes back merged, the typed changes over the newer version (restoring it
 * as typed would undo what was saved since), and `merged` says so.
 */
export function useFormDraft<V extends object>(
  name: string,
  form: UseFormReturnType<V>,
  version?: string,
): FormDraft {
  const key = `${name}:${useCurrentUser().id}`;
  // How the form was filled from its draft when it opened (null: it was not, or the draft was discarded).
  const [restoredAs, setRestoredAs] = useState<{ merged: boolean } | null>(null);
  // Once per key: fill the form from its draft.
  useEffect(() => {
    const draft = restoreDraft(key, form.getInitialValues(), version);
    if (draft) {
      form.setValues(draft.values);
      setRestoredAs({ merged: draft.merged });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form object is stable; only the key matters
  }, [key]);
  // After each change: keep the values, or forget them once the form is back to its start.
  const typed = JSON.stringify(form.getValues());
  useEffect(() => {
    if (form.isDirty()) {
      const over = version === undefined ? undefined : { version, base: form.getInitialValues() };
      saveDraft(key, form.getValues(), over);
    } else clearDraft(key);
    // Not on a new version alone: saving the record brings one (its answer updates the record shown)
    // while the form, not yet left, still differs from its start, and the draft just forgotten would be
    // kept again, under the saved version.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `typed` stands for the values
  }, [key, typed]);
  const clear = useCallback(() => clearDraft(key), [key]);
  const discard = useCallback(() => {
    clearDraft(key);
    form.reset();
    setRestoredAs(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form object is stable
  }, [key]);
  return { restored: restoredAs !== null, merged: restoredAs?.merged ?? false, discard, clear };
}

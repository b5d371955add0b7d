import type { UseFormReturnType } from '@mantine/form';
import { useCallback, useEffect, useState } from 'react';
import { useCurrentUser } from '../features/auth/auth-context.ts';
import { tabStorage, WORK_ITEM_PREFIX } from './tab-storage.ts';

/** sessionStorage keys of drafts start with this. */
const PREFIX = `${WORK_ITEM_PREFIX}draft:`;

/** Where a draft of an existing record keeps the version of the record it was typed over. */
const VERSION = '__version';

/**
 * The draft kept under `key`, as values of the form that starts with `initial`: only the fields the form
 * has (a draft kept by an older version of the app may have others), each as it was typed. With a
 * `version` (of the record being edited), only a draft typed over that same version.
 */
export function readDraft<V extends object>(key: string, initial: V, version?: string): V | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(tabStorage()?.getItem(PREFIX + key) ?? 'null');
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const draft = parsed as Record<string, unknown>;
  if (version !== undefined && draft[VERSION] !== version) return undefined;
  const restored: Record<string, unknown> = { ...(initial as Record<string, unknown>) };
  for (const field of Object.keys(initial)) if (field in draft) restored[field] = draft[field];
  return restored as V;
}

export function saveDraft(key: string, values: object, version?: string): void {
  try {
    const kept = version === undefined ? values : { ...values, [VERSION]: version };
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
 * An existing record's form passes its `version` (`updatedAt`): a draft typed over another version is
 * not restored (it would undo what was changed since) and is forgotten.
 */
export function useFormDraft<V extends object>(
  name: string,
  form: UseFormReturnType<V>,
  version?: string,
): FormDraft {
  const key = `${name}:${useCurrentUser().id}`;
  const [restored, setRestored] = useState(false);
  // Once per key: fill the form from its draft.
  useEffect(() => {
    const draft = readDraft(key, form.getInitialValues(), version);
    if (draft) {
      form.setValues(draft);
      setRestored(true);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form object is stable; only the key matters
  }, [key]);
  // After each change: keep the values, or forget them once the form is back to its start.
  const typed = JSON.stringify(form.getValues());
  useEffect(() => {
    if (form.isDirty()) saveDraft(key, form.getValues(), version);
    else clearDraft(key);
    // Not on a new version alone: saving the record brings one (its answer updates the record shown)
    // while the form, not yet left, still differs from its start, and the draft just forgotten would be
    // kept again, under the saved version.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `typed` stands for the values
  }, [key, typed]);
  const clear = useCallback(() => clearDraft(key), [key]);
  const discard = useCallback(() => {
    clearDraft(key);
    form.reset();
    setRestored(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form object is stable
  }, [key]);
  return { restored, discard, clear };
}

import { useEditedVersion, type EditedVersion, type EditedVersionOptions } from './edit-conflicts.ts';
import { useFormDraft, type FormDraft } from './form-drafts.ts';

/**
 * An edit form's two guards over its record, wired together the one way every edit form needs them: the
 * version the edits are made over (lib/edit-conflicts.ts: a save over an older one is merged, or found
 * already landed) and the draft kept while typing (lib/form-drafts.ts), kept with that version so that
 * over a newer one it comes back merged (decision 0025). `saved` clears the draft, then `onSaved`.
 */
export function useRecordEdit<R extends { updatedAt: string }, V extends object>({
  draftName,
  onSaved,
  ...options
}: Omit<EditedVersionOptions<R, V>, 'onSaved'> & {
  /** The draft's name in the tab's storage ('gift-edit:<id>'). */
  draftName: string;
  /** After a save (the form's own, or one found already landed): the toast and the way back. */
  onSaved: (record: R) => void;
}): { edits: EditedVersion<R>; draft: FormDraft; saved: (record: R) => void } {
  const saved = (record: R) => {
    draft.clear();
    onSaved(record);
  };
  const edits = useEditedVersion({ ...options, onSaved: saved });
  const draft = useFormDraft(draftName, options.form, edits.version);
  return { edits, draft, saved };
}

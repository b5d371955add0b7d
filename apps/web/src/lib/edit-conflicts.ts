import { fileIdOfEntry, STALE_EDIT_MESSAGE } from '@csp/contracts';
import type { UseFormReturnType } from '@mantine/form';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { errorStatus, serverMessage } from './api.ts';
import type { Attachment } from './attachments.ts';

/** The server refused an edit made over an older version of the record (decision 0027). */
export function isStaleEdit(error: unknown): boolean {
  return errorStatus(error) === 409 && serverMessage(error) === STALE_EDIT_MESSAGE;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A form's values after someone else saved the record: each field the person changed from `base` (what
 * the form was filled from) keeps their value; every other field takes the saved record's (`theirs`).
 */
export function mergeEdits<V extends object>(base: V, mine: V, theirs: V): V {
  const merged = { ...theirs };
  for (const field of Object.keys(mine) as (keyof V)[]) {
    if (!same(mine[field], base[field])) merged[field] = mine[field];
  }
  return merged;
}

/** Whether every field the person changed from `base` already has their value in `theirs`. */
export function editsIn<V extends object>(base: V, mine: V, theirs: V): boolean {
  return (Object.keys(mine) as (keyof V)[]).every(
    (field) => same(mine[field], base[field]) || same(mine[field], theirs[field]),
  );
}

/** The stored file a photo item is (a stored photo, or a picked one already uploaded); else undefined. */
const fileOf = (item: Attachment) => (item.entry ? (fileIdOfEntry(item.entry) ?? item.entry) : undefined);

/**
 * The same merge for a record's photos: the saved record's photos without the ones the person removed,
 * then the ones they added (picked on the device, uploaded or not) that the saved record does not hold
 * already, in their order.
 */
export function mergePhotos(base: Attachment[], mine: Attachment[], theirs: Attachment[]): Attachment[] {
  const mineFiles = new Set(mine.map(fileOf));
  const baseFiles = new Set(base.map(fileOf));
  const kept = theirs.filter((p) => !baseFiles.has(fileOf(p)) || mineFiles.has(fileOf(p)));
  const keptFiles = new Set(kept.map(fileOf));
  const added = mine.filter((p) => {
    const file = fileOf(p);
    return file === undefined || (!baseFiles.has(file) && !keptFiles.has(file));
  });
  return [...kept, ...added];
}

/** Whether the photos the person added and removed are already so in `theirs`. */
export function photoEditsIn(base: Attachment[], mine: Attachment[], theirs: Attachment[]): boolean {
  const theirFiles = new Set(theirs.map(fileOf));
  const mineFiles = new Set(mine.map(fileOf));
  const baseFiles = new Set(base.map(fileOf));
  const addedThere = mine.every((p) => {
    const file = fileOf(p);
    return file !== undefined && (baseFiles.has(file) || theirFiles.has(file));
  });
  const removedThere = base.every((p) => mineFiles.has(fileOf(p)) || !theirFiles.has(fileOf(p)));
  return addedThere && removedThere;
}

export interface EditedVersion<R = unknown> {
  /** The version of the record the form's edits are made over: the one it opened with, until a rebase. */
  base: R;
  /** Its `updatedAt`: what the save sends. */
  version: string;
  /** The form was brought up to a version someone else saved, with the person's changes kept on top. */
  rebased: boolean;
  /**
   * After a failed save: when the server refused it as made over an older version, loads the record as
   * it is now and either finds the person's changes already in it (their own earlier save had landed
   * though its answer was lost: `onSaved` runs) or puts them over it and answers true. Any other failure
   * answers false, for the form's usual message.
   */
  saveFailed: (error: unknown) => Promise<boolean>;
}

export interface EditedVersionOptions<R, V extends object> {
  /** The record as the form was filled from it. */
  record: R;
  form: UseFormReturnType<V>;
  /** The form's values for a version of the record. */
  valuesOf: (record: R) => V;
  /** Where the record is cached, and how to load it as it is now. */
  source: { queryKey: QueryKey; fetch: () => Promise<R> };
  /** The save had landed after all. */
  onSaved: (record: R) => void;
  /** A record with photos: its photos as form items, and the form's photo list. */
  photos?: {
    of: (record: R) => Attachment[];
    list: { current: () => Attachment[]; replace: (items: Attachment[]) => void };
  };
}

/**
 * Edits of an existing record name the version they were made over (decision 0027), so a save can
 * never undo what someone else saved meanwhile: the server answers 409, and the form then shows the
 * saved version with the person's own changes on top (mergeEdits), to check and save again.
 */
export function useEditedVersion<R extends { updatedAt: string }, V extends object>(
  options: EditedVersionOptions<R, V>,
): EditedVersion<R> {
  const { form, valuesOf, source, onSaved, photos } = options;
  const queryClient = useQueryClient();
  // The record the form's edits are made over: the one it opened with, until a rebase.
  const base = useRef(options.record);
  const [version, setVersion] = useState(options.record.updatedAt);
  const [rebased, setRebased] = useState(false);

  const saveFailed = async (error: unknown): Promise<boolean> => {
    if (!isStaleEdit(error)) return false;
    const latest = await queryClient
      .fetchQuery({ queryKey: source.queryKey, queryFn: source.fetch, staleTime: 0 })
      .catch(() => undefined);
    if (!latest) return false;
    const baseValues = valuesOf(base.current);
    const mine = form.getValues();
    const theirs = valuesOf(latest);
    const myPhotos = photos?.list.current() ?? [];
    const basePhotos = photos ? photos.of(base.current) : [];
    const theirPhotos = photos ? photos.of(latest) : [];
    base.current = latest;
    setVersion(latest.updatedAt);
    if (editsIn(baseValues, mine, theirs) && photoEditsIn(basePhotos, myPhotos, theirPhotos)) {
      onSaved(latest);
      return true;
    }
    form.setInitialValues(theirs);
    form.setValues(mergeEdits(baseValues, mine, theirs));
    photos?.list.replace(mergePhotos(basePhotos, myPhotos, theirPhotos));
    setRebased(true);
    return true;
  };

  return { base: base.current, version, rebased, saveFailed };
}

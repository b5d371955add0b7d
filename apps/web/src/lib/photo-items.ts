import { fileIdOfEntry } from '@csp/contracts';

/**
 * A photo on a record's form: one already stored (its signed link) or a file picked on this device,
 * uploaded when the form is saved (one request per file) and kept uploaded if the save fails later.
 */
export interface PhotoItem {
  key: string;
  /** What the preview shows: the stored photo's link, or an object URL of the picked file. */
  src: string;
  /** The file's name, or 'Photo n' for a stored photo. */
  name: string;
  /** A picked file; absent for a stored photo. */
  file?: File;
  /** What goes into the record's `photos`: the stored photo's link, or the upload's answer. */
  entry?: string;
}

/** The photos a record already has, in their order. */
export function storedPhotoItems(links: readonly string[]): PhotoItem[] {
  return links.map((link, i) => ({
    key: `stored-${fileIdOfEntry(link) ?? i}`,
    src: link,
    name: `Photo ${i + 1}`,
    entry: link,
  }));
}

/** Files picked on the device, as form photos; `previewOf` gives each its preview link. */
export function pickedPhotoItems(
  files: readonly File[],
  previewOf: (file: File) => string,
  keyOf: (file: File, index: number) => string,
): PhotoItem[] {
  return files.map((file, i) => ({ key: keyOf(file, i), src: previewOf(file), name: file.name, file }));
}

/**
 * Adds picked photos up to `max` in all; answers the new list and how many did not fit.
 */
export function addPhotos(
  items: readonly PhotoItem[],
  added: readonly PhotoItem[],
  max: number,
): { items: PhotoItem[]; left: PhotoItem[] } {
  const room = Math.max(0, max - items.length);
  return { items: [...items, ...added.slice(0, room)], left: added.slice(room) };
}

/** Photos still to upload. */
export function pendingPhotos(items: readonly PhotoItem[]): PhotoItem[] {
  return items.filter((p) => p.entry === undefined);
}

/** The `photos` field of the record: every photo's entry, in the shown order. */
export function photoEntries(items: readonly PhotoItem[]): string[] {
  return items.flatMap((p) => (p.entry === undefined ? [] : [p.entry]));
}

/** Photos left to upload or not, each in its place; `entries` maps keys of uploaded photos to answers. */
export function withUploaded(items: readonly PhotoItem[], entries: ReadonlyMap<string, string>): PhotoItem[] {
  return items.map((p) => (entries.has(p.key) ? { ...p, entry: entries.get(p.key) } : p));
}

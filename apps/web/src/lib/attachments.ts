import { fileIdOfEntry, WORD_MIME_TYPES } from '@csp/contracts';

/**
 * A file on a record's form (a photo, or a document where the record takes them): one already stored (its signed link) or a file picked on this device,
 * uploaded when the form is saved (one request per file) and kept uploaded if the save fails later.
 */
export interface Attachment {
  key: string;
  /** What the preview shows: the stored photo's link, or an object URL of the picked file. */
  src: string;
  /** The file's name, or 'Photo n' for a stored photo. */
  name: string;
  /** A picked file; absent for a stored photo. */
  file?: File;
  /** What goes into the record's `photos`: the stored photo's link, or the upload's answer. */
  entry?: string;
  /** The file's type when known (picked files; stored files of records that answer it). */
  mimeType?: string;
  /** The file's size in bytes when known. */
  sizeBytes?: number;
}

/** The photos a record already has, in their order. */
export function storedAttachments(links: readonly string[]): Attachment[] {
  return links.map((link, i) => ({
    key: `stored-${fileIdOfEntry(link) ?? i}`,
    src: link,
    name: `Photo ${i + 1}`,
    entry: link,
  }));
}

/** Files picked on the device, as form photos; `previewOf` gives each its preview link. */
export function pickedAttachments(
  files: readonly File[],
  previewOf: (file: File) => string,
  keyOf: (file: File, index: number) => string,
): Attachment[] {
  return files.map((file, i) => ({
    key: keyOf(file, i),
    src: previewOf(file),
    name: file.name,
    file,
    mimeType: file.type,
    sizeBytes: file.size,
  }));
}

/** Stored files that come with their names, types and sizes (home visits' `files`), in their order. */
export function storedFileItems(
  files: readonly { url: string; name: string; mimeType: string; sizeBytes: number }[],
): Attachment[] {
  return files.map((f, i) => ({
    key: `stored-${fileIdOfEntry(f.url) ?? i}`,
    src: f.url,
    name: f.name,
    entry: f.url,
    mimeType: f.mimeType,
    sizeBytes: f.sizeBytes,
  }));
}

export type FileKind = 'image' | 'pdf' | 'word' | 'other';

const WORD_TYPES: readonly string[] = WORD_MIME_TYPES;

/** What a file is, from its type, else from its name's ending (browsers give some documents no type). */
export function fileKind(mimeType: string | undefined, name = ''): FileKind {
  const type = (mimeType ?? '').toLowerCase();
  const lower = name.toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type === 'application/pdf') return 'pdf';
  if (WORD_TYPES.includes(type)) return 'word';
  if (type) return 'other';
  if (/\.(jpe?g|png|gif|webp)$/.test(lower)) return 'image';
  if (lower.endsWith('.pdf')) return 'pdf';
  if (/\.docx?$/.test(lower)) return 'word';
  return 'other';
}

/** '1.25 MB': a size in megabytes with 2 decimals ('< 0.01 MB' for a small file that is not empty). */
export function fileSizeText(bytes: number): string {
  const mb = bytes / 1024 / 1024;
  if (bytes > 0 && mb < 0.005) return '< 0.01 MB';
  return `${mb.toFixed(2)} MB`;
}

/**
 * A dropzone's `accept` from an `<input accept>` list ('image/png,application/pdf,.pdf'): each MIME type
 * with the name endings given for it (known ones go with their type, others with the first type), so a
 * file the browser gives no type is still taken by its name.
 */
export function dropzoneAccept(accept: string): Record<string, string[]> {
  const parts = accept
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const types = parts.filter((p) => p.includes('/'));
  const endings = parts.filter((p) => p.startsWith('.'));
  const result: Record<string, string[]> = Object.fromEntries(types.map((t) => [t, [] as string[]]));
  const typeOfEnding: Record<string, string> = {
    '.pdf': 'application/pdf',
    '.doc': WORD_TYPES[0],
    '.docx': WORD_TYPES[1],
  };
  for (const ending of endings) {
    const type = typeOfEnding[ending.toLowerCase()];
    const target = type && type in result ? type : types[0];
    if (target) result[target].push(ending);
  }
  return result;
}

/**
 * Adds picked photos up to `max` in all; answers the new list and how many did not fit.
 */
export function addAttachments(
  items: readonly Attachment[],
  added: readonly Attachment[],
  max: number,
): { items: Attachment[]; left: Attachment[] } {
  const room = Math.max(0, max - items.length);
  return { items: [...items, ...added.slice(0, room)], left: added.slice(room) };
}

/** Photos still to upload. */
export function pendingAttachments(items: readonly Attachment[]): Attachment[] {
  return items.filter((p) => p.entry === undefined);
}

/** The `photos` field of the record: every photo's entry, in the shown order. */
export function attachmentEntries(items: readonly Attachment[]): string[] {
  return items.flatMap((p) => (p.entry === undefined ? [] : [p.entry]));
}

/** Photos left to upload or not, each in its place; `entries` maps keys of uploaded photos to answers. */
export function withUploaded(
  items: readonly Attachment[],
  entries: ReadonlyMap<string, string>,
): Attachment[] {
  return items.map((p) => (entries.has(p.key) ? { ...p, entry: entries.get(p.key) } : p));
}

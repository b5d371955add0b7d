import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { WORD_MIME_TYPES } from '@csp/contracts';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { Tx } from '../../db/client.ts';
import {
  AppError,
  badRequest,
  forbidden,
  notFound,
  payloadTooLarge,
  unsupportedMediaType,
} from '../../lib/errors.ts';
import { bindDeps, systemClock, type AppDeps, type Clock } from '../../lib/service-deps.ts';
import { FileNotFoundInStoreError, type FileStore } from '../../lib/storage.ts';
import { uploadQuotaOf, type UploadQuota } from '../../plugins/rate-limit.ts';
import {
  deleteStoredFileRows,
  findLinkedFile,
  insertStoredFile,
  lockOwnUploads,
  type StoredFile,
} from './files.repo.ts';
import { verifyFileLink, type FileLinkQuery } from './files.signing.ts';

export { fileLinks, fileLinksOf, NO_FILE_LINKS, type FileLinks, type LinkSession } from './files.signing.ts';
export type { StoredFile } from './files.repo.ts';

const HOUR_MS = 60 * 60 * 1000;
/** An upload may wait this long for the form that attaches it before it counts as abandoned. */
export const UNATTACHED_GRACE_MS = 24 * HOUR_MS;

const MB = 1024 * 1024;

/**
 * Ceilings for every multipart request (registered with @fastify/multipart in app.ts). A route may
 * lower or raise `fileSize` for its own upload through readUpload's maxBytes.
 */
export const MULTIPART_LIMITS = {
  fileSize: 5 * MB,
  files: 1,
  fields: 10,
  parts: 20,
  fieldNameSize: 100,
  fieldSize: 64 * 1024,
  headerPairs: 100,
} as const;

/** Image types identified by their magic bytes. */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** Who may read what is decided by the code that hands out signed URLs; this only moves bytes. */
export type FilesDeps = Pick<AppDeps, 'db' | 'storage' | 'log'>;

/** A file received from a client, not yet checked or stored. */
export interface IncomingFile {
  data: Buffer;
  /** The name the client sent; untrusted, used only as metadata after sanitizeFileName. */
  fileName: string;
  /** The allowances of the signed-in user who sent it, taken when saveUpload accepts it. */
  quota?: UploadQuota;
}

export interface ReadUploadOptions {
  /** The multipart field that carries the file, e.g. 'profilePicture'. */
  field: string;
  maxBytes: number;
  /** 413 message when the file is larger than maxBytes. */
  tooLargeMessage: string;
  /** 400 message when the field is missing or holds no file. */
  missingMessage?: string;
}

/** Generous room for multipart boundaries, part headers and a few small fields. */
const MULTIPART_OVERHEAD_BYTES = 256 * 1024;

/**
 * Reads the one file of a multipart request into memory, enforcing maxBytes while it streams (the
 * request is cut off at the limit, never buffered whole). Answers 413 with tooLargeMessage when the
 * file is too large, 415 when the request is not multipart, 400 for a missing file or a broken form.
 */
export async function readUpload(request: FastifyRequest, opts: ReadUploadOptions): Promise<IncomingFile> {
  return withQuota(request, (await readFilePart(request, opts, false)) as IncomingFile);
}

/** The file with its sender's upload allowances (saveUpload takes them). */
const withQuota = (request: FastifyRequest, file: IncomingFile): IncomingFile => ({
  ...file,
  quota: uploadQuotaOf(request),
});

/**
 * Like readUpload, for a form whose file may be left out: undefined when the request has no body, or
 * a multipart form without a file (or with the browser's empty file part of an unused file input).
 */
export async function readOptionalUpload(
  request: FastifyRequest,
  opts: ReadUploadOptions,
): Promise<IncomingFile | undefined> {
  const file = await readFilePart(request, opts, true);
  return file && withQuota(request, file);
}

const ONE_FILE_MESSAGE = 'Send one file per request';

async function readFilePart(
  request: FastifyRequest,
  opts: ReadUploadOptions,
  optional: boolean,
): Promise<IncomingFile | undefined> {
  const missingMessage = opts.missingMessage ?? `${opts.field}: a file is required`;
  if (!request.isMultipart()) {
    const length = Number(request.headers['content-length'] ?? 0);
    if (optional && request.headers['content-type'] === undefined && !(length > 0)) return undefined;
    throw unsupportedMediaType(`Send the file as multipart/form-data in the field '${opts.field}'`);
  }
  const declaredLength = Number(request.headers['content-length']);
  if (Number.isFinite(declaredLength) && declaredLength > opts.maxBytes + MULTIPART_OVERHEAD_BYTES) {
    throw payloadTooLarge(opts.tooLargeMessage);
  }
  let received: { data: Buffer; fileName: string } | undefined;
  try {
    // The whole form is read, so that a second file part is seen (busboy's file limit of one turns it
    // into FST_FILES_LIMIT): a request whose other file would be dropped unseen is refused instead.
    for await (const part of request.parts({ limits: { fileSize: opts.maxBytes } })) {
      if (part.type !== 'file') continue;
      if (received) {
        part.file.resume();
        throw badRequest(ONE_FILE_MESSAGE);
      }
      if (part.fieldname !== opts.field) {
        part.file.resume();
        throw badRequest(
          optional
            ? `Unknown file field: ${part.fieldname}; send the file in '${opts.field}'`
            : missingMessage,
        );
      }
      received = { data: await part.toBuffer(), fileName: part.filename ?? '' };
    }
  } catch (err) {
    throw toUploadError(err, opts.tooLargeMessage);
  }
  if (!received) {
    if (optional) return undefined;
    throw badRequest(missingMessage);
  }
  if (received.data.length === 0 && optional && !received.fileName) return undefined;
  if (received.data.length === 0) throw badRequest(`${opts.field}: the file is empty`);
  return received;
}

/** Turns @fastify/multipart and busboy failures into readable 4xx answers. */
function toUploadError(err: unknown, tooLargeMessage: string): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return payloadTooLarge(tooLargeMessage);
    case 'FST_FILES_LIMIT':
      return badRequest(ONE_FILE_MESSAGE);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badRequest('The upload form has too many fields');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return unsupportedMediaType('Send the file as multipart/form-data');
    case 'FST_PROTO_VIOLATION':
      return badRequest('The upload form has a field name that is not allowed');
    case 'FST_MP_PREMATURE_CLOSE':
      return badRequest('The upload was interrupted before it finished');
    default:
      break;
  }
  // busboy's own parse errors ('Unexpected end of form', 'Malformed part header', ...) carry no status.
  if (err instanceof Error && (err as { statusCode?: number }).statusCode === undefined) {
    if (/multipart|form|part|boundary/i.test(err.message)) {
      return badRequest('The upload is not a valid multipart/form-data body');
    }
  }
  return err;
}

/**
 * The client's file name reduced to something safe to keep as metadata: the last path segment only
 * (no '../', no folders, either slash), no control or bidi-override characters, at most 200 characters.
 */
export function sanitizeFileName(name: string): string {
  const base = name.normalize('NFC').split(/[/\\]/).pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim()
    .replace(/^\.+/, '');
  return Array.from(cleaned).slice(0, 200).join('') || 'file';
}

/** `inline` or `attachment` with a plain-ASCII filename plus the exact UTF-8 name (RFC 6266 / RFC 8187). */
function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export const contentDispositionInline = (fileName: string) => contentDisposition('inline', fileName);
/** A download the browser saves under `fileName` (e.g. a CSV report). */
export const contentDispositionAttachment = (fileName: string) => contentDisposition('attachment', fileName);

/** The name a download gets: the client's name with the extension of the type actually stored. */
export function downloadName(file: Pick<StoredFile, 'originalName' | 'storageKey'>): string {
  const ext = file.storageKey.includes('.') ? file.storageKey.slice(file.storageKey.lastIndexOf('.')) : '';
  const dot = file.originalName.lastIndexOf('.');
  const stem = dot > 0 ? file.originalName.slice(0, dot) : file.originalName;
  return `${stem || 'file'}${ext}`;
}

export interface SaveUploadOptions {
  file: IncomingFile;
  /** MIME types accepted, as detected from the content (magic bytes), never from the client. */
  allowed: readonly string[];
  maxBytes: number;
  /** What the file is for, e.g. 'profile-picture', 'activity-photo'; also its folder in the store. */
  purpose: string;
  /** The user the file belongs to, if any. */
  ownerId: string | null;
  /** 415 message for a type outside `allowed` (and for content of no recognisable type). */
  wrongTypeMessage: string;
  /** 413 message for a file larger than maxBytes. */
  tooLargeMessage: string;
}

const PURPOSE_PATTERN = /^[a-z0-9][a-z0-9-]{0,40}$/;

/** The name of a Word 97–2003 document's main stream, as a compound file's directory stores it. */
const WORD_STREAM_NAME = Buffer.from('WordDocument', 'utf16le');

/**
 * The type of a file from its bytes (file-type's magic numbers). A compound (OLE) file is a Word
 * 97–2003 document (.doc) only when it holds a WordDocument stream; any other compound file (an MSI
 * installer, a spreadsheet) stays `application/x-cfb` and is refused wherever Word is accepted.
 */
export async function detectFileType(data: Buffer): Promise<{ mime: string; ext: string } | undefined> {
  const detected = await fileTypeFromBuffer(data);
  if (detected?.mime === 'application/x-cfb' && data.includes(WORD_STREAM_NAME)) {
    return { mime: 'application/msword', ext: 'doc' };
  }
  return detected;
}

/**
 * Checks and stores an upload: the real type from magic bytes (415 when not allowed), the size
 * (413), the sender's allowances of uploads and bytes when it came through readUpload (429 when it would
 * pass them: decision 0033), a server-generated key `<purpose>/<uuid>.<ext of the detected type>`, and a
 * stored_files row.
 *
 * `inTransaction` runs in the same transaction as the row insert (e.g. to point a record at the new
 * file and unlink an old one). If the row insert or `inTransaction` fails, the stored object is removed
 * again, so nothing is left half-written. Remove replaced files after the commit with
 * removeStoredObjects (or deleteStoredFiles).
 *
 *   const { file } = await saveUpload(app, { file: await readUpload(request, {...}),
 *     allowed: IMAGE_MIME_TYPES, maxBytes: 5 * MB, purpose: 'activity-photo', ownerId: actor.id,
 *     wrongTypeMessage: '...', tooLargeMessage: '...' });
 *   const url = links.url(file.id);
 */
export async function saveUpload<T = undefined>(
  deps: FilesDeps,
  opts: SaveUploadOptions,
  inTransaction?: (tx: Tx, file: StoredFile) => Promise<T>,
): Promise<{ file: StoredFile; result: T }> {
  if (!PURPOSE_PATTERN.test(opts.purpose)) throw new Error(`Invalid upload purpose: ${opts.purpose}`);
  const { data } = opts.file;
  if (data.length > opts.maxBytes) throw payloadTooLarge(opts.tooLargeMessage);
  if (data.length === 0) throw badRequest('The file is empty');

  const detected = await detectFileType(data);
  if (!detected || !opts.allowed.includes(detected.mime)) {
    throw unsupportedMediaType(opts.wrongTypeMessage);
  }

  // The uploader's allowances of the hour and the day are taken before anything is stored (429 when the
  // file would pass them), and given back when it is not kept after all.
  const giveBack = await opts.file.quota?.take(data.length);
  const storageKey = `${opts.purpose}/${randomUUID()}.${detected.ext}`;
  try {
    await deps.storage.put(storageKey, data);
  } catch (err) {
    await giveBack?.();
    throw err;
  }
  try {
    return await deps.db.transaction(async (tx) => {
      const file = await insertStoredFile(tx, {
        storageKey,
        originalName: sanitizeFileName(opts.file.fileName),
        mimeType: detected.mime,
        sizeBytes: data.length,
        purpose: opts.purpose,
        ownerId: opts.ownerId,
      });
      const result = inTransaction ? await inTransaction(tx, file) : (undefined as T);
      return { file, result };
    });
  } catch (err) {
    await removeStoredObjects(deps, [storageKey]);
    await giveBack?.();
    throw err;
  }
}

/**
 * Deletes stored_files rows inside the caller's transaction and answers their storage keys; call
 * removeStoredObjects with those keys after the commit.
 */
export async function unlinkStoredFiles(tx: Tx, fileIds: string[]): Promise<string[]> {
  return deleteStoredFileRows(tx, fileIds);
}

/**
 * True when every id is a stored upload of `purpose` by `ownerId` (e.g. the activity photos a teacher
 * uploaded), locking those rows for the transaction so that two records cannot claim one file at once.
 * Records keep only such ids: never a client's arbitrary string, nor someone else's file.
 */
export async function areOwnUploads(
  tx: Tx,
  ids: readonly string[],
  purpose: string,
  ownerId: string,
): Promise<boolean> {
  const unique = [...new Set(ids)];
  return (await lockOwnUploads(tx, unique, purpose, ownerId)) === unique.length;
}

/** Best effort: removes objects from the store (after their rows are gone); failures are logged. */
export async function removeStoredObjects(
  deps: { storage: FileStore; log: FastifyBaseLogger },
  keys: string[],
): Promise<void> {
  for (const key of keys) {
    try {
      await deps.storage.delete(key);
    } catch (err) {
      deps.log.error({ err, key }, 'could not remove a stored file');
    }
  }
}

/** Deletes files (rows, then objects) outside any other transaction. */
export async function deleteStoredFiles(deps: FilesDeps, fileIds: string[]): Promise<void> {
  const keys = await deps.db.transaction((tx) => unlinkStoredFiles(tx, fileIds));
  await removeStoredObjects(deps, keys);
}

export const INVALID_LINK_MESSAGE = 'This link has expired or is invalid';

export const FILE_NOT_FOUND_MESSAGE = 'File not found';

/** Types a browser shows in the page's place: images and PDFs. Anything else (Word) is saved instead. */
const INLINE_MIME_TYPES: readonly string[] = [...IMAGE_MIME_TYPES, 'application/pdf'];
const WORD_TYPES: readonly string[] = WORD_MIME_TYPES;

/** How a stored file is sent: images and PDFs inline, Word documents (and anything else) as attachments. */
export const dispositionOf = (mimeType: string): 'inline' | 'attachment' =>
  INLINE_MIME_TYPES.includes(mimeType) && !WORD_TYPES.includes(mimeType) ? 'inline' : 'attachment';

export interface Download {
  file: StoredFile;
  stream: Readable;
  fileName: string;
  disposition: 'inline' | 'attachment';
  /** Seconds until the link expires (for Cache-Control). */
  maxAgeSeconds: number;
}

/** What a signed download reads: the links' secret and lifetime (config) and the time, besides the files. */
export type DownloadDeps = FilesDeps & Pick<AppDeps, 'config'> & { clock: Clock };

/**
 * Opens a file for a signed download: 403 for a bad, expired or too far-reaching link (checked before
 * any lookup, so unsigned requests learn nothing) and for one whose session has ended (signed out, its
 * user deactivated or deleted, its password changed); 404 when the file no longer exists or no live
 * record shows it (its record deleted), unless it is the link's user's own fresh upload.
 */
async function openSignedDownload(
  deps: DownloadDeps,
  fileId: string,
  query: FileLinkQuery,
): Promise<Download> {
  const now = deps.clock.now().getTime();
  const link = verifyFileLink(deps.config, fileId, query, now);
  if (!link) throw forbidden(INVALID_LINK_MESSAGE);

  const found = await findLinkedFile(deps.db, link, new Date(now - UNATTACHED_GRACE_MS));
  if (!found) throw notFound(FILE_NOT_FOUND_MESSAGE);
  if (!found.sessionLive) throw forbidden(INVALID_LINK_MESSAGE);
  if (!found.reachable) throw notFound(FILE_NOT_FOUND_MESSAGE);
  const { file } = found;
  let stream: Readable;
  try {
    stream = await deps.storage.get(file.storageKey);
  } catch (err) {
    if (err instanceof FileNotFoundInStoreError) {
      deps.log.warn({ fileId }, 'stored_files row without its object');
      throw notFound(FILE_NOT_FOUND_MESSAGE);
    }
    throw err;
  }
  const remaining = link.expires - Math.floor(now / 1000);
  return {
    file,
    stream,
    fileName: downloadName(file),
    disposition: dispositionOf(file.mimeType),
    maxAgeSeconds: Math.max(0, Math.min(remaining, deps.config.fileUrlTtlSeconds)),
  };
}

/**
 * The files service (decision 0034): the signed download the files route serves. The upload and clean-up
 * helpers above stay plain functions: the modules that own the records call them inside their own
 * transactions, with their own handles.
 */
export function createFilesService(
  deps: Pick<AppDeps, 'db' | 'storage' | 'log' | 'config'> & { clock?: Clock },
) {
  const full: DownloadDeps = { clock: systemClock, ...deps };
  return bindDeps(full, { openSignedDownload });
}

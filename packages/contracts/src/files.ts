import { z } from 'zod';
import { isUuid } from './constants.ts';

/**
 * Stored files are served through signed links `/api/files/<id>?u=…&s=…&v=…&expires=…&sig=…` (the API's
 * files module), each made for the session that asked for it and alive for minutes. Records that hold
 * photos (activities, measurements) store the file ids and answer fresh signed links; a client may send
 * back either the id or a link it was given (a dead one too), and the server reads the id out of it.
 */
export const FILE_LINK_PATTERN =
  /^(?:https?:\/\/[^/\s?#]+)?\/api\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:[?#][^\s]*)?$/i;

/** The stored file id in a photo entry (a file id or a `/api/files/<id>…` link), or null. */
export function fileIdOfEntry(entry: string): string | null {
  const value = entry.trim();
  if (isUuid(value)) return value.toLowerCase();
  const match = FILE_LINK_PATTERN.exec(value);
  return match ? match[1].toLowerCase() : null;
}

/** Image types accepted for photo evidence (checked on the server from the content, never the name). */
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
/** For `<input accept>` / a dropzone: JPG, PNG, GIF and WebP. */
export const PHOTO_ACCEPT = PHOTO_MIME_TYPES.join(',');
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

export const PHOTO_MESSAGES = {
  wrongType: 'Photos must be JPG, PNG, GIF or WebP images',
  tooLarge: 'Each photo must be 5 MB or smaller',
  missing: 'Choose a photo to upload',
} as const;

/**
 * A `photos` body field: a list of at most `max` entries, each a file id or a file link the server
 * handed out, answered as the list of distinct file ids. Whether each id really is an upload of the
 * right kind by this user is checked by the server against its stored files.
 */
export const photoEntriesField = (opts: { max: number; invalid: string; tooMany: string }) =>
  z
    .array(z.string({ message: opts.invalid }).max(2000, { message: opts.invalid }), {
      message: 'photos must be a list',
    })
    .max(opts.max, { message: opts.tooMany })
    .superRefine((entries, ctx) => {
      if (entries.some((e) => fileIdOfEntry(e) === null))
        ctx.addIssue({ code: 'custom', message: opts.invalid });
    })
    .transform((entries) => [...new Set(entries.map((e) => fileIdOfEntry(e) as string))]);

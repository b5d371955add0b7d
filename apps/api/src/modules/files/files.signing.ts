import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';
import { keyFor } from '../../lib/keys.ts';

/**
 * Signed, expiring download URLs for stored files. Browsers load them in <img> and links, where no
 * Authorization header can be sent, so the URL itself carries the permission:
 * `/api/files/<id>?expires=<unix seconds>&sig=<HMAC-SHA256(file-link key, id + expires), base64url>`,
 * the key derived from the server secret for file links alone (lib/keys.ts).
 */
const sign = (secret: string, fileId: string, expires: number) =>
  createHmac('sha256', keyFor(secret, 'file-link')).update(`${fileId}${expires}`).digest('base64url');

/** The URL a client uses to download the file, valid for config.fileUrlTtlSeconds. */
export function signedFileUrl(
  config: Pick<Config, 'jwtSecret' | 'fileUrlTtlSeconds'>,
  fileId: string,
  now: number = Date.now(),
): string {
  const expires = Math.floor(now / 1000) + config.fileUrlTtlSeconds;
  const sig = sign(config.jwtSecret, fileId, expires);
  return `/api/files/${encodeURIComponent(fileId)}?expires=${expires}&sig=${sig}`;
}

/** True when sig is the signature of (fileId, expires) and expires is still in the future. */
export function verifyFileSignature(
  config: Pick<Config, 'jwtSecret'>,
  fileId: string,
  expires: number,
  sig: string,
  now: number = Date.now(),
): boolean {
  if (!Number.isSafeInteger(expires) || expires * 1000 <= now) return false;
  const expected = Buffer.from(sign(config.jwtSecret, fileId, expires));
  const given = Buffer.from(sig);
  if (given.length !== expected.length) return false;
  return timingSafeEqual(given, expected);
}

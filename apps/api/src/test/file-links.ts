import type { FastifyInstance } from 'fastify';
import { fileLinks, type FileLinks, type LinkSession } from '../modules/files/files.signing.ts';

/**
 * A file link as answers carry it: /api/files/<id>?u=<user>&s=<session>&v=<token version>&expires=&sig=.
 * Groups: 1 file id, 2 user id, 3 session id, 4 token version, 5 expires, 6 sig.
 */
export const FILE_LINK =
  /^\/api\/files\/([0-9a-f-]{36})\?u=([0-9a-f-]{36})&s=([0-9a-f-]{36})&v=(\d+)&expires=(\d+)&sig=([A-Za-z0-9_-]{43})$/;

/** The file id of a link (throws when it is not one). */
export function fileIdOfLink(link: string): string {
  const match = FILE_LINK.exec(link);
  if (!match) throw new Error(`not a file link: ${link}`);
  return match[1];
}

/** The session the server signs links for when a request carries `token`. */
export function linkSessionOf(app: FastifyInstance, token: string): LinkSession {
  const { sub, sid, ver, exp } = app.jwt.decode<{ sub: string; sid: string; ver: number; exp: number }>(
    token,
  )!;
  return { id: sid, userId: sub, tokenVersion: ver, expiresAt: new Date(exp * 1000) };
}

/**
 * The link signer the server uses for requests with `token`, with the real key: a test can sign what the
 * server would, at any time it likes.
 */
export function linksForToken(app: FastifyInstance, token: string, now?: () => number): FileLinks {
  return fileLinks(app.config, linkSessionOf(app, token), now);
}

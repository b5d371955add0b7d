import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '@csp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { keyFor } from '../../lib/keys.ts';
import { sessionOf } from '../../plugins/auth.ts';

/**
 * Signed, expiring download links for stored files, each made for one sign-in session. Browsers load
 * them in <img> and links, where no Authorization header can be sent, so the link itself carries the
 * permission:
 *
 *   /api/files/<id>?u=<user id>&s=<session id>&v=<token version>&expires=<unix seconds>&sig=<HMAC>
 *
 * sig is HMAC-SHA256 over all five, with the key derived from the server secret for file links alone
 * (lib/keys.ts). The download checks the signature, the expiry, and then (files.repo.ts) that the
 * session is still signed in, its user active with the same token version, and the file on a live record.
 */

/** The session a link is made for: the signed-in request's (plugins/auth.ts `request.session`). */
export interface LinkSession {
  /** The session's id (its tokens' `sid`). */
  id: string;
  userId: string;
  /** users.token_version the request's token carried: a password change or deactivation bumps it. */
  tokenVersion: number;
  /** When the request's token expires: a link never outlives it. */
  expiresAt: Date;
}

/** What a link names, once its signature is checked. */
export interface FileLinkClaims {
  fileId: string;
  userId: string;
  sessionId: string;
  tokenVersion: number;
  /** Unix seconds. */
  expires: number;
}

type SigningConfig = Pick<Config, 'jwtSecret' | 'fileUrlTtlSeconds'>;

/**
 * Instances behind one load balancer may disagree on the time by a little: a link one signed may be
 * checked by another whose clock is behind.
 */
export const CLOCK_SKEW_SECONDS = 30;

const sign = (secret: string, c: FileLinkClaims) =>
  createHmac('sha256', keyFor(secret, 'file-link'))
    .update(`${c.fileId}.${c.userId}.${c.sessionId}.${c.tokenVersion}.${c.expires}`)
    .digest('base64url');

/** Hands out the links of one request's answer, made for that request's session. */
export interface FileLinks {
  url(fileId: string): string;
}

/**
 * The link signer of a signed-in request: `fileLinks(app.config, sessionOf(request))`. Each link lives
 * config.fileUrlTtlSeconds from when it is made, and never past the session's token.
 */
export function fileLinks(
  config: SigningConfig,
  session: LinkSession,
  now: () => number = Date.now,
): FileLinks {
  return {
    url(fileId) {
      const expires = Math.min(
        Math.floor(now() / 1000) + config.fileUrlTtlSeconds,
        Math.floor(session.expiresAt.getTime() / 1000),
      );
      const claims = {
        fileId,
        userId: session.userId,
        sessionId: session.id,
        tokenVersion: session.tokenVersion,
        expires,
      };
      const query = `u=${claims.userId}&s=${claims.sessionId}&v=${claims.tokenVersion}&expires=${expires}`;
      return `/api/files/${encodeURIComponent(fileId)}?${query}&sig=${sign(config.jwtSecret, claims)}`;
    },
  };
}

/** The link signer of a request behind `authenticate`: links made for its session. */
export const fileLinksOf = (app: Pick<FastifyInstance, 'config'>, request: FastifyRequest): FileLinks =>
  fileLinks(app.config, sessionOf(request));

/**
 * For an answer that can hold no file (a user who was just created has no picture): any link asked of
 * it is a mistake in the code.
 */
export const NO_FILE_LINKS: FileLinks = {
  url() {
    throw new Error('No session to sign a file link for');
  },
};

/** The query of a download link as it came in (any part may be missing or malformed). */
export interface FileLinkQuery {
  u?: string;
  s?: string;
  v?: string;
  expires?: string;
  sig?: string;
}

/**
 * The link's claims when sig signs them and expires is in the future but no further ahead than the
 * lifetime a link is given now (a link signed for year 5138 was never made under this setting); null
 * otherwise.
 */
export function verifyFileLink(
  config: SigningConfig,
  fileId: string,
  query: FileLinkQuery,
  now: number = Date.now(),
): FileLinkClaims | null {
  const { u, s, v, expires, sig } = query;
  if (!u || !s || !v || !expires || !sig) return null;
  if (!isUuid(u) || !isUuid(s) || !/^\d{1,9}$/.test(v) || !/^\d{1,12}$/.test(expires)) return null;
  const claims: FileLinkClaims = {
    fileId,
    userId: u,
    sessionId: s,
    tokenVersion: Number(v),
    expires: Number(expires),
  };
  const nowSeconds = now / 1000;
  if (claims.expires <= nowSeconds) return null;
  if (claims.expires > nowSeconds + config.fileUrlTtlSeconds + CLOCK_SKEW_SECONDS) return null;
  const expected = Buffer.from(sign(config.jwtSecret, claims));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return claims;
}

import { randomUUID } from 'node:crypto';
import jwt from '@fastify/jwt';
import { isUuid, RENEWED_TOKEN_HEADER } from '@csp/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Actor } from '../lib/actor.ts';
import { unauthorized } from '../lib/errors.ts';
import { keyFor } from '../lib/keys.ts';
import { findSessionActor } from '../modules/auth/auth.repo.ts';

/** Who is calling (lib/actor.ts), re-exported for the callers of `actorOf`. */
export type { Actor };

/** `sid` names the sign-in session: sign-out ends it, renewal keeps it. */
interface TokenPayload {
  sub: string;
  ver: number;
  sid: string;
  iat?: number;
  exp?: number;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    user: TokenPayload;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    /**
     * The session of the request's token (set by `authenticate`): its user and token version too, which
     * the file links made for it carry (modules/files/files.signing.ts).
     */
    session: {
      id: string;
      userId: string;
      tokenVersion: number;
      expiresAt: Date;
      lifetimeSeconds: number;
    } | null;
  }
  interface FastifyInstance {
    /** onRequest hook: answers 401 unless the bearer token belongs to an active, existing user. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** A token for a new session, or a renewed one for `sessionId`. */
    signToken: (user: { id: string; tokenVersion: number }, sessionId?: string) => string;
  }
}

/** The request's actor, for routes behind `authenticate`. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/** The request's session, for routes behind `authenticate`. */
export function sessionOf(request: FastifyRequest): NonNullable<FastifyRequest['session']> {
  if (!request.session) throw unauthorized();
  return request.session;
}

export default fp(async function authPlugin(app: FastifyInstance) {
  await app.register(jwt, {
    secret: keyFor(app.config.jwtSecret, 'session-token'),
    sign: { algorithm: 'HS256', expiresIn: app.config.jwtExpiresIn },
    verify: { algorithms: ['HS256'] },
  });

  app.decorateRequest('actor', null);
  app.decorateRequest('session', null);
  app.decorate('signToken', (user: { id: string; tokenVersion: number }, sessionId?: string) =>
    app.jwt.sign({ sub: user.id, ver: user.tokenVersion, sid: sessionId ?? randomUUID() }),
  );

  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    let payload: TokenPayload;
    try {
      payload = await request.jwtVerify<TokenPayload>();
    } catch {
      throw unauthorized('Your session has expired or is invalid. Please sign in again.');
    }
    const { sub, ver, sid, iat, exp } = payload;
    if (
      typeof sub !== 'string' ||
      typeof ver !== 'number' ||
      typeof sid !== 'string' ||
      typeof iat !== 'number' ||
      typeof exp !== 'number' ||
      !isUuid(sub) ||
      !isUuid(sid)
    ) {
      throw unauthorized('Your session is invalid. Please sign in again.');
    }
    const row = await findSessionActor(app.db, sub, sid);
    if (!row || !row.isActive || row.tokenVersion !== ver || row.revoked) {
      throw unauthorized('Your session has ended. Please sign in again.');
    }
    request.actor = {
      id: row.id,
      role: row.role,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
    };
    const lifetimeSeconds = exp - iat;
    request.session = {
      id: sid,
      userId: row.id,
      tokenVersion: row.tokenVersion,
      expiresAt: new Date(exp * 1000),
      lifetimeSeconds,
    };
    // Someone who keeps working is never thrown out mid-day: past half its life, the token is renewed
    // (same session, new expiry). Nothing is written: sign-out still ends the renewed token too.
    if (exp - Date.now() / 1000 < lifetimeSeconds / 2) {
      reply.header(RENEWED_TOKEN_HEADER, app.signToken(row, sid));
    }
  });
});

import jwt from '@fastify/jwt';
import type { Role } from '@csp/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { users } from '../db/schema.ts';
import { unauthorized } from '../lib/errors.ts';

/** Who is calling: read from the database on every request, never trusted from the token. */
export interface Actor {
  id: string;
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
}

interface TokenPayload {
  sub: string;
  ver: number;
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
  }
  interface FastifyInstance {
    /** onRequest hook: answers 401 unless the bearer token belongs to an active, existing user. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    signToken: (user: { id: string; tokenVersion: number }) => string;
  }
}

/** The request's actor, for routes behind `authenticate`. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

export default fp(async function authPlugin(app: FastifyInstance) {
  await app.register(jwt, {
    secret: app.config.jwtSecret,
    sign: { algorithm: 'HS256', expiresIn: app.config.jwtExpiresIn },
    verify: { algorithms: ['HS256'] },
  });

  app.decorateRequest('actor', null);
  app.decorate('signToken', (user: { id: string; tokenVersion: number }) =>
    app.jwt.sign({ sub: user.id, ver: user.tokenVersion }),
  );

  app.decorate('authenticate', async (request: FastifyRequest) => {
    let payload: TokenPayload;
    try {
      payload = await request.jwtVerify<TokenPayload>();
    } catch {
      throw unauthorized('Your session has expired or is invalid. Please sign in again.');
    }
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.ver !== 'number' ||
      !/^[0-9a-f-]{36}$/i.test(payload.sub)
    ) {
      throw unauthorized('Your session is invalid. Please sign in again.');
    }
    const [row] = await app.db
      .select({
        id: users.id,
        role: users.role,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        isActive: users.isActive,
        tokenVersion: users.tokenVersion,
      })
      .from(users)
      .where(and(eq(users.id, payload.sub), isNull(users.deletedAt)));
    if (!row || !row.isActive || row.tokenVersion !== payload.ver) {
      throw unauthorized('Your session has ended. Please sign in again.');
    }
    request.actor = {
      id: row.id,
      role: row.role,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
    };
  });
});

import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENT_REPLAY_HEADER } from '@csp/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import type { WriteClaim } from '../db/write-claims.ts';
import { AppError, badRequest } from '../lib/errors.ts';
import { IDEMPOTENCY_KEY_LIFETIME_MS } from '../modules/idempotency/idempotency.jobs.ts';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  findIdempotencyKey,
  recordIdempotentAnswer,
  releaseIdempotencyKey,
} from '../modules/idempotency/idempotency.repo.ts';

/** A committed key whose answer is not recorded yet is being answered for this long, at most. */
const ANSWERING_MS = 30_000;

const stillRunning = () =>
  new AppError(
    409,
    'A request with this Idempotency-Key is still being processed. Please try again in a moment.',
    { 'retry-after': '1' },
  );

/** An answer recorded with a key. */
interface RecordedAnswer {
  statusCode: number;
  contentType: string | null;
  body: string;
}

interface KeyClaim extends WriteClaim {
  key: string;
  userId: string;
  fingerprint: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The idempotency key this request claims with its write, until its answer is recorded: the route
     * hands it to the service, whose write transaction makes it (writeTransaction, db/write-claims.ts).
     */
    idempotencyClaim: KeyClaim | null;
  }
}

/** The request a key stands for: its method, address (query included) and validated body. */
const fingerprintOf = (request: FastifyRequest) =>
  createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('base64url');

/**
 * Idempotent writes (decision 0024). A signed-in caller's POST with a JSON body may carry an
 * `Idempotency-Key`:
 * - a key seen before with another request (method, address, body) answers 422;
 * - with the same request, the recorded answer is sent again (`Idempotent-Replayed: true`), or 409 while
 *   it is being recorded (with Retry-After), or 409 without Retry-After when the write was done but its
 *   answer never recorded (the server stopped in between);
 * - a new key is claimed inside the request's first write transaction (`request.idempotencyClaim`,
 *   passed by the route to the service's writeTransaction: db/write-claims.ts), so it commits with the
 *   write or not at all: a write that failed, or never finished because the server stopped, leaves
 *   the key free for the request to be sent again. A concurrent request that claimed the key first makes
 *   this one answer 409 with Retry-After. A 2xx answer is recorded with the key.
 * A request that opens no write transaction has its 2xx answer recorded after it (no claim to hold off a
 * concurrent twin). Keys belong to their user and are kept a day. Uploads (multipart) and calls made
 * before sign-in are carried out as if the header were absent.
 */
export default fp(async function idempotencyPlugin(app: FastifyInstance) {
  app.decorateRequest('idempotencyClaim', null);

  /** The recorded answer to send again, or the claim the request is to make with its write. */
  async function lookUp(
    request: FastifyRequest,
    userId: string,
    key: string,
  ): Promise<{ replay: RecordedAnswer } | KeyClaim> {
    const fingerprint = fingerprintOf(request);
    const expiredBefore = new Date(Date.now() - IDEMPOTENCY_KEY_LIFETIME_MS);
    const held = await findIdempotencyKey(app.db, userId, key);
    if (held && held.createdAt >= expiredBefore) {
      if (held.fingerprint !== fingerprint) {
        throw new AppError(422, 'This Idempotency-Key was already used for a different request');
      }
      if (held.statusCode !== null && held.body !== null) {
        return { replay: { statusCode: held.statusCode, contentType: held.contentType, body: held.body } };
      }
      if (Date.now() - held.createdAt.getTime() < ANSWERING_MS) throw stillRunning();
      throw new AppError(
        409,
        'This request was already carried out, but its answer was not kept. Please check the list before sending it again.',
      );
    }
    return {
      key,
      userId,
      fingerprint,
      made: false,
      make: async (tx) => {
        if (!(await claimIdempotencyKey(tx, { userId, key, fingerprint }, expiredBefore)))
          throw stillRunning();
      },
    };
  }

  app.addHook('preHandler', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (request.method !== 'POST' || !request.actor || request.isMultipart() || key === undefined) {
      return done();
    }
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
      return done(badRequest('Idempotency-Key must be 1 to 255 visible characters'));
    }
    lookUp(request, request.actor.id, key).then((found) => {
      if ('replay' in found) {
        const { statusCode, contentType, body } = found.replay;
        void reply
          .code(statusCode)
          .header('content-type', contentType ?? 'application/json; charset=utf-8')
          .header(IDEMPOTENT_REPLAY_HEADER, 'true')
          .send(body);
        return;
      }
      // The handler passes it to its write transaction (writeTransaction, db/write-claims.ts).
      request.idempotencyClaim = found;
      done();
    }, done);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    claim.closed = true;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null;
    const contentType = reply.getHeader('content-type');
    const answer =
      reply.statusCode >= 200 && reply.statusCode < 300 && body !== null
        ? {
            statusCode: reply.statusCode,
            contentType: typeof contentType === 'string' ? contentType : null,
            body,
          }
        : null;
    try {
      if (!claim.made) {
        // No transaction claimed the key (the request wrote nothing, or wrote outside one): a success is
        // still kept, so that the same request sent again is answered alike.
        if (answer) {
          const { userId, key, fingerprint } = claim;
          await recordIdempotentAnswer(app.db, { userId, key, fingerprint, ...answer });
        }
      } else if (answer) {
        await completeIdempotencyKey(app.db, claim.userId, claim.key, answer);
      } else {
        // The claim committed but the request failed after it: free the key, so it may be sent again.
        await releaseIdempotencyKey(app.db, claim.userId, claim.key);
      }
    } catch (err) {
      // The write is done and answered; a retry with this key will hear that it was carried out.
      request.log.error({ err }, 'the answer of an idempotent request was not recorded');
    }
    return payload;
  });
});

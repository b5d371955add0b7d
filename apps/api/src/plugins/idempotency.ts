import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENT_REPLAY_HEADER } from '@csp/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, badRequest } from '../lib/errors.ts';
import { IDEMPOTENCY_KEY_LIFETIME_MS } from '../modules/idempotency/idempotency.jobs.ts';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  findIdempotencyKey,
  releaseIdempotencyKey,
} from '../modules/idempotency/idempotency.repo.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The idempotency key this request claimed, until its answer is recorded. */
    idempotencyKey: string | null;
  }
}

/** The request a key stands for: its method, address (query included) and validated body. */
const fingerprintOf = (request: FastifyRequest) =>
  createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('base64url');

/**
 * Idempotent writes (decision 0024). A signed-in caller's POST with a JSON body may carry an
 * `Idempotency-Key`. The first request with a key claims it and is carried out; a 2xx answer is
 * recorded, any other answer frees the key (nothing was written: the services write all or nothing). The
 * same request sent again with that key, within a day, gets the recorded answer (with
 * `Idempotent-Replayed: true`) instead of being carried out again — the record a lost answer left behind is
 * not created twice. While the first is still running, the same key answers 409 with Retry-After; with
 * another request (method, address or body) it answers 422. Keys belong to their user. Uploads
 * (multipart) and calls made before sign-in are carried out as if the header were absent.
 */
export default fp(async function idempotencyPlugin(app: FastifyInstance) {
  app.decorateRequest('idempotencyKey', null);

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'POST' || !request.actor || request.isMultipart()) return;
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (key === undefined) return;
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
      throw badRequest('Idempotency-Key must be 1 to 255 visible characters');
    }
    const userId = request.actor.id;
    const fingerprint = fingerprintOf(request);
    const expiredBefore = new Date(Date.now() - IDEMPOTENCY_KEY_LIFETIME_MS);
    const claim = { userId, key, fingerprint };
    // A key found free but gone by the lookup (the sweep, or its request failing meanwhile) is claimed
    // again once.
    for (let attempt = 0; attempt < 2; attempt++) {
      if (await claimIdempotencyKey(app.db, claim, expiredBefore)) {
        request.idempotencyKey = key;
        return;
      }
      const held = await findIdempotencyKey(app.db, userId, key);
      if (!held) continue;
      if (held.fingerprint !== fingerprint) {
        throw new AppError(422, 'This Idempotency-Key was already used for a different request');
      }
      if (held.statusCode === null || held.body === null) break;
      reply
        .code(held.statusCode)
        .header('content-type', held.contentType ?? 'application/json; charset=utf-8')
        .header(IDEMPOTENT_REPLAY_HEADER, 'true');
      return reply.send(held.body);
    }
    throw new AppError(
      409,
      'A request with this Idempotency-Key is still being processed. Please try again in a moment.',
      { 'retry-after': '1' },
    );
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.idempotencyKey;
    if (key === null || !request.actor) return payload;
    request.idempotencyKey = null;
    const ok = reply.statusCode >= 200 && reply.statusCode < 300;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null;
    try {
      if (ok && body !== null) {
        const contentType = reply.getHeader('content-type');
        await completeIdempotencyKey(app.db, request.actor.id, key, {
          statusCode: reply.statusCode,
          contentType: typeof contentType === 'string' ? contentType : null,
          body,
        });
      } else {
        await releaseIdempotencyKey(app.db, request.actor.id, key);
      }
    } catch (err) {
      // The write itself is done and answered; a retry with this key will hear "still being processed"
      // until the key's day is over, never a second write.
      request.log.error({ err }, 'the answer of an idempotent request was not recorded');
    }
    return payload;
  });
});

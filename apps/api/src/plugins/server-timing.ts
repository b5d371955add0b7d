import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { dbTiming, newDbTiming, type DbTiming } from '../db/timing.ts';

declare module 'fastify' {
  interface FastifyRequest {
    dbTiming?: DbTiming;
    startedAt?: number;
  }
}

const ms = (n: number) => n.toFixed(1);

/** The route's path when one matched (what the router understood), else the path asked for. */
const isAuthCall = (request: FastifyRequest) =>
  /^\/api\/auth(\/|$)/.test(request.routeOptions.url ?? request.url.split('?')[0]);

/**
 * Server-Timing on the answers to signed-in calls: `db` (time in database round trips on behalf of the
 * request), `app` (the rest: routing, validation, permission checks, serialization) and `total`, so a slow
 * call shows in the browser's network panel where its time went.
 *
 * Never on /api/auth/* nor on an answer to a call without a valid session (no actor: refused, public or
 * unknown): there the figures could tell a stranger what the server did, e.g. whether an email has an
 * account.
 */
export default fp(async function serverTimingPlugin(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    const tally = newDbTiming();
    request.dbTiming = tally;
    request.startedAt = performance.now();
    dbTiming.run(tally, done);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const tally = request.dbTiming;
    if (tally && request.startedAt !== undefined && request.actor && !isAuthCall(request)) {
      const total = performance.now() - request.startedAt;
      reply.header(
        'server-timing',
        `db;dur=${ms(tally.ms)}, app;dur=${ms(Math.max(0, total - tally.ms))}, total;dur=${ms(total)}`,
      );
    }
    return payload;
  });
});

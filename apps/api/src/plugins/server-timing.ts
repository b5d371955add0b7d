import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { dbTiming, newDbTiming, type DbTiming } from '../db/timing.ts';

declare module 'fastify' {
  interface FastifyRequest {
    dbTiming?: DbTiming;
    startedAt?: number;
  }
}

const ms = (n: number) => n.toFixed(1);

/**
 * Server-Timing on every answer: `db` (time in database round trips on behalf of the
 * request), `app` (the rest: routing, validation, permission checks, serialization) and `total`, so a slow
 * call shows in the browser's network panel where its time went.
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
    if (tally && request.startedAt !== undefined) {
      const total = performance.now() - request.startedAt;
      reply.header(
        'server-timing',
        `db;dur=${ms(tally.ms)}, app;dur=${ms(Math.max(0, total - tally.ms))}, total;dur=${ms(total)}`,
      );
    }
    return payload;
  });
});

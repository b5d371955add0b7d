import { errorSchema, todayTomorrowLeavesSchema } from '@csp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.ts';
import * as service from './leaves.service.ts';

export async function leavesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, config: app.config };
  r.addHook('onRequest', app.authenticate);
  r.get(
    '/today-tomorrow',
    {
      schema: {
        tags: ['leaves'],
        summary: 'Approved leaves covering today and tomorrow (administrators)',
        security: [{ bearerAuth: [] }],
        response: { 200: todayTomorrowLeavesSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => service.todayAndTomorrow(deps, actorOf(request)),
  );
}

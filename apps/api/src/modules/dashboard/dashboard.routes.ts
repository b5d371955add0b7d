import { dashboardStatsSchema, errorSchema } from '@csp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.ts';

export async function dashboardRoutes(app: FastifyInstance) {
  const { dashboard } = app.services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.authenticate);
  r.get(
    '/stats',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Dashboard counters for the caller’s role',
        security: [{ bearerAuth: [] }],
        response: { 200: dashboardStatsSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => dashboard.stats(actorOf(request)),
  );
}

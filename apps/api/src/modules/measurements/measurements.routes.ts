import { errorSchema, measurementStatusEntrySchema } from '@csp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth.ts';
import * as service from './measurements.service.ts';

export async function measurementsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, config: app.config };
  r.addHook('onRequest', app.authenticate);

  r.get(
    '/status/all',
    {
      schema: {
        tags: ['measurements'],
        summary: 'Measurement status of every student (teachers: their own)',
        security: [{ bearerAuth: [] }],
        response: { 200: z.array(measurementStatusEntrySchema), 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => service.statusOfAll(deps, actorOf(request)),
  );
}

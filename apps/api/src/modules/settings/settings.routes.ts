import {
  errorSchema,
  HOME_VISIT_MESSAGES,
  settingsSchema,
  updateHomeVisitDistanceBodySchema,
} from '@csp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

/** /api/settings */
export async function settingsRoutes(app: FastifyInstance) {
  const { settings } = app.services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.authenticate);

  r.get(
    '',
    {
      schema: {
        tags: ['settings'],
        summary: 'Programme settings: the home-visit auto-approval distance (metres)',
        security: [{ bearerAuth: [] }],
        response: { 200: settingsSchema, ...errors },
      },
    },
    async () => settings.getSettings(),
  );

  r.patch(
    '/home-visit-distance',
    {
      schema: {
        tags: ['settings'],
        summary: 'Change the home-visit auto-approval distance, 10–500 m (admins)',
        description: 'Applies to visits recorded (or re-located) from now on.',
        security: [{ bearerAuth: [] }],
        body: updateHomeVisitDistanceBodySchema,
        response: { 200: settingsSchema.extend({ message: z.string() }), ...errors },
      },
    },
    async (request) => ({
      ...(await settings.setHomeVisitDistance(actorOf(request), request.body.distanceMeters)),
      message: HOME_VISIT_MESSAGES.thresholdUpdated,
    }),
  );
}

import { errorSchema, organisationSchema } from '@csp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export async function organisationRoutes(fastify: FastifyInstance) {
  const { organisation } = fastify.services;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);

  app.get(
    '',
    {
      schema: {
        tags: ['organisation'],
        security: [{ bearerAuth: [] }],
        summary: "The organisation's time zone and today's date in it",
        description:
          'The web app works out "today" (form defaults, Today/This Week/This Month filters) in this time ' +
          "zone (ORG_TIMEZONE), not in the browser's.",
        response: { 200: organisationSchema, 401: errorSchema },
      },
    },
    async () => organisation.organisationInfo(),
  );
}

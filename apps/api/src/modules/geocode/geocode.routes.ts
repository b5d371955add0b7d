import { errorSchema, reverseGeocodeQuerySchema, reverseGeocodeSchema } from '@csp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** /api/geocode */
export async function geocodeRoutes(app: FastifyInstance) {
  const { geocode } = app.services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.authenticate);

  r.get(
    '/reverse',
    {
      schema: {
        tags: ['geocode'],
        summary: 'The name of a place (the API asks GEOCODER_URL; the coordinates as text otherwise)',
        description:
          'Always answers 200: when no geocoder is configured, or it fails or is slow, `name` is the ' +
          'coordinates to 6 decimals and `source` is `coordinates`.',
        security: [{ bearerAuth: [] }],
        querystring: reverseGeocodeQuerySchema,
        response: { 200: reverseGeocodeSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => geocode.reverseGeocode(request.query.latitude, request.query.longitude),
  );
}

import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the same zod contracts that validate requests: /api/openapi.json and /api/docs. */
export default fp(async function openapiPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Child Support Programme API',
        description: [
          'JSON API of the child-support programme web application.',
          '',
          'Idempotent writes: a signed-in POST with a JSON body may carry an `Idempotency-Key` header (1 to 255 ' +
            'visible ASCII characters). The same request sent again with the same key by the same user within a ' +
            'day is not carried out twice: it is answered with the first answer (header `Idempotent-Replayed: ' +
            'true`), or 409 (with `Retry-After` while the first is being answered), or 422 when the key came ' +
            'with another request.',
          '',
          'Limits: every signed-in person may send `USER_WRITES_PER_MINUTE` changes (POST, PUT, PATCH, DELETE) a ' +
            'minute, have `USER_UPLOADS_PER_HOUR` uploads accepted an hour and `USER_UPLOAD_MB_PER_DAY` megabytes ' +
            'a day; the public /auth calls are limited per client address. Over a limit any call answers 429 with ' +
            '`Retry-After` (seconds) and a message saying how long to wait; a replayed `Idempotency-Key` is not ' +
            'counted. File links (`/api/files/…`) are made for the session that asked for them and live minutes.',
        ].join('\n'),
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});

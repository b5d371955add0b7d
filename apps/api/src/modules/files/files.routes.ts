import { errorSchema, idParamSchema } from '@csp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDispositionInline, openSignedDownload } from './files.service.ts';

/** The signature is the permission: <img> and links cannot send an Authorization header. */
const signedQuerySchema = z.object({
  expires: z.string().max(20).optional().describe('Unix time (seconds) after which the link is dead'),
  sig: z.string().max(100).optional().describe('HMAC-SHA256 of id + expires, base64url'),
});

export async function filesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/:id',
    {
      schema: {
        tags: ['files'],
        summary: 'Download a stored file through a signed, expiring link',
        description:
          'No Authorization header: the link handed out by other responses (e.g. user.profilePicture) ' +
          'carries `expires` and `sig`. Answers the bytes with the stored Content-Type.',
        params: idParamSchema,
        querystring: signedQuerySchema,
        response: {
          200: z.any().describe('The file content'),
          400: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const download = await openSignedDownload(app, request.params.id, request.query);
      return reply
        .type(download.file.mimeType)
        .header('content-length', String(download.file.sizeBytes))
        .header('content-disposition', contentDispositionInline(download.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', `private, max-age=${download.maxAgeSeconds}`)
        .send(download.stream);
    },
  );
}

import { errorSchema, idParamSchema } from '@csp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDispositionAttachment, contentDispositionInline } from './files.service.ts';

/**
 * The signature is the permission: <img> and links cannot send an Authorization header. Every part is
 * optional here, so that a link missing one answers the link's 403 rather than a 400.
 */
const signedQuerySchema = z.object({
  u: z.string().max(40).optional().describe('The user the link was made for'),
  s: z.string().max(40).optional().describe('The sign-in session the link was made for'),
  v: z.string().max(20).optional().describe("The user's token version when it was made"),
  expires: z.string().max(20).optional().describe('Unix time (seconds) after which the link is dead'),
  sig: z.string().max(100).optional().describe('HMAC-SHA256 of id, u, s, v and expires, base64url'),
});

/**
 * What every file answer carries besides its type: the bytes are the uploader's, never the app's, so
 * they may not run script or reach the app's origin even when a browser renders them (a PDF with
 * JavaScript, an SVG), and their type is never guessed from their content.
 */
export const FILE_ANSWER_HEADERS = {
  'content-security-policy': 'sandbox',
  'x-content-type-options': 'nosniff',
} as const;

export async function filesRoutes(fastify: FastifyInstance) {
  const { files } = fastify.services;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/:id',
    {
      schema: {
        tags: ['files'],
        summary: 'Download a stored file through a signed, expiring link',
        description:
          'No Authorization header: the link handed out by other responses (e.g. user.profilePicture) ' +
          'carries the session it was made for (`u`, `s`, `v`), `expires` and `sig`. Answers the bytes ' +
          'with the stored Content-Type, `Content-Security-Policy: sandbox` and `nosniff`; images and ' +
          "PDFs inline, Word documents as attachments. 403 'This link has expired or is invalid' for a " +
          'bad or expired link and once its session has ended (signed out, password changed, account ' +
          "deactivated); 404 'File not found' when no live record shows the file.",
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
      const download = await files.openSignedDownload(request.params.id, request.query);
      const disposition =
        download.disposition === 'inline'
          ? contentDispositionInline(download.fileName)
          : contentDispositionAttachment(download.fileName);
      return reply
        .type(download.file.mimeType)
        .headers(FILE_ANSWER_HEADERS)
        .header('content-length', String(download.file.sizeBytes))
        .header('content-disposition', disposition)
        .header('cache-control', `private, max-age=${download.maxAgeSeconds}`)
        .send(download.stream);
    },
  );
}

import { auditChainCheckSchema, auditEventSchema, auditListQuerySchema, errorSchema } from '@csp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPage } from '../../lib/paging.ts';
import { actorOf } from '../../plugins/auth.ts';

/** /api/audit — read only: no route writes or changes the trail. */
export async function auditRoutes(app: FastifyInstance) {
  const { audit } = app.services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.authenticate);
  r.get(
    '/',
    {
      schema: {
        tags: ['audit'],
        summary: 'The audit trail, newest first (admins). With page/limit: X-Total-Count.',
        description: 'A record’s history: entity and entityId. Secrets are never recorded.',
        security: [{ bearerAuth: [] }],
        querystring: auditListQuerySchema,
        response: { 200: z.array(auditEventSchema), 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => sendPage(reply, await audit.listAudit(actorOf(request), request.query)),
  );
  r.get(
    '/chain',
    {
      schema: {
        tags: ['audit'],
        summary: 'Whether the audit trail is whole (admins): its hash chain checked from the first entry.',
        description:
          'Each entry is chained to the one before by a hash of its content. Answers the first link that does not hold (an entry changed or removed, or one removed or slipped in before it) and the entries that have no link.',
        security: [{ bearerAuth: [] }],
        response: { 200: auditChainCheckSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => audit.checkChain(actorOf(request)),
  );
}

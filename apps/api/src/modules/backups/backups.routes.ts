import { backupStatusSchema, errorSchema } from '@csp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.ts';

/** /api/backups — read only: the backups themselves are the server's job (db/backups.ts). */
export async function backupsRoutes(app: FastifyInstance) {
  const { backups } = app.services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.authenticate);
  r.get(
    '/',
    {
      schema: {
        tags: ['backups'],
        summary: 'Whether the embedded database is being backed up (admins)',
        description:
          'The newest backup, the last failure since, and whether a backup is overdue. Beyond the spec (decision 0026).',
        security: [{ bearerAuth: [] }],
        response: { 200: backupStatusSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => backups.backupStatus(actorOf(request)),
  );
}

import {
  DELETED_KIND_NOUNS,
  deletedActivitySchema,
  deletedHomeVisitSchema,
  deletedListQuerySchema,
  deletedMeasurementSchema,
  deletedStudentSchema,
  deletedUserSchema,
  errorSchema,
  idParamSchema,
  messageSchema,
  type DeletedKind,
} from '@csp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPage } from '../../lib/paging.ts';
import { actorOf } from '../../plugins/auth.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const security = [{ bearerAuth: [] }];

const rowSchemas = {
  users: deletedUserSchema,
  students: deletedStudentSchema,
  activities: deletedActivitySchema,
  measurements: deletedMeasurementSchema,
  'home-visits': deletedHomeVisitSchema,
} as const;

/**
 * The deleted-records routes of one kind, registered under that kind's prefix (/api/users, …):
 * GET /deleted/list, POST /{id}/restore, DELETE /{id}/permanent — admins only.
 */
export function deletedRecordsRoutes(kind: DeletedKind) {
  const noun = DELETED_KIND_NOUNS[kind].toLowerCase();
  const tags = ['deleted-records'];
  return async function routes(app: FastifyInstance) {
    const { deletedRecords } = app.services;
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.addHook('onRequest', app.authenticate);

    r.get(
      '/deleted/list',
      {
        schema: {
          tags,
          summary: `Deleted ${noun} records, newest deletion first (admins). With page/limit: X-Total-Count.`,
          security,
          querystring: deletedListQuerySchema,
          response: { 200: z.array(rowSchemas[kind]), ...errors },
        },
      },
      async (request, reply) =>
        sendPage(reply, await deletedRecords.listDeleted(actorOf(request), kind, request.query)),
    );

    r.post(
      '/:id/restore',
      {
        schema: {
          tags,
          summary: `Restore a deleted ${noun} exactly as it was (admins; 409 when that would break a rule)`,
          security,
          params: idParamSchema,
          body: z.strictObject({}).nullish().describe('No fields; may be left out'),
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) =>
        deletedRecords.restoreDeleted(actorOf(request), kind, request.params.id, request.idempotencyClaim),
    );

    r.delete(
      '/:id/permanent',
      {
        schema: {
          tags,
          summary: `Delete a deleted ${noun} for good, with its dependants and files (admins; 409 unless deleted first)`,
          security,
          params: idParamSchema,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => deletedRecords.deletePermanently(actorOf(request), kind, request.params.id),
    );
  };
}

import {
  currentOfficeLocationSchema,
  errorSchema,
  officeLocationDefaultsSchema,
  officeLocationHistoryQuerySchema,
  officeLocationSchema,
  setOfficeLocationBodySchema,
} from '@csp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPage } from '../../lib/paging.ts';
import { actorOf } from '../../plugins/auth.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema };
const security = [{ bearerAuth: [] }];
const tags = ['office-location'];

/** /api/office-location */
export async function officeLocationRoutes(app: FastifyInstance) {
  const { officeLocation } = app.services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.authenticate);

  r.get(
    '/current',
    {
      schema: {
        tags,
        summary: 'The active office location, or null when none is set',
        security,
        response: { 200: currentOfficeLocationSchema, ...errors },
      },
    },
    async () => officeLocation.currentOfficeLocation(),
  );

  r.get(
    '/history',
    {
      schema: {
        tags,
        summary: 'Every office location set, newest first (admins). With page/limit: X-Total-Count.',
        security,
        querystring: officeLocationHistoryQuerySchema,
        response: { 200: z.array(officeLocationSchema), ...errors },
      },
    },
    async (request, reply) =>
      sendPage(reply, await officeLocation.officeLocationHistory(actorOf(request), request.query)),
  );

  r.get(
    '/defaults',
    {
      schema: {
        tags,
        summary: 'The set form’s default values and the confirmation phrase (admins)',
        security,
        response: { 200: officeLocationDefaultsSchema, ...errors },
      },
    },
    async (request) => officeLocation.officeLocationDefaults(actorOf(request)),
  );

  r.post(
    '/set',
    {
      schema: {
        tags,
        summary: 'Set a new office location (admins; confirmed by CONFIRM_<ORG_CODE>_LOCATION)',
        description: 'The new location becomes the only active one; earlier ones stay in the history.',
        security,
        body: setOfficeLocationBodySchema,
        response: { 201: officeLocationSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await officeLocation.setOfficeLocation(actorOf(request), request.body, request.idempotencyClaim),
        ),
  );

  r.post(
    '/initialize-default',
    {
      schema: {
        tags,
        summary: 'Set the configured default office location (admins; only while none is set, else 409)',
        security,
        body: z.strictObject({}).nullish().describe('No fields; may be left out'),
        response: { 201: officeLocationSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await officeLocation.initializeDefaultOfficeLocation(actorOf(request), request.idempotencyClaim),
        ),
  );
}

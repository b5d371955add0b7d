import {
  atRiskEntrySchema,
  atRiskQuerySchema,
  createMeasurementBodySchema,
  GROWTH_MESSAGES,
  growthSeriesSchema,
  messageSchema,
  errorSchema,
  idParamSchema,
  MEASUREMENT_LIMITS,
  MEASUREMENT_PHOTO_FIELD,
  measurementListQuerySchema,
  measurementPhotoUploadResponseSchema,
  measurementSchema,
  measurementStatusEntrySchema,
  measurementStatusQuerySchema,
  measurementStatusSummarySchema,
  PHOTO_MESSAGES,
} from '@csp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPage } from '../../lib/paging.ts';
import { actorOf } from '../../plugins/auth.ts';
import { fileLinksOf, readUpload } from '../files/files.service.ts';

const studentIdParamSchema = z.object({
  studentId: z.uuid({ message: 'studentId must be a valid identifier' }),
});

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

export async function measurementsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { growth, measurements } = app.services;
  r.addHook('onRequest', app.authenticate);

  r.get(
    '/status/all',
    {
      schema: {
        tags: ['measurements'],
        summary: 'Measurement status of every student (teachers: their own)',
        description:
          'Without parameters: every student in scope, by name. With status, category, teacherId ' +
          '(admins), search, order (name or due: soonest due first) and page/limit (default 10): that ' +
          'page, filtered and ordered in SQL, and the number of matches in X-Total-Count.',
        security: [{ bearerAuth: [] }],
        querystring: measurementStatusQuerySchema,
        response: { 200: z.array(measurementStatusEntrySchema), ...errors },
      },
    },
    async (request, reply) =>
      sendPage(reply, await measurements.statusOfAll(actorOf(request), request.query)),
  );

  r.get(
    '/status/summary',
    {
      schema: {
        tags: ['measurements'],
        summary: 'The status page counters: total, up to date, due soon, overdue, never measured',
        description: 'Counted in SQL over the students in scope; category, teacherId and search apply.',
        security: [{ bearerAuth: [] }],
        querystring: measurementStatusQuerySchema.omit({
          status: true,
          order: true,
          page: true,
          limit: true,
        }),
        response: { 200: measurementStatusSummarySchema, ...errors },
      },
    },
    async (request) => measurements.statusSummary(actorOf(request), request.query),
  );

  r.get(
    '/at-risk',
    {
      schema: {
        tags: ['measurements'],
        summary: 'Children at risk: whose latest measurement is stunted, wasted, underweight or falling',
        description:
          'Teachers: their own children. Moderate (below −2 SD) and severe (below −3 SD) by the WHO ' +
          'cut-offs, or weight-for-age down by more than 0.67 since the measurement before. Always a ' +
          'page (default 10), newest latest measurement first, the number of matches in X-Total-Count.',
        security: [{ bearerAuth: [] }],
        querystring: atRiskQuerySchema,
        response: { 200: z.array(atRiskEntrySchema), ...errors },
      },
    },
    async (request, reply) => sendPage(reply, await growth.atRiskChildren(actorOf(request), request.query)),
  );

  r.get(
    '/growth/:studentId',
    {
      schema: {
        tags: ['measurements'],
        summary: 'A child’s growth series and the WHO curves of the charts (teachers: their students)',
        security: [{ bearerAuth: [] }],
        params: studentIdParamSchema,
        response: { 200: growthSeriesSchema, ...errors },
      },
    },
    async (request) => growth.growthSeries(actorOf(request), request.params.studentId),
  );

  r.get(
    '',
    {
      schema: {
        tags: ['measurements'],
        summary:
          'List measurements, newest first (teachers: their students’). With page/limit: X-Total-Count.',
        security: [{ bearerAuth: [] }],
        querystring: measurementListQuerySchema,
        response: { 200: z.array(measurementSchema), ...errors },
      },
    },
    async (request, reply) =>
      sendPage(
        reply,
        await measurements.listMeasurements(actorOf(request), fileLinksOf(app, request), request.query),
      ),
  );

  r.post(
    '',
    {
      schema: {
        tags: ['measurements'],
        summary: 'Record a measurement (teachers: for their own students; admins: any student)',
        security: [{ bearerAuth: [] }],
        body: createMeasurementBodySchema,
        response: { 201: measurementSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await measurements.createMeasurement(
            actorOf(request),
            fileLinksOf(app, request),
            request.body,
            request.idempotencyClaim,
          ),
        ),
  );

  r.get(
    '/:id',
    {
      schema: {
        tags: ['measurements'],
        summary: 'One measurement (teachers: of their students)',
        security: [{ bearerAuth: [] }],
        params: idParamSchema,
        response: { 200: measurementSchema, ...errors },
      },
    },
    async (request) =>
      measurements.getMeasurement(actorOf(request), fileLinksOf(app, request), request.params.id),
  );

  r.delete(
    '/:id',
    {
      schema: {
        tags: ['measurements'],
        summary:
          'Delete a measurement recorded in error (admins: any; teachers: one they recorded of their ' +
          'student). Soft delete, restorable from Deleted Records; the child’s growth is rescored.',
        security: [{ bearerAuth: [] }],
        params: idParamSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await measurements.deleteMeasurement(actorOf(request), request.params.id);
      return { message: GROWTH_MESSAGES.deleted };
    },
  );
}

/** /api/file-upload/measurement */
export async function measurementPhotoUploadRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { measurements } = app.services;
  r.addHook('onRequest', app.authenticate);

  r.post(
    '',
    {
      schema: {
        tags: ['measurements'],
        summary: 'Upload one measurement photo',
        description:
          `multipart/form-data with one file in the field '${MEASUREMENT_PHOTO_FIELD}' (a 'type' text field ` +
          'may come with it and is not used): JPG, PNG, GIF or WebP (checked from the content), at most ' +
          '5 MB. Answers `url` (signed link, to show) and `id`; either goes into a measurement’s `photos`.',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        response: {
          201: measurementPhotoUploadResponseSchema,
          ...errors,
          413: errorSchema,
          415: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await measurements.uploadMeasurementPhoto(
        actorOf(request),
        fileLinksOf(app, request),
        () =>
          readUpload(request, {
            field: MEASUREMENT_PHOTO_FIELD,
            maxBytes: MEASUREMENT_LIMITS.photoMaxBytes,
            tooLargeMessage: PHOTO_MESSAGES.tooLarge,
            missingMessage: `${MEASUREMENT_PHOTO_FIELD}: ${PHOTO_MESSAGES.missing.toLowerCase()}`,
          }),
      );
      return reply.code(201).send(result);
    },
  );
}

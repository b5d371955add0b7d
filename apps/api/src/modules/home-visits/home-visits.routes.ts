import {
  approveHomeVisitBodySchema,
  createHomeVisitBodySchema,
  errorSchema,
  HOME_VISIT_FILE_FIELD,
  HOME_VISIT_LIMITS,
  HOME_VISIT_MESSAGES,
  homeVisitListQuerySchema,
  homeVisitReviewQuerySchema,
  homeVisitSchema,
  homeVisitUploadResponseSchema,
  homeVisitYearsSchema,
  idParamSchema,
  messageSchema,
  rejectHomeVisitBodySchema,
  updateHomeVisitBodySchema,
} from '@csp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPage } from '../../lib/paging.ts';
import { actorOf } from '../../plugins/auth.ts';
import { fileLinksOf, readUpload } from '../files/files.service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** /api/home-visits */
export async function homeVisitsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { homeVisits } = app.services;
  r.addHook('onRequest', app.authenticate);

  r.get(
    '',
    {
      schema: {
        tags: ['home-visits'],
        summary:
          'List home visits, newest first (teachers: of their students). With page/limit: X-Total-Count.',
        security: [{ bearerAuth: [] }],
        querystring: homeVisitListQuerySchema,
        response: { 200: z.array(homeVisitSchema), ...errors },
      },
    },
    async (request, reply) =>
      sendPage(
        reply,
        await homeVisits.listHomeVisits(actorOf(request), fileLinksOf(app, request), request.query),
      ),
  );

  r.post(
    '',
    {
      schema: {
        tags: ['home-visits'],
        summary: 'Record a home visit (teachers, for their own students; the server decides the status)',
        description:
          'The distance to the student’s home is computed from latitude/longitude; within the threshold ' +
          '(GET /api/settings) and with a fix no coarser than it, the visit is APPROVED at once, otherwise ' +
          'PENDING for review. `status` and `teacherId` in the payload are ignored.',
        security: [{ bearerAuth: [] }],
        body: createHomeVisitBodySchema,
        response: { 201: homeVisitSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await homeVisits.createHomeVisit(
            actorOf(request),
            fileLinksOf(app, request),
            request.body,
            request.idempotencyClaim,
          ),
        ),
  );

  r.get(
    '/years',
    {
      schema: {
        tags: ['home-visits'],
        summary: 'The years in which the visible visits fall, newest first (the year filter’s options)',
        security: [{ bearerAuth: [] }],
        response: { 200: homeVisitYearsSchema, ...errors },
      },
    },
    async (request) => homeVisits.homeVisitYears(actorOf(request)),
  );

  r.get(
    '/pending/review',
    {
      schema: {
        tags: ['home-visits'],
        summary: 'The review queue: pending visits, newest first (admins). With page/limit: X-Total-Count.',
        security: [{ bearerAuth: [] }],
        querystring: homeVisitReviewQuerySchema,
        response: { 200: z.array(homeVisitSchema), ...errors },
      },
    },
    async (request, reply) =>
      sendPage(
        reply,
        await homeVisits.pendingForReview(actorOf(request), fileLinksOf(app, request), request.query),
      ),
  );

  r.get(
    '/:id',
    {
      schema: {
        tags: ['home-visits'],
        summary: 'One home visit (teachers: of their students)',
        security: [{ bearerAuth: [] }],
        params: idParamSchema,
        response: { 200: homeVisitSchema, ...errors },
      },
    },
    async (request) =>
      homeVisits.getHomeVisit(actorOf(request), fileLinksOf(app, request), request.params.id),
  );

  r.patch(
    '/:id',
    {
      schema: {
        tags: ['home-visits'],
        summary: 'Edit a home visit (only the teacher who recorded it, until an admin has reviewed it)',
        description: 'A new latitude/longitude recomputes the distance and the status.',
        security: [{ bearerAuth: [] }],
        params: idParamSchema,
        body: updateHomeVisitBodySchema,
        response: { 200: homeVisitSchema, ...errors },
      },
    },
    async (request) =>
      homeVisits.updateHomeVisit(
        actorOf(request),
        fileLinksOf(app, request),
        request.params.id,
        request.body,
      ),
  );

  r.delete(
    '/:id',
    {
      schema: {
        tags: ['home-visits'],
        summary: 'Delete a home visit (only the teacher who recorded it; soft delete, restorable)',
        security: [{ bearerAuth: [] }],
        params: idParamSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await homeVisits.deleteHomeVisit(actorOf(request), request.params.id);
      return { message: HOME_VISIT_MESSAGES.deleted };
    },
  );

  r.patch(
    '/:id/approve',
    {
      schema: {
        tags: ['home-visits'],
        summary: 'Approve a pending visit (admins; once only: 409 when already reviewed)',
        security: [{ bearerAuth: [] }],
        params: idParamSchema,
        body: approveHomeVisitBodySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await homeVisits.reviewHomeVisit(actorOf(request), request.params.id, {
        status: 'APPROVED',
        reviewNotes: request.body?.reviewNotes ?? null,
        seen: request.body?.updatedAt,
      });
      return { message: HOME_VISIT_MESSAGES.approved };
    },
  );

  r.patch(
    '/:id/reject',
    {
      schema: {
        tags: ['home-visits'],
        summary: 'Reject a pending visit with a reason (admins; once only: 409 when already reviewed)',
        security: [{ bearerAuth: [] }],
        params: idParamSchema,
        body: rejectHomeVisitBodySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await homeVisits.reviewHomeVisit(actorOf(request), request.params.id, {
        status: 'REJECTED',
        reviewNotes: request.body.reviewNotes,
        seen: request.body.updatedAt,
      });
      return { message: HOME_VISIT_MESSAGES.rejected };
    },
  );
}

/** /api/file-upload/home-visit */
export async function homeVisitUploadRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { homeVisits } = app.services;
  r.addHook('onRequest', app.authenticate);

  r.post(
    '',
    {
      schema: {
        tags: ['home-visits'],
        summary: 'Upload one file of a home visit (teachers)',
        description:
          `multipart/form-data with one file in the field '${HOME_VISIT_FILE_FIELD}' (a 'type' text field ` +
          'may come with it and is not used): JPG, PNG, GIF, WebP, PDF, DOC or DOCX (checked from the ' +
          'content), at most 10 MB. Answers `url` (signed link) and `id`; either goes into a visit’s `photos`.',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        response: { 201: homeVisitUploadResponseSchema, ...errors, 413: errorSchema, 415: errorSchema },
      },
    },
    async (request, reply) => {
      const result = await homeVisits.uploadHomeVisitFile(actorOf(request), fileLinksOf(app, request), () =>
        readUpload(request, {
          field: HOME_VISIT_FILE_FIELD,
          maxBytes: HOME_VISIT_LIMITS.fileMaxBytes,
          tooLargeMessage: HOME_VISIT_MESSAGES.fileTooLarge,
          missingMessage: `${HOME_VISIT_FILE_FIELD}: ${HOME_VISIT_MESSAGES.fileMissing.toLowerCase()}`,
        }),
      );
      return reply.code(201).send(result);
    },
  );
}

import {
  ACTIVITY_LIMITS,
  ACTIVITY_MESSAGES,
  ACTIVITY_PHOTO_FIELD,
  activityListQuerySchema,
  activityPhotoUploadResponseSchema,
  activitySchema,
  createActivityBodySchema,
  errorSchema,
  idParamSchema,
  messageSchema,
  PHOTO_MESSAGES,
  updateActivityBodySchema,
} from '@csp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPage } from '../../lib/paging.ts';
import { actorOf } from '../../plugins/auth.ts';
import { fileLinksOf, readUpload } from '../files/files.service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** /api/activities */
export async function activitiesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { activities } = app.services;
  r.addHook('onRequest', app.authenticate);

  r.get(
    '',
    {
      schema: {
        tags: ['activities'],
        summary: 'List activities, newest first (teachers: their students’). With page/limit: X-Total-Count.',
        security: [{ bearerAuth: [] }],
        querystring: activityListQuerySchema,
        response: { 200: z.array(activitySchema), ...errors },
      },
    },
    async (request, reply) =>
      sendPage(
        reply,
        await activities.listActivities(actorOf(request), fileLinksOf(app, request), request.query),
      ),
  );

  r.post(
    '',
    {
      schema: {
        tags: ['activities'],
        summary: 'Record an activity (teachers, for their own students; they are its teacher)',
        security: [{ bearerAuth: [] }],
        body: createActivityBodySchema,
        response: { 201: activitySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await activities.createActivity(
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
        tags: ['activities'],
        summary: 'One activity (teachers: of their students)',
        security: [{ bearerAuth: [] }],
        params: idParamSchema,
        response: { 200: activitySchema, ...errors },
      },
    },
    async (request) => activities.getActivity(actorOf(request), fileLinksOf(app, request), request.params.id),
  );

  r.patch(
    '/:id',
    {
      schema: {
        tags: ['activities'],
        summary: 'Edit an activity (only the teacher who recorded it; the student never changes)',
        security: [{ bearerAuth: [] }],
        params: idParamSchema,
        body: updateActivityBodySchema,
        response: { 200: activitySchema, ...errors },
      },
    },
    async (request) =>
      activities.updateActivity(actorOf(request), fileLinksOf(app, request), request.params.id, request.body),
  );

  r.delete(
    '/:id',
    {
      schema: {
        tags: ['activities'],
        summary: 'Delete an activity (only the teacher who recorded it; soft delete, restorable)',
        security: [{ bearerAuth: [] }],
        params: idParamSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await activities.deleteActivity(actorOf(request), request.params.id);
      return { message: ACTIVITY_MESSAGES.deleted };
    },
  );
}

/** /api/file-upload/activities */
export async function activityPhotoUploadRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { activities } = app.services;
  r.addHook('onRequest', app.authenticate);

  r.post(
    '',
    {
      schema: {
        tags: ['activities'],
        summary: 'Upload one activity photo (teachers)',
        description:
          `multipart/form-data with one file in the field '${ACTIVITY_PHOTO_FIELD}': JPG, PNG, GIF or WebP ` +
          '(checked from the content), at most 5 MB; one request per photo. files[0] of the answer is the ' +
          'signed link to show and to put into an activity’s `photos`.',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        response: {
          201: activityPhotoUploadResponseSchema,
          ...errors,
          413: errorSchema,
          415: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await activities.uploadActivityPhoto(actorOf(request), fileLinksOf(app, request), () =>
        readUpload(request, {
          field: ACTIVITY_PHOTO_FIELD,
          maxBytes: ACTIVITY_LIMITS.photoMaxBytes,
          tooLargeMessage: PHOTO_MESSAGES.tooLarge,
          missingMessage: `${ACTIVITY_PHOTO_FIELD}: ${PHOTO_MESSAGES.missing.toLowerCase()}`,
        }),
      );
      return reply.code(201).send(result);
    },
  );
}

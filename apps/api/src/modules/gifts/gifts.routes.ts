import {
  bulkAssignGiftsBodySchema,
  bulkAssignGiftsResponseSchema,
  bulkGiftErrorSchema,
  errorSchema,
  GIFT_EVIDENCE_FIELD,
  GIFT_LIMITS,
  GIFT_MESSAGES,
  giftListQuerySchema,
  giftSchema,
  giftStatusChangeQuerySchema,
  idParamSchema,
  messageSchema,
  updateGiftBodySchema,
} from '@csp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPage } from '../../lib/paging.ts';
import { actorOf } from '../../plugins/auth.ts';
import { fileLinksOf, readOptionalUpload } from '../files/files.service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const security = [{ bearerAuth: [] }];
const tags = ['gifts'];

/** /api/gifts */
export async function giftsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { gifts } = app.services;
  r.addHook('onRequest', app.authenticate);

  r.get(
    '',
    {
      schema: {
        tags,
        summary:
          'List gifts, newest gift date first (teachers: of their students). With page/limit: X-Total-Count.',
        security,
        querystring: giftListQuerySchema,
        response: { 200: z.array(giftSchema), ...errors },
      },
    },
    async (request, reply) =>
      sendPage(reply, await gifts.listGifts(actorOf(request), fileLinksOf(app, request), request.query)),
  );

  r.post(
    '/bulk-assign',
    {
      schema: {
        tags,
        summary: 'Assign gifts in bulk (admins; all or nothing)',
        description:
          'Each row names a student by their student ID. Any refused row (unknown student ID, a gift ID ' +
          'twice in the list or already stored) answers 400 with `errors` per row and stores nothing. The ' +
          'student’s teacher gets a GIFT_ASSIGNMENT notification for each gift.',
        security,
        body: bulkAssignGiftsBodySchema,
        response: { 201: bulkAssignGiftsResponseSchema, ...errors, 400: bulkGiftErrorSchema.or(errorSchema) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await gifts.bulkAssignGifts(actorOf(request), request.body, request.idempotencyClaim)),
  );

  r.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One gift (teachers: of their students)',
        security,
        params: idParamSchema,
        response: { 200: giftSchema, ...errors },
      },
    },
    async (request) => gifts.getGift(actorOf(request), fileLinksOf(app, request), request.params.id),
  );

  r.patch(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Edit a gift’s details (admins)',
        security,
        params: idParamSchema,
        body: updateGiftBodySchema,
        response: { 200: giftSchema, ...errors },
      },
    },
    async (request) =>
      gifts.updateGift(actorOf(request), fileLinksOf(app, request), request.params.id, request.body),
  );

  r.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Delete a gift (admins; kept as deleted, not erased)',
        security,
        params: idParamSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await gifts.deleteGift(actorOf(request), request.params.id);
      return { message: GIFT_MESSAGES.deleted };
    },
  );

  r.patch(
    '/:id/deliver-with-evidence',
    {
      schema: {
        tags,
        summary: 'Confirm the delivery of an open gift (its teacher or an admin), with an optional photo',
        description:
          `multipart/form-data with the photo in '${GIFT_EVIDENCE_FIELD}' (JPEG, PNG or WebP by its content, ` +
          'at most 5 MB), or no body for a delivery without a photo. 409 once delivered or cancelled.',
        security,
        consumes: ['multipart/form-data'],
        params: idParamSchema,
        querystring: giftStatusChangeQuerySchema,
        response: { 200: giftSchema, ...errors, 413: errorSchema, 415: errorSchema },
      },
    },
    async (request) =>
      gifts.deliverGift(
        actorOf(request),
        fileLinksOf(app, request),
        request.params.id,
        () =>
          readOptionalUpload(request, {
            field: GIFT_EVIDENCE_FIELD,
            maxBytes: GIFT_LIMITS.evidenceMaxBytes,
            tooLargeMessage: GIFT_MESSAGES.evidenceTooLarge,
          }),
        request.query.updatedAt,
      ),
  );

  r.patch(
    '/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel an open gift (its teacher or an admin; 409 once delivered or cancelled)',
        security,
        params: idParamSchema,
        querystring: giftStatusChangeQuerySchema,
        body: z.strictObject({}).nullish().describe('No fields; may be left out'),
        response: { 200: giftSchema, ...errors },
      },
    },
    async (request) =>
      gifts.cancelGift(
        actorOf(request),
        fileLinksOf(app, request),
        request.params.id,
        request.query.updatedAt,
      ),
  );
}

import {
  createUserBodySchema,
  errorSchema,
  idParamSchema,
  messageSchema,
  PROFILE_PICTURE_FIELD,
  PROFILE_PICTURE_MAX_BYTES,
  PROFILE_PICTURE_MESSAGES,
  profilePictureResponseSchema,
  updateUserBodySchema,
  USER_MESSAGES,
  userDetailSchema,
  userListItemSchema,
  userListQuerySchema,
} from '@csp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth.ts';
import { fileLinksOf, readUpload } from '../files/files.service.ts';
import { sendPage } from '../../lib/paging.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const adminErrors = { ...errors, 409: errorSchema };
const bearer = [{ bearerAuth: [] }];

export async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { users } = app.services;

  app.get(
    '',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'List users (administrators)',
        description:
          'Never includes deleted users. search matches first name, last name, "first last" and email; ' +
          'role filters; available=true keeps only active teachers holding fewer than 25 students. ' +
          'Ordered by first and last name. With page/limit: one page and X-Total-Count.',
        security: bearer,
        querystring: userListQuerySchema,
        response: { 200: z.array(userListItemSchema), ...adminErrors },
      },
    },
    async (request, reply) =>
      sendPage(reply, await users.listUsers(actorOf(request), fileLinksOf(app, request), request.query)),
  );

  app.post(
    '',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Create a user (administrators)',
        description: 'Active unless isActive is false. 409 when the email belongs to any account.',
        security: bearer,
        body: createUserBodySchema,
        response: { 201: userDetailSchema, ...adminErrors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await users.createUser(
            actorOf(request),
            fileLinksOf(app, request),
            request.body,
            request.idempotencyClaim,
          ),
        ),
  );

  app.get(
    '/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'One user with their assigned students (administrators)',
        security: bearer,
        params: idParamSchema,
        response: { 200: userDetailSchema, ...adminErrors },
      },
    },
    async (request) => users.getUser(actorOf(request), fileLinksOf(app, request), request.params.id),
  );

  app.patch(
    '/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Update a user (administrators)',
        description:
          'Deactivating or changing the role ends the user’s sessions. Not allowed on one’s own ' +
          'role or active state; a teacher holding students cannot become an admin (409).',
        security: bearer,
        params: idParamSchema,
        body: updateUserBodySchema,
        response: { 200: userDetailSchema, ...adminErrors },
      },
    },
    async (request) =>
      users.updateUser(actorOf(request), fileLinksOf(app, request), request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Delete a user (administrators; soft delete, restorable)',
        description:
          'Ends the user’s sessions. Not allowed on one’s own account. A deleted teacher’s students ' +
          'keep their assignment for a restore but count as unassigned meanwhile.',
        security: bearer,
        params: idParamSchema,
        response: { 200: messageSchema, ...adminErrors },
      },
    },
    async (request) => {
      await users.deleteUser(actorOf(request), request.params.id);
      return { message: USER_MESSAGES.deleted };
    },
  );

  app.post(
    '/:id/profile-picture',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Upload or replace a profile picture',
        description:
          `multipart/form-data with one file in the field '${PROFILE_PICTURE_FIELD}': JPEG, PNG or WebP ` +
          '(checked from the content), at most 5 MB. Own picture; admins may change anyone’s. ' +
          'The previous picture is deleted.',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        params: idParamSchema,
        response: { 200: profilePictureResponseSchema, ...errors, 413: errorSchema, 415: errorSchema },
      },
    },
    async (request) => {
      const user = await users.setProfilePicture(
        actorOf(request),
        fileLinksOf(app, request),
        request.params.id,
        () =>
          readUpload(request, {
            field: PROFILE_PICTURE_FIELD,
            maxBytes: PROFILE_PICTURE_MAX_BYTES,
            tooLargeMessage: PROFILE_PICTURE_MESSAGES.tooLarge,
            missingMessage: PROFILE_PICTURE_MESSAGES.missing,
          }),
      );
      return { message: PROFILE_PICTURE_MESSAGES.updated, user };
    },
  );

  app.delete(
    '/:id/profile-picture',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Remove a profile picture',
        description: 'Own picture; admins may remove anyone’s. Answers the user with profilePicture null.',
        security: [{ bearerAuth: [] }],
        params: idParamSchema,
        response: { 200: profilePictureResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await users.deleteProfilePicture(
        actorOf(request),
        fileLinksOf(app, request),
        request.params.id,
      );
      return { message: PROFILE_PICTURE_MESSAGES.deleted, user };
    },
  );
}

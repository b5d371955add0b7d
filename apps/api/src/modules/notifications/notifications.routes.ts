import {
  errorSchema,
  idParamSchema,
  markAllReadResponseSchema,
  messageSchema,
  NOTIFICATION_MESSAGES,
  notificationListQuerySchema,
  notificationCountsSchema,
  notificationListSchema,
  notificationSchema,
} from '@csp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.ts';
import { sendPage } from '../../lib/paging.ts';

const security = [{ bearerAuth: [] }];
const tags = ['notifications'];

export async function notificationsRoutes(fastify: FastifyInstance) {
  const { notifications } = fastify.services;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);

  app.get(
    '',
    {
      schema: {
        tags,
        security,
        summary: 'My notifications, newest first',
        description:
          'Without parameters: the whole list. Filters (type, read, from/to days, search) are applied in ' +
          'SQL. With page and/or limit (default 10): that page, and the total of matching ones in the ' +
          'X-Total-Count header.',
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request, reply) =>
      sendPage(reply, await notifications.listNotifications(actorOf(request), request.query)),
  );

  app.get(
    '/counts',
    {
      schema: {
        tags,
        security,
        summary: 'How many notifications I have: total, unread and read',
        description: 'The cheap call behind the bell badge (polled every 30 s) and the inbox counters.',
        response: { 200: notificationCountsSchema, 401: errorSchema },
      },
    },
    async (request) => notifications.notificationCounts(actorOf(request)),
  );

  app.patch(
    '/:id/read',
    {
      schema: {
        tags,
        security,
        summary: 'Mark one of my notifications read',
        params: idParamSchema,
        response: { 200: notificationSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => notifications.markRead(actorOf(request), request.params.id),
  );

  app.post(
    '/mark-all-read',
    {
      schema: {
        tags,
        security,
        summary: 'Mark all my notifications read',
        response: { 200: markAllReadResponseSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const updated = await notifications.markAllRead(actorOf(request));
      return { message: NOTIFICATION_MESSAGES.allMarkedRead, updated };
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete one of my notifications',
        params: idParamSchema,
        response: { 200: messageSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      await notifications.deleteNotification(actorOf(request), request.params.id);
      return { message: NOTIFICATION_MESSAGES.deleted };
    },
  );
}

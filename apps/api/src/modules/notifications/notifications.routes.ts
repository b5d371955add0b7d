import type { FastifyInstance } from 'fastify';

export async function notificationsRoutes(_app: FastifyInstance) {
  // routes of /api/notifications are registered here
}

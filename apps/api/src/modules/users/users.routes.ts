import type { FastifyInstance } from 'fastify';

export async function usersRoutes(_app: FastifyInstance) {
  // routes of /api/users are registered here
}

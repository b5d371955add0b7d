import type { FastifyInstance } from 'fastify';

export async function authRoutes(_app: FastifyInstance) {
  // routes of /api/auth are registered here
}

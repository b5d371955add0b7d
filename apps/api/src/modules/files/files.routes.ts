import type { FastifyInstance } from 'fastify';

export async function filesRoutes(_app: FastifyInstance) {
  // routes of /api/files are registered here
}

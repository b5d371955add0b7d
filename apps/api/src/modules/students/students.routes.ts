import {
  createStudentBodySchema,
  errorSchema,
  idParamSchema,
  messageSchema,
  studentDetailSchema,
  studentListQuerySchema,
  studentSchema,
  updateStudentBodySchema,
} from '@csp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth.ts';
import { sendPage } from '../../lib/paging.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

export async function studentsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { students } = app.services;
  r.addHook('onRequest', app.authenticate);

  r.get(
    '',
    {
      schema: {
        tags: ['students'],
        summary: 'List students (teachers: their own). With page/limit: one page and X-Total-Count.',
        security: [{ bearerAuth: [] }],
        querystring: studentListQuerySchema,
        response: { 200: z.array(studentSchema), ...errors },
      },
    },
    async (request, reply) => sendPage(reply, await students.listStudents(actorOf(request), request.query)),
  );

  r.post(
    '',
    {
      schema: {
        tags: ['students'],
        summary: 'Create a student (administrators)',
        security: [{ bearerAuth: [] }],
        body: createStudentBodySchema,
        response: { 201: studentDetailSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await students.createStudent(actorOf(request), request.body, request.idempotencyClaim)),
  );

  r.get(
    '/:id',
    {
      schema: {
        tags: ['students'],
        summary: 'One student with activities, measurements and home visits',
        security: [{ bearerAuth: [] }],
        params: idParamSchema,
        response: { 200: studentDetailSchema, ...errors },
      },
    },
    async (request) => students.getStudent(actorOf(request), request.params.id),
  );

  r.patch(
    '/:id',
    {
      schema: {
        tags: ['students'],
        summary: 'Update a student (teachers: their own, without reassigning)',
        security: [{ bearerAuth: [] }],
        params: idParamSchema,
        body: updateStudentBodySchema,
        response: { 200: studentDetailSchema, ...errors },
      },
    },
    async (request) => students.updateStudent(actorOf(request), request.params.id, request.body),
  );

  r.delete(
    '/:id',
    {
      schema: {
        tags: ['students'],
        summary: 'Delete a student (administrators; soft delete, restorable)',
        security: [{ bearerAuth: [] }],
        params: idParamSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await students.deleteStudent(actorOf(request), request.params.id);
      return { message: 'Student deleted successfully' };
    },
  );
}

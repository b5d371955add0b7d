import {
  applyLeaveBodySchema,
  approveLeaveBodySchema,
  errorSchema,
  idParamSchema,
  leaveAnalyticsYearQuerySchema,
  leaveExportQuerySchema,
  leaveListQuerySchema,
  leaveRangeQuerySchema,
  leaveSchema,
  leaveSummaryQuerySchema,
  leaveSummarySchema,
  monthlyLeaveStatsSchema,
  reviewLeaveBodySchema,
  teacherLeaveStatsQuerySchema,
  teacherLeaveStatsSchema,
  todayTomorrowLeavesSchema,
  yearlyLeaveStatsSchema,
} from '@csp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPage } from '../../lib/paging.ts';
import { actorOf } from '../../plugins/auth.ts';
import { contentDispositionAttachment } from '../files/files.service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const security = [{ bearerAuth: [] }];
const tags = ['leaves'];
const teacherParamSchema = z.object({
  teacherId: z.uuid({ message: 'teacherId must be a valid identifier' }),
});

/** /api/leaves */
export async function leavesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { leaves } = app.services;
  r.addHook('onRequest', app.authenticate);

  r.post(
    '/apply',
    {
      schema: {
        tags,
        summary: 'Apply for leave (teachers): from today, not overlapping your pending or approved leave',
        description: 'endDate defaults to startDate (a single day). The status is always PENDING.',
        security,
        body: applyLeaveBodySchema,
        response: { 201: leaveSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await leaves.applyForLeave(actorOf(request), request.body, request.idempotencyClaim)),
  );

  r.get(
    '',
    {
      schema: {
        tags,
        summary: 'Applications overlapping startDate..endDate (the attendance calendar; teachers: their own)',
        security,
        querystring: leaveRangeQuerySchema,
        response: { 200: z.array(leaveSchema), ...errors },
      },
    },
    async (request) => leaves.leavesInRange(actorOf(request), request.query),
  );

  r.get(
    '/all',
    {
      schema: {
        tags,
        summary: 'Every application, newest first (admins). With page/limit: X-Total-Count.',
        security,
        querystring: leaveListQuerySchema,
        response: { 200: z.array(leaveSchema), ...errors },
      },
    },
    async (request, reply) => sendPage(reply, await leaves.listAllLeaves(actorOf(request), request.query)),
  );

  r.get(
    '/summary',
    {
      schema: {
        tags,
        summary: 'Totals by status for the list’s filters (the stat tiles; teachers: their own)',
        security,
        querystring: leaveSummaryQuerySchema,
        response: { 200: leaveSummarySchema, ...errors },
      },
    },
    async (request) => leaves.leaveSummary(actorOf(request), request.query),
  );

  r.get(
    '/teacher/:teacherId',
    {
      schema: {
        tags,
        summary:
          'One teacher’s applications, newest first (teachers: their own only). With page/limit: X-Total-Count.',
        security,
        params: teacherParamSchema,
        querystring: leaveListQuerySchema.omit({ teacherId: true }),
        response: { 200: z.array(leaveSchema), ...errors },
      },
    },
    async (request, reply) =>
      sendPage(
        reply,
        await leaves.listTeacherLeaves(actorOf(request), request.params.teacherId, request.query),
      ),
  );

  r.get(
    '/today-tomorrow',
    {
      schema: {
        tags,
        summary: 'Approved leaves covering today and tomorrow (administrators)',
        security,
        response: { 200: todayTomorrowLeavesSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => leaves.todayAndTomorrow(actorOf(request)),
  );

  r.get(
    '/analytics/monthly',
    {
      schema: {
        tags,
        summary: 'Applications per month of a year, by the month the leave starts (admins)',
        security,
        querystring: leaveAnalyticsYearQuerySchema,
        response: { 200: monthlyLeaveStatsSchema, ...errors },
      },
    },
    async (request) => leaves.monthlyStats(actorOf(request), request.query.year),
  );

  r.get(
    '/analytics/yearly',
    {
      schema: {
        tags,
        summary: 'Applications per year: this year and the four before (admins)',
        security,
        response: { 200: yearlyLeaveStatsSchema, ...errors },
      },
    },
    async (request) => leaves.yearlyStats(actorOf(request)),
  );

  r.get(
    '/analytics/teachers',
    {
      schema: {
        tags,
        summary:
          'Applications per teacher for a year or a month of it, by name (admins). With page/limit: X-Total-Count.',
        security,
        querystring: teacherLeaveStatsQuerySchema,
        response: { 200: teacherLeaveStatsSchema, ...errors },
      },
    },
    async (request, reply) => sendPage(reply, await leaves.teacherStats(actorOf(request), request.query)),
  );

  r.get(
    '/analytics/export',
    {
      schema: {
        tags,
        summary: 'The analytics as a CSV file (admins)',
        description: 'view = monthly (default), yearly or teachers, with the same filters as those calls.',
        security,
        querystring: leaveExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await leaves.exportReport(actorOf(request), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDispositionAttachment(fileName))
        .send(csv);
    },
  );

  r.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One application (teachers: their own)',
        security,
        params: idParamSchema,
        response: { 200: leaveSchema, ...errors },
      },
    },
    async (request) => leaves.getLeave(actorOf(request), request.params.id),
  );

  r.patch(
    '/:id/approve',
    {
      schema: {
        tags,
        summary: 'Quick approve a pending application (admins; once only: 409 when already reviewed)',
        security,
        params: idParamSchema,
        body: approveLeaveBodySchema,
        response: { 200: leaveSchema, ...errors },
      },
    },
    async (request) =>
      leaves.reviewLeave(actorOf(request), request.params.id, {
        status: 'APPROVED',
        reviewNotes: request.body?.reviewNotes ?? null,
      }),
  );

  r.patch(
    '/:id/review',
    {
      schema: {
        tags,
        summary: 'Approve or reject a pending application with optional notes (admins; once only)',
        security,
        params: idParamSchema,
        body: reviewLeaveBodySchema,
        response: { 200: leaveSchema, ...errors },
      },
    },
    async (request) =>
      leaves.reviewLeave(actorOf(request), request.params.id, {
        status: request.body.status,
        reviewNotes: request.body.reviewNotes ?? null,
      }),
  );
}

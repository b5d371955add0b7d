import {
  adminAttendanceQuerySchema,
  attendanceDashboardQuerySchema,
  attendanceDashboardSchema,
  attendanceListQuerySchema,
  attendanceSchema,
  attendanceTeachersQuerySchema,
  bulkReviewAttendanceBodySchema,
  bulkReviewResponseSchema,
  checkInBodySchema,
  checkOutBodySchema,
  errorSchema,
  idParamSchema,
  monthlyStatsQuerySchema,
  monthlyStatsSchema,
  pendingAttendanceQuerySchema,
  reviewAttendanceBodySchema,
  teacherAttendanceQuerySchema,
  teacherReportSchema,
  teacherReportsQuerySchema,
  teacherReportsSummaryQuerySchema,
  teacherReportsSummarySchema,
  teacherWithAttendanceSchema,
  todayAttendanceSchema,
} from '@csp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPage } from '../../lib/paging.ts';
import { actorOf } from '../../plugins/auth.ts';
import { contentDispositionAttachment } from '../files/files.service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const security = [{ bearerAuth: [] }];
const tags = ['attendance'];
const paged = 'With page/limit: that page and X-Total-Count.';

/** /api/attendance */
export async function attendanceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { attendance } = app.services;
  r.addHook('onRequest', app.authenticate);

  r.post(
    '/check-in',
    {
      schema: {
        tags,
        summary: 'Check in for today (teachers; once a day, else 409)',
        description:
          'The day is the organisation’s (ORG_TIMEZONE) and the time the server’s. Within the active ' +
          'office location’s radius → APPROVED at once; otherwise PENDING for an administrator.',
        security,
        body: checkInBodySchema,
        response: { 201: attendanceSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await attendance.checkIn(actorOf(request), request.body, request.idempotencyClaim)),
  );

  r.post(
    '/check-out',
    {
      schema: {
        tags,
        summary: 'Check out of today’s record (teachers; once, after checking in, else 409)',
        security,
        body: checkOutBodySchema,
        response: { 200: attendanceSchema, ...errors },
      },
    },
    async (request) => attendance.checkOut(actorOf(request), request.body, request.idempotencyClaim),
  );

  r.get(
    '/today',
    {
      schema: {
        tags,
        summary: 'Today’s record of the signed-in teacher, or null before the check-in',
        security,
        response: { 200: todayAttendanceSchema, ...errors },
      },
    },
    async (request) => attendance.todayRecord(actorOf(request)),
  );

  r.get(
    '/',
    {
      schema: {
        tags,
        summary: `Records in a range, newest first (teachers: their own). ${paged}`,
        security,
        querystring: attendanceListQuerySchema,
        response: { 200: z.array(attendanceSchema), ...errors },
      },
    },
    async (request, reply) =>
      sendPage(reply, await attendance.listAttendance(actorOf(request), request.query)),
  );

  r.get(
    '/monthly-stats',
    {
      schema: {
        tags,
        summary: 'One teacher’s month: counts, hours and every day classified (teachers: their own)',
        security,
        querystring: monthlyStatsQuerySchema,
        response: { 200: monthlyStatsSchema, ...errors },
      },
    },
    async (request) => attendance.monthlyStats(actorOf(request), request.query),
  );

  r.get(
    '/admin/all',
    {
      schema: {
        tags,
        summary: `Every live teacher’s records, newest first (admins). ${paged}`,
        security,
        querystring: adminAttendanceQuerySchema,
        response: { 200: z.array(attendanceSchema), ...errors },
      },
    },
    async (request, reply) => sendPage(reply, await attendance.adminList(actorOf(request), request.query)),
  );

  r.get(
    '/admin/pending',
    {
      schema: {
        tags,
        summary: `Pending records, oldest first (admins). ${paged}`,
        security,
        querystring: pendingAttendanceQuerySchema,
        response: { 200: z.array(attendanceSchema), ...errors },
      },
    },
    async (request, reply) => sendPage(reply, await attendance.pendingList(actorOf(request), request.query)),
  );

  r.get(
    '/admin/dashboard',
    {
      schema: {
        tags,
        summary: 'Counters for the filters and the first 5 pending approvals (admins)',
        security,
        querystring: attendanceDashboardQuerySchema,
        response: { 200: attendanceDashboardSchema, ...errors },
      },
    },
    async (request) => attendance.dashboard(actorOf(request), request.query),
  );

  r.get(
    '/admin/teachers',
    {
      schema: {
        tags,
        summary: `Live teachers by name with their record counts (admins). ${paged}`,
        security,
        querystring: attendanceTeachersQuerySchema,
        response: { 200: z.array(teacherWithAttendanceSchema), ...errors },
      },
    },
    async (request, reply) =>
      sendPage(reply, await attendance.teachersWithStats(actorOf(request), request.query)),
  );

  r.get(
    '/admin/teacher/:id/attendance',
    {
      schema: {
        tags,
        summary: `One teacher’s records, newest first (admins). ${paged}`,
        security,
        params: idParamSchema,
        querystring: teacherAttendanceQuerySchema,
        response: { 200: z.array(attendanceSchema), ...errors },
      },
    },
    async (request, reply) =>
      sendPage(reply, await attendance.teacherAttendance(actorOf(request), request.params.id, request.query)),
  );

  r.get(
    '/admin/teacher-reports',
    {
      schema: {
        tags,
        summary: `Each live teacher’s month by name (admins). ${paged}`,
        security,
        querystring: teacherReportsQuerySchema,
        response: { 200: z.array(teacherReportSchema), ...errors },
      },
    },
    async (request, reply) =>
      sendPage(reply, await attendance.teacherReports(actorOf(request), request.query)),
  );

  r.get(
    '/admin/teacher-reports/summary',
    {
      schema: {
        tags,
        summary: 'The report’s tiles over every matching teacher (admins)',
        security,
        querystring: teacherReportsSummaryQuerySchema,
        response: { 200: teacherReportsSummarySchema, ...errors },
      },
    },
    async (request) => attendance.teacherReportsSummary(actorOf(request), request.query),
  );

  r.get(
    '/admin/teacher-reports/export',
    {
      schema: {
        tags,
        summary: 'The month’s report as CSV with the spec’s columns, named by year and month (admins)',
        security,
        querystring: teacherReportsSummaryQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await attendance.exportReports(actorOf(request), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDispositionAttachment(fileName))
        .send(csv);
    },
  );

  r.post(
    '/admin/review/:id',
    {
      schema: {
        tags,
        summary: 'Approve or reject a pending record with optional notes (admins; once only, else 409)',
        security,
        params: idParamSchema,
        body: reviewAttendanceBodySchema,
        response: { 200: attendanceSchema, ...errors },
      },
    },
    async (request) =>
      attendance.review(actorOf(request), request.params.id, request.body, request.idempotencyClaim),
  );

  r.post(
    '/admin/bulk-review',
    {
      schema: {
        tags,
        summary: 'The same decision for every selected pending record, all or nothing (admins)',
        security,
        body: bulkReviewAttendanceBodySchema,
        response: { 200: bulkReviewResponseSchema, ...errors },
      },
    },
    async (request) => attendance.bulkReview(actorOf(request), request.body, request.idempotencyClaim),
  );
}

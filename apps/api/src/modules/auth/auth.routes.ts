import {
  authPolicySchema,
  changePasswordBodySchema,
  changePasswordResponseSchema,
  errorSchema,
  forgotPasswordBodySchema,
  forgotPasswordResponseSchema,
  loginBodySchema,
  loginResponseSchema,
  messageSchema,
  profileResponseSchema,
  registerBodySchema,
  registerResponseSchema,
  resetPasswordBodySchema,
  resetPasswordResponseSchema,
  updateProfileBodySchema,
  verifyOtpBodySchema,
  verifyOtpResponseSchema,
} from '@csp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, sessionOf } from '../../plugins/auth.ts';
import { fileLinksOf } from '../files/files.service.ts';

const tags = ['auth'];
const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, errorSchema]));

/** /api/auth: sign-in, registration, password reset (public, limited per IP) and the own profile. */
export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { auth } = app.services;
  const publicCall = { onRequest: [app.authIpLimit] };
  const signedIn = { onRequest: [app.authenticate] };

  app.post(
    '/login',
    {
      ...publicCall,
      schema: {
        tags,
        summary: 'Sign in with email and password',
        description:
          "401 'Invalid credentials' for a wrong email or password; 403 'Account disabled…' for an account an administrator deactivated, or 'Your account is waiting for approval…' for one that registered and has not been activated yet.",
        body: loginBodySchema,
        response: { 200: loginResponseSchema, ...errors(400, 401, 403, 429) },
      },
    },
    (request) => auth.login(request.body),
  );

  app.post(
    '/register',
    {
      ...publicCall,
      schema: {
        tags,
        summary: 'Start a registration: emails a 6-digit code',
        description:
          'Keeps the registration pending for 10 minutes; `data.tempData` is sent back to /auth/verify-otp. Answers alike for an email that already has an account (its owner gets an email about the attempt instead of a code) and for one whose earlier registration, with another password, is still pending (kept as it is; the address gets a note). 403 for a teacher when TEACHER_REGISTRATION=closed; the first administrator needs `setupToken` when FIRST_ADMIN_SETUP=token (400 without, 403 wrong) and the email FIRST_ADMIN_EMAIL when set (403). The password must be at least PASSWORD_MIN_LENGTH long and not a common one (400).',
        body: registerBodySchema,
        response: { 200: registerResponseSchema, ...errors(400, 403, 429, 503) },
      },
    },
    (request) => auth.register(request.body),
  );

  app.post(
    '/verify-otp',
    {
      ...publicCall,
      schema: {
        tags,
        summary: 'Finish a registration with the emailed code',
        description:
          'The first administrator becomes active; later ADMIN registrations wait for activation by an admin, and so do teachers when TEACHER_REGISTRATION=approval.',
        body: verifyOtpBodySchema,
        response: { 200: verifyOtpResponseSchema, ...errors(400, 403, 409, 429) },
      },
    },
    (request) => auth.verifyRegistration(request.body),
  );

  app.post(
    '/forgot-password',
    {
      ...publicCall,
      schema: {
        tags,
        summary: 'Email a password reset code (also the resend)',
        description: 'Answers the same for every email, whether or not it has an account.',
        body: forgotPasswordBodySchema,
        response: { 200: forgotPasswordResponseSchema, ...errors(400, 429) },
      },
    },
    (request) => auth.forgotPassword(request.body),
  );

  app.post(
    '/reset-password',
    {
      ...publicCall,
      schema: {
        tags,
        summary: 'Set a new password with the emailed code',
        description: 'Every token issued before the reset stops working.',
        body: resetPasswordBodySchema,
        response: { 200: resetPasswordResponseSchema, ...errors(400, 429) },
      },
    },
    (request) => auth.resetPassword(request.body),
  );

  app.get(
    '/policy',
    {
      ...publicCall,
      schema: {
        tags,
        summary: 'What the registration and password forms need to know',
        description:
          'How teachers may register (TEACHER_REGISTRATION), the shortest new password (PASSWORD_MIN_LENGTH), and whether the next ADMIN registration needs the setup token.',
        response: { 200: authPolicySchema, ...errors(429) },
      },
    },
    () => auth.policy(),
  );

  app.post(
    '/logout',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Sign out: end this session on the server',
        description:
          'The token (and any renewal of it) stops working at once; other sessions of the same user go on.',
        security: [{ bearerAuth: [] }],
        response: { 200: messageSchema, ...errors(401) },
      },
    },
    (request) => auth.logout(sessionOf(request)),
  );

  app.get(
    '/profile',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The signed-in user',
        security: [{ bearerAuth: [] }],
        response: { 200: profileResponseSchema, ...errors(401, 404) },
      },
    },
    (request) => auth.getProfile(actorOf(request), fileLinksOf(app, request)),
  );

  app.patch(
    '/profile',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Edit own names and phone, or remove own picture',
        description: 'Email and role cannot be changed here (unknown fields are refused).',
        security: [{ bearerAuth: [] }],
        body: updateProfileBodySchema,
        response: { 200: profileResponseSchema, ...errors(400, 401, 404) },
      },
    },
    (request) => auth.updateProfile(actorOf(request), fileLinksOf(app, request), request.body),
  );

  app.patch(
    '/change-password',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Change own password',
        description: 'Every older token stops working; the answer carries a new token for the caller.',
        security: [{ bearerAuth: [] }],
        body: changePasswordBodySchema,
        response: { 200: changePasswordResponseSchema, ...errors(400, 401, 429) },
      },
    },
    (request) => auth.changePassword(actorOf(request), request.body),
  );
}

/**
 * Sign-in, registration with an emailed code, password reset, own profile and password change
 * (ARCHITECTURE.md "Security decisions"). Public calls need no permission; the profile calls act on the
 * signed-in actor only.
 */
import {
  AUTH_MESSAGES,
  newPasswordTooShortMessage,
  passwordTooShortMessage,
  type AuthPolicy,
  type changePasswordBodySchema,
  type ChangePasswordResponse,
  type forgotPasswordBodySchema,
  type LoginResponse,
  type loginBodySchema,
  type MessageResponse,
  type RegisterResponse,
  type registerBodySchema,
  type resetPasswordBodySchema,
  type updateProfileBodySchema,
  type User,
  type VerifyOtpResponse,
  type verifyOtpBodySchema,
} from '@csp/contracts';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { assertPasswordAllowed } from '../../lib/password-policy.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts';
import type { Actor } from '../../lib/actor.ts';
import { enforce } from '../../plugins/rate-limit.ts';
import {
  fileLinks,
  NO_FILE_LINKS,
  removeStoredObjects,
  unlinkStoredFiles,
  type FileLinks,
} from '../files/files.service.ts';
import { notifyMany } from '../notifications/notify.ts';
import { toUserDto } from '../users/users.mapper.ts';
import { CODE_TTL_MS, MAX_CODE_ATTEMPTS, codeHashesMatch, generateCode, hashCode } from './auth.codes.ts';
import {
  passwordResetCodeMail,
  registrationAttemptMail,
  registrationCodeMail,
  registrationPendingMail,
} from './auth.mail.ts';
import { setupTokenMatches } from './auth.setup.ts';
import * as usersRepo from '../users/users.repo.ts';
import * as repo from './auth.repo.ts';
import { audit } from '../audit/audit.ts';

type LoginInput = z.output<typeof loginBodySchema>;
type RegisterInput = z.output<typeof registerBodySchema>;
type VerifyOtpInput = z.output<typeof verifyOtpBodySchema>;
type ForgotPasswordInput = z.output<typeof forgotPasswordBodySchema>;
type ResetPasswordInput = z.output<typeof resetPasswordBodySchema>;
type UpdateProfileInput = z.output<typeof updateProfileBodySchema>;
type ChangePasswordInput = z.output<typeof changePasswordBodySchema>;
type Session = NonNullable<FastifyRequest['session']>;

export const MESSAGES = {
  invalidCredentials: 'Invalid credentials',
  accountDisabled: 'Account disabled. Contact an administrator.',
  emailTaken: 'An account with this email already exists',
  codeSent: 'A verification code has been sent to your email.',
  invalidCode: 'Invalid or expired OTP',
  tooManyAttempts: 'Too many wrong attempts. Request a new code.',
  registered: 'Registration successful',
  registeredAwaitingActivation:
    'Registration successful. Your administrator account is awaiting activation by an existing administrator.',
  registeredAwaitingApproval:
    'Registration successful. Your account is waiting for approval by an administrator.',
  forgotPassword: 'If an account exists for this email, a code has been sent.',
  passwordReset: 'Password reset successfully. Please sign in with your new password.',
  currentPasswordIncorrect: 'Current password is incorrect',
  passwordChanged: 'Password changed successfully',
  mailFailed: 'We could not send the email right now. Please try again in a few minutes.',
  signedOut: 'Signed out',
} as const;

const tooManyLoginFailures = (wait: string) =>
  `Too many failed sign-in attempts for this email. Please try again in ${wait}.`;
const tooManyPasswordFailures = (wait: string) =>
  `Too many wrong password attempts. Please try again in ${wait}.`;
const tooManyCodeSends = (wait: string) =>
  `Too many codes have been sent to this email. Please try again in ${wait}.`;

/** Expired rows are removed when new ones are written, an hour after their expiry. */
const PRUNE_AFTER_MS = 60 * 60_000;

/** The file links of a sign-in's answer, made for the session its token starts. */
function linksOfNewSession(app: FastifyInstance, user: usersRepo.UserRecord, token: string): FileLinks {
  const { sid, exp } = app.jwt.decode<{ sid: string; exp: number }>(token)!;
  const expiresAt = new Date(exp * 1000);
  return fileLinks(app.config, { id: sid, userId: user.id, tokenVersion: user.tokenVersion, expiresAt });
}

// ── sign-in ──────────────────────────────────────────────────────────────────────────────────────

export async function login(app: FastifyInstance, input: LoginInput): Promise<LoginResponse> {
  const { email, password } = input;
  const attempts = app.rateLimits.loginFailures;
  // Counted before the password is checked (and forgotten on success), so N concurrent wrong
  // passwords are never more than the limit checked.
  enforce(await attempts.hit(email), tooManyLoginFailures);

  const user = await repo.findUserByEmail(app.db, email);
  const ok =
    user && !user.deletedAt
      ? await verifyPassword(user.passwordHash, password)
      : await verifyAgainstDummy(password);
  if (!user || !ok) {
    // Its own statement: the failed attempt is kept although the request fails.
    await audit(app.db, { id: null, email }, 'sign_in_failed', 'user', user?.id ?? null);
    throw unauthorized(MESSAGES.invalidCredentials);
  }
  // Only someone who knows the password learns that the account is disabled, or not yet approved. A
  // later administrator awaiting activation is in the spec's flow, whose client reads 'Account disabled'
  // from this answer: only a teacher waiting under TEACHER_REGISTRATION=approval is told it waits.
  if (!user.isActive) {
    const waiting = user.role === 'TEACHER' && (await repo.awaitsFirstActivation(app.db, user.id));
    throw forbidden(waiting ? AUTH_MESSAGES.awaitingApproval : MESSAGES.accountDisabled);
  }

  await attempts.reset(email);
  await audit(app.db, user, 'sign_in', 'user', user.id);
  const token = app.signToken(user);
  return { access_token: token, user: toUserDto(user, linksOfNewSession(app, user, token)) };
}

/** Ends the caller's session on the server: this token and every renewal of it stop working. */
export async function logout(app: FastifyInstance, session: Session): Promise<MessageResponse> {
  const now = new Date();
  // Any token of this session expires within one lifetime from now.
  const until = new Date(now.getTime() + session.lifetimeSeconds * 1000);
  await repo.revokeSession(app.db, session.id, until, now);
  return { message: MESSAGES.signedOut };
}

// ── registration ─────────────────────────────────────────────────────────────────────────────────

/**
 * Answers the same for a new and an existing email, in about the same time (the password is hashed and
 * an email is sent either way), so nobody can test which emails have an account. The owner of an
 * existing account is told that someone tried to register with it.
 *
 * A registration still waiting for its code is kept until it expires: registering again with the same
 * email and another password changes nothing (the address is sent a note instead of a code), so nobody
 * who merely knows an email can cancel someone's registration. Its registrant, who knows its password,
 * may start over: that replaces it and its code.
 */
export async function register(app: FastifyInstance, input: RegisterInput): Promise<RegisterResponse> {
  const { email } = input;
  // The rules of the server's settings come before any work, as the schema's do.
  if (input.role === 'TEACHER' && app.config.teacherRegistration === 'closed') {
    throw forbidden(AUTH_MESSAGES.teacherRegistrationClosed);
  }
  assertPasswordAllowed(input.password, app.config.passwordMinLength, passwordTooShortMessage);
  if (input.role === 'ADMIN') await assertFirstAdminRules(app, email, input.setupToken);
  enforce(await app.rateLimits.codeSends.hit(email), tooManyCodeSends);

  const passwordHash = await hashPassword(input.password);
  const existing = await repo.findUserByEmail(app.db, email);
  // Looks like a pending registration; no such one exists, so verification answers 'Invalid or expired OTP'.
  const lookAlike = (): RegisterResponse => ({
    message: MESSAGES.codeSent,
    data: { tempData: { registrationId: randomUUID() } },
  });
  if (existing) {
    await sendOrFail(app, registrationAttemptMail(email, existing.firstName));
    return lookAlike();
  }

  const now = new Date();
  const live = await repo.findLivePendingRegistration(app.db, email, now);
  // Checked outside the transaction: the hash takes a while, and no lock is held meanwhile.
  const ownLiveId = live && (await verifyPassword(live.passwordHash, input.password)) ? live.id : undefined;

  const code = generateCode();
  const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
  const outcome = await app.db.transaction(async (tx) => {
    await repo.lockPendingRegistrationsOf(tx, email);
    const current = await repo.findLivePendingRegistration(tx, email, now);
    if (current && current.id !== ownLiveId) return { kept: current, created: undefined };
    await repo.pruneExpired(tx, new Date(now.getTime() - PRUNE_AFTER_MS));
    const row = await repo.replacePendingRegistration(tx, {
      email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone || null,
      role: input.role,
      expiresAt,
    });
    await repo.replaceCode(tx, {
      email,
      purpose: 'REGISTER',
      codeHash: hashCode(app.config.jwtSecret, 'REGISTER', email, code),
      pendingRegistrationId: row.id,
      expiresAt,
    });
    return { kept: undefined, created: row };
  });

  if (outcome.kept) {
    const minutesLeft = Math.max(1, Math.ceil((outcome.kept.expiresAt.getTime() - now.getTime()) / 60_000));
    await sendOrFail(app, registrationPendingMail(email, minutesLeft));
    return lookAlike();
  }
  const pending = outcome.created;
  try {
    await sendOrFail(app, registrationCodeMail(email, input.firstName, code));
  } catch (err) {
    // Nothing half-done: without the email the pending registration is useless.
    await repo.deletePendingRegistration(app.db, pending.id);
    throw err;
  }
  return { message: MESSAGES.codeSent, data: { tempData: { registrationId: pending.id } } };
}

export async function verifyRegistration(
  app: FastifyInstance,
  input: VerifyOtpInput,
): Promise<VerifyOtpResponse> {
  const { email } = input;
  const pending = await repo.findPendingRegistration(app.db, input.tempData.registrationId);
  // A registrationId of another email, a replaced or used registration, or an expired one.
  if (!pending || pending.email !== email || pending.expiresAt <= new Date()) {
    throw badRequest(MESSAGES.invalidCode);
  }
  // Registered before TEACHER_REGISTRATION became closed.
  if (pending.role === 'TEACHER' && app.config.teacherRegistration === 'closed') {
    throw forbidden(AUTH_MESSAGES.teacherRegistrationClosed);
  }
  const code = await checkCode(app, email, 'REGISTER', input.otp, pending.id);
  const { firstAdminEmail, teacherRegistration } = app.config;

  const { user, awaitingActivation } = await app.db.transaction(async (tx) => {
    await usersRepo.lockAdminRoster(tx);
    if (!(await repo.consumeCode(tx, code.id, new Date()))) throw badRequest(MESSAGES.invalidCode);
    if (await usersRepo.emailTaken(tx, email)) throw conflict(MESSAGES.emailTaken);

    // Bootstrap, once: on a programme that has never had an administrator, a verified ADMIN
    // registration (of FIRST_ADMIN_EMAIL when set) becomes an active one. Ever after, ADMIN
    // registrations wait for activation. Teachers wait for approval when the setting says so.
    const isActive =
      pending.role === 'TEACHER'
        ? teacherRegistration !== 'approval'
        : !(await usersRepo.adminBootstrapped(tx)) && (!firstAdminEmail || email === firstAdminEmail);
    let created: usersRepo.UserRecord;
    try {
      created = await usersRepo.insertUser(tx, {
        email,
        passwordHash: pending.passwordHash,
        firstName: pending.firstName,
        lastName: pending.lastName,
        phone: pending.phone,
        role: pending.role,
        isActive,
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(MESSAGES.emailTaken);
      throw err;
    }
    await repo.deletePendingRegistration(tx, pending.id);
    await audit(tx, created, 'create', 'user', created.id, {
      email,
      firstName: created.firstName,
      lastName: created.lastName,
      role: created.role,
      isActive,
      via: 'registration',
    });
    if (!isActive) {
      const name = `${created.firstName} ${created.lastName}`;
      const admins = await usersRepo.activeAdminIds(tx);
      if (created.role === 'ADMIN') {
        await notifyMany(
          tx,
          admins,
          'GENERAL',
          'New administrator awaiting activation',
          `${name} (${created.email}) registered as an administrator and is waiting for activation.`,
        );
      } else {
        await notifyMany(
          tx,
          admins,
          'GENERAL',
          'New teacher awaiting approval',
          `${name} (${created.email}) registered as a teacher and is waiting for approval. Activate the account to let them sign in.`,
        );
      }
    }
    return { user: created, awaitingActivation: !isActive };
  });

  const waitingMessage =
    user.role === 'ADMIN' ? MESSAGES.registeredAwaitingActivation : MESSAGES.registeredAwaitingApproval;
  return {
    message: awaitingActivation ? waitingMessage : MESSAGES.registered,
    // Signs nobody in, and a new account has no picture yet.
    user: toUserDto(user, NO_FILE_LINKS),
  };
}

// ── password reset ───────────────────────────────────────────────────────────────────────────────

/**
 * The same answer for every email. The per-address send limit counts unknown emails too, so that a
 * 429 does not tell which addresses have an account either.
 *
 * And the same work: a code is stored for every email asked for, by the same statements, and only an
 * account that may reset is sent it (not awaited: how long the mail server takes must not tell either).
 * A code stored for an email without such an account is never mailed, is refused by reset-password
 * (no account) and is pruned like any other. Doing the work after the answer would hide the time too,
 * but a failure to store the code would then go unseen by the person waiting for it.
 */
export async function forgotPassword(
  app: FastifyInstance,
  input: ForgotPasswordInput,
): Promise<MessageResponse> {
  const { email } = input;
  enforce(await app.rateLimits.codeSends.hit(email), tooManyCodeSends);

  const user = await repo.findUserByEmail(app.db, email);
  const code = generateCode();
  const now = new Date();
  await app.db.transaction(async (tx) => {
    await repo.pruneExpired(tx, new Date(now.getTime() - PRUNE_AFTER_MS));
    await repo.replaceCode(tx, {
      email,
      purpose: 'RESET_PASSWORD',
      codeHash: hashCode(app.config.jwtSecret, 'RESET_PASSWORD', email, code),
      pendingRegistrationId: null,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    });
  });
  if (user && !user.deletedAt && user.isActive) {
    sendInBackground(app, passwordResetCodeMail(email, user.firstName, code));
  }
  return { message: MESSAGES.forgotPassword };
}

export async function resetPassword(
  app: FastifyInstance,
  input: ResetPasswordInput,
): Promise<MessageResponse> {
  const { email } = input;
  assertPasswordAllowed(input.newPassword, app.config.passwordMinLength, passwordTooShortMessage);
  const code = await checkCode(app, email, 'RESET_PASSWORD', input.otp);
  const user = await repo.findUserByEmail(app.db, email);
  // Deactivated or deleted after the code was sent.
  if (!user || user.deletedAt || !user.isActive) throw badRequest(MESSAGES.invalidCode);

  const passwordHash = await hashPassword(input.newPassword);
  await app.db.transaction(async (tx) => {
    if (!(await repo.consumeCode(tx, code.id, new Date()))) throw badRequest(MESSAGES.invalidCode);
    await repo.setPassword(tx, user.id, passwordHash);
    await audit(tx, user, 'password_change', 'user', user.id, { via: 'reset' });
  });
  await app.rateLimits.loginFailures.reset(email);
  return { message: MESSAGES.passwordReset };
}

// ── own profile ──────────────────────────────────────────────────────────────────────────────────

export async function getProfile(app: FastifyInstance, actor: Actor, links: FileLinks): Promise<User> {
  const row = await usersRepo.findUserById(app.db, actor.id);
  if (!row) throw notFound('User not found.');
  return toUserDto(row, links);
}

/** Names and phone of the caller; `profilePicture: null` removes the picture. Role and email never. */
export async function updateProfile(
  app: FastifyInstance,
  actor: Actor,
  links: FileLinks,
  input: UpdateProfileInput,
): Promise<User> {
  const patch: repo.ProfilePatch = {};
  if (input.firstName !== undefined) patch.firstName = input.firstName;
  if (input.lastName !== undefined) patch.lastName = input.lastName;
  if (input.phone !== undefined) patch.phone = input.phone || null;
  if (input.profilePicture === null) patch.profilePictureFileId = null;

  const { row, oldKeys } = await app.db.transaction(async (tx) => {
    const current = await usersRepo.findUserById(tx, actor.id, { forUpdate: true });
    if (!current) throw notFound('User not found.');
    const updated = Object.keys(patch).length > 0 ? await repo.updateProfile(tx, actor.id, patch) : current;
    if (!updated) throw notFound('User not found.');
    const removedPicture = patch.profilePictureFileId === null ? current.profilePictureFileId : null;
    if (Object.keys(patch).length > 0) await audit(tx, actor, 'update', 'user', actor.id, patch);
    return { row: updated, oldKeys: removedPicture ? await unlinkStoredFiles(tx, [removedPicture]) : [] };
  });
  await removeStoredObjects(app, oldKeys);
  return toUserDto(row, links);
}

/** Checks the current password; on success every older token dies and the caller gets a new one. */
export async function changePassword(
  app: FastifyInstance,
  actor: Actor,
  input: ChangePasswordInput,
): Promise<ChangePasswordResponse> {
  assertPasswordAllowed(input.newPassword, app.config.passwordMinLength, newPasswordTooShortMessage);
  const attempts = app.rateLimits.loginFailures;
  // Counted before the check, as for sign-in (the same per-email budget).
  enforce(await attempts.hit(actor.email), tooManyPasswordFailures);

  const row = await usersRepo.findUserById(app.db, actor.id);
  if (!row) throw notFound('User not found.');
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
    throw badRequest(MESSAGES.currentPasswordIncorrect);
  }
  const passwordHash = await hashPassword(input.newPassword);
  const updated = await app.db.transaction(async (tx) => {
    const row = await repo.setPassword(tx, actor.id, passwordHash);
    if (row) await audit(tx, actor, 'password_change', 'user', actor.id);
    return row;
  });
  if (!updated) throw notFound('User not found.');
  await attempts.reset(actor.email);
  return { message: MESSAGES.passwordChanged, access_token: app.signToken(updated) };
}

// ── settings the public forms read ───────────────────────────────────────────────────────────────

export async function policy(app: FastifyInstance): Promise<AuthPolicy> {
  const { teacherRegistration, passwordMinLength, firstAdminSetup } = app.config;
  const setupTokenRequired = firstAdminSetup === 'token' && !(await usersRepo.adminBootstrapped(app.db));
  return { teacherRegistration, passwordMinLength, setupTokenRequired };
}

// ── helpers ──────────────────────────────────────────────────────────────────────────────────────

/**
 * While the programme has never had an administrator: with FIRST_ADMIN_SETUP=token the ADMIN
 * registration carries the setup token, and with FIRST_ADMIN_EMAIL it is that email's. The token is
 * checked first, so that without it nobody learns which email is the one. Afterwards neither applies
 * (later ADMIN registrations wait for activation).
 */
async function assertFirstAdminRules(
  app: FastifyInstance,
  email: string,
  setupToken: string | undefined,
): Promise<void> {
  const { firstAdminSetup, firstAdminEmail, jwtSecret } = app.config;
  if (firstAdminSetup === 'open' && !firstAdminEmail) return;
  if (await usersRepo.adminBootstrapped(app.db)) return;
  if (firstAdminSetup === 'token') {
    if (!setupToken) throw badRequest(AUTH_MESSAGES.setupTokenRequired);
    if (!setupTokenMatches(jwtSecret, setupToken)) throw forbidden(AUTH_MESSAGES.setupTokenWrong);
  }
  if (firstAdminEmail && email !== firstAdminEmail) throw forbidden(AUTH_MESSAGES.firstAdminEmailOnly);
}

/**
 * The live code for email + purpose when `otp` matches it. A wrong try is counted (outside any
 * transaction, so it sticks); the fifth kills the code. The caller still consumes the code in its
 * transaction, which is what makes it single use.
 */
async function checkCode(
  app: FastifyInstance,
  email: string,
  purpose: repo.CodePurpose,
  otp: string,
  pendingRegistrationId?: string,
): Promise<repo.OneTimeCode> {
  const row = await repo.findCode(app.db, email, purpose);
  if (
    !row ||
    row.consumedAt ||
    row.expiresAt <= new Date() ||
    (pendingRegistrationId !== undefined && row.pendingRegistrationId !== pendingRegistrationId)
  ) {
    throw badRequest(MESSAGES.invalidCode);
  }
  if (row.attempts >= MAX_CODE_ATTEMPTS) throw badRequest(MESSAGES.tooManyAttempts);
  if (!codeHashesMatch(row.codeHash, hashCode(app.config.jwtSecret, purpose, email, otp))) {
    const attempts = await repo.recordWrongAttempt(app.db, row.id);
    throw badRequest(attempts >= MAX_CODE_ATTEMPTS ? MESSAGES.tooManyAttempts : MESSAGES.invalidCode);
  }
  return row;
}

/** Logs what failed without the message itself (it carries a code). */
function logMailFailure(app: FastifyInstance, err: unknown, subject: string) {
  const reason = err instanceof Error ? err.message : String(err);
  app.log.error({ reason, subject }, 'could not send email');
}

async function sendOrFail(app: FastifyInstance, message: MailMessage): Promise<void> {
  try {
    await app.mailer.send(message);
  } catch (err) {
    logMailFailure(app, err, message.subject);
    throw new AppError(503, MESSAGES.mailFailed);
  }
}

function sendInBackground(app: FastifyInstance, message: MailMessage): void {
  app.mailer.send(message).catch((err: unknown) => logMailFailure(app, err, message.subject));
}

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
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { assertPasswordAllowed } from '../../lib/password-policy.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts';
import type { Actor } from '../../lib/actor.ts';
import { bindDeps, type AppDeps } from '../../lib/service-deps.ts';
import { enforce, type RateLimits } from '../../plugins/rate-limit.ts';
import {
  fileLinks,
  NO_FILE_LINKS,
  removeStoredObjects,
  unlinkStoredFiles,
  type FileLinks,
} from '../files/files.service.ts';
import { realEffects, type Effects } from '../effects.ts';
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

type LoginInput = z.output<typeof loginBodySchema>;
type RegisterInput = z.output<typeof registerBodySchema>;
type VerifyOtpInput = z.output<typeof verifyOtpBodySchema>;
type ForgotPasswordInput = z.output<typeof forgotPasswordBodySchema>;
type ResetPasswordInput = z.output<typeof resetPasswordBodySchema>;
type UpdateProfileInput = z.output<typeof updateProfileBodySchema>;
type ChangePasswordInput = z.output<typeof changePasswordBodySchema>;
type Session = NonNullable<FastifyRequest['session']>;

/** The repositories the service is given (the real ones in the app, fakes in a unit test). */
export type AuthRepo = typeof repo;
export type UsersRepo = typeof usersRepo;

/** The session tokens (plugins/auth.ts): a sign-in and a password change start a session. */
export interface SessionTokens {
  sign(user: { id: string; tokenVersion: number }, sessionId?: string): string;
  /** The session id and expiry (seconds since the epoch) of a token this app signed. */
  claims(token: string): { sid: string; exp: number };
}

/** Besides the app's handles: the session tokens and the per-email limits of sign-in and codes. */
export interface AuthHandles {
  tokens: SessionTokens;
  rateLimits: Pick<RateLimits, 'loginFailures' | 'codeSends'>;
}

export type AuthDeps = Pick<AppDeps, 'db' | 'config' | 'log' | 'storage' | 'mailer'> &
  AuthHandles &
  Effects & { repo: AuthRepo; usersRepo: UsersRepo };

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
function linksOfNewSession(deps: AuthDeps, user: usersRepo.UserRecord, token: string): FileLinks {
  const { sid, exp } = deps.tokens.claims(token);
  const expiresAt = new Date(exp * 1000);
  return fileLinks(deps.config, { id: sid, userId: user.id, tokenVersion: user.tokenVersion, expiresAt });
}

// ── sign-in ──────────────────────────────────────────────────────────────────────────────────────

async function login(deps: AuthDeps, input: LoginInput): Promise<LoginResponse> {
  const { email, password } = input;
  const attempts = deps.rateLimits.loginFailures;
  // Counted before the password is checked (and forgotten on success), so N concurrent wrong
  // passwords are never more than the limit checked.
  enforce(await attempts.hit(email), tooManyLoginFailures);

  const user = await deps.repo.findUserByEmail(deps.db, email);
  const ok =
    user && !user.deletedAt
      ? await verifyPassword(user.passwordHash, password)
      : await verifyAgainstDummy(password);
  if (!user || !ok) {
    // Its own statement: the failed attempt is kept although the request fails.
    await deps.audit.audit(deps.db, { id: null, email }, 'sign_in_failed', 'user', user?.id ?? null);
    throw unauthorized(MESSAGES.invalidCredentials);
  }
  // Only someone who knows the password learns that the account is disabled, or not yet approved. A
  // later administrator awaiting activation is in the spec's flow, whose client reads 'Account disabled'
  // from this answer: only a teacher waiting under TEACHER_REGISTRATION=approval is told it waits.
  if (!user.isActive) {
    const waiting = user.role === 'TEACHER' && (await deps.repo.awaitsFirstActivation(deps.db, user.id));
    throw forbidden(waiting ? AUTH_MESSAGES.awaitingApproval : MESSAGES.accountDisabled);
  }

  await attempts.reset(email);
  await deps.audit.audit(deps.db, user, 'sign_in', 'user', user.id);
  const token = deps.tokens.sign(user);
  return { access_token: token, user: toUserDto(user, linksOfNewSession(deps, user, token)) };
}

/** Ends the caller's session on the server: this token and every renewal of it stop working. */
async function logout(deps: AuthDeps, session: Session): Promise<MessageResponse> {
  const now = deps.clock.now();
  // Any token of this session expires within one lifetime from now.
  const until = new Date(now.getTime() + session.lifetimeSeconds * 1000);
  await deps.repo.revokeSession(deps.db, session.id, until, now);
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
async function register(deps: AuthDeps, input: RegisterInput): Promise<RegisterResponse> {
  const { email } = input;
  // The rules of the server's settings come before any work, as the schema's do.
  if (input.role === 'TEACHER' && deps.config.teacherRegistration === 'closed') {
    throw forbidden(AUTH_MESSAGES.teacherRegistrationClosed);
  }
  assertPasswordAllowed(input.password, deps.config.passwordMinLength, passwordTooShortMessage);
  if (input.role === 'ADMIN') await assertFirstAdminRules(deps, email, input.setupToken);
  enforce(await deps.rateLimits.codeSends.hit(email), tooManyCodeSends);

  const passwordHash = await hashPassword(input.password);
  const existing = await deps.repo.findUserByEmail(deps.db, email);
  // Looks like a pending registration; no such one exists, so verification answers 'Invalid or expired OTP'.
  const lookAlike = (): RegisterResponse => ({
    message: MESSAGES.codeSent,
    data: { tempData: { registrationId: randomUUID() } },
  });
  if (existing) {
    await sendOrFail(deps, registrationAttemptMail(email, existing.firstName));
    return lookAlike();
  }

  const now = deps.clock.now();
  const live = await deps.repo.findLivePendingRegistration(deps.db, email, now);
  // Checked outside the transaction: the hash takes a while, and no lock is held meanwhile.
  const ownLiveId = live && (await verifyPassword(live.passwordHash, input.password)) ? live.id : undefined;

  const code = generateCode();
  const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
  const outcome = await deps.db.transaction(async (tx) => {
    await deps.repo.lockPendingRegistrationsOf(tx, email);
    const current = await deps.repo.findLivePendingRegistration(tx, email, now);
    if (current && current.id !== ownLiveId) return { kept: current, created: undefined };
    await deps.repo.pruneExpired(tx, new Date(now.getTime() - PRUNE_AFTER_MS));
    const row = await deps.repo.replacePendingRegistration(tx, {
      email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone || null,
      role: input.role,
      expiresAt,
    });
    await deps.repo.replaceCode(tx, {
      email,
      purpose: 'REGISTER',
      codeHash: hashCode(deps.config.jwtSecret, 'REGISTER', email, code),
      pendingRegistrationId: row.id,
      expiresAt,
    });
    return { kept: undefined, created: row };
  });

  if (outcome.kept) {
    const minutesLeft = Math.max(1, Math.ceil((outcome.kept.expiresAt.getTime() - now.getTime()) / 60_000));
    await sendOrFail(deps, registrationPendingMail(email, minutesLeft));
    return lookAlike();
  }
  const pending = outcome.created;
  try {
    await sendOrFail(deps, registrationCodeMail(email, input.firstName, code));
  } catch (err) {
    // Nothing half-done: without the email the pending registration is useless.
    await deps.repo.deletePendingRegistration(deps.db, pending.id);
    throw err;
  }
  return { message: MESSAGES.codeSent, data: { tempData: { registrationId: pending.id } } };
}

async function verifyRegistration(deps: AuthDeps, input: VerifyOtpInput): Promise<VerifyOtpResponse> {
  const { email } = input;
  const pending = await deps.repo.findPendingRegistration(deps.db, input.tempData.registrationId);
  // A registrationId of another email, a replaced or used registration, or an expired one.
  if (!pending || pending.email !== email || pending.expiresAt <= deps.clock.now()) {
    throw badRequest(MESSAGES.invalidCode);
  }
  // Registered before TEACHER_REGISTRATION became closed.
  if (pending.role === 'TEACHER' && deps.config.teacherRegistration === 'closed') {
    throw forbidden(AUTH_MESSAGES.teacherRegistrationClosed);
  }
  const code = await checkCode(deps, email, 'REGISTER', input.otp, pending.id);
  const { firstAdminEmail, teacherRegistration } = deps.config;

  const { user, awaitingActivation } = await deps.db.transaction(async (tx) => {
    await deps.usersRepo.lockAdminRoster(tx);
    if (!(await deps.repo.consumeCode(tx, code.id, deps.clock.now()))) throw badRequest(MESSAGES.invalidCode);
    if (await deps.usersRepo.emailTaken(tx, email)) throw conflict(MESSAGES.emailTaken);

    // Bootstrap, once: on a programme that has never had an administrator, a verified ADMIN
    // registration (of FIRST_ADMIN_EMAIL when set) becomes an active one. Ever after, ADMIN
    // registrations wait for activation. Teachers wait for approval when the setting says so.
    const isActive =
      pending.role === 'TEACHER'
        ? teacherRegistration !== 'approval'
        : !(await deps.usersRepo.adminBootstrapped(tx)) && (!firstAdminEmail || email === firstAdminEmail);
    let created: usersRepo.UserRecord;
    try {
      created = await deps.usersRepo.insertUser(tx, {
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
    await deps.repo.deletePendingRegistration(tx, pending.id);
    await deps.audit.audit(tx, created, 'create', 'user', created.id, {
      email,
      firstName: created.firstName,
      lastName: created.lastName,
      role: created.role,
      isActive,
      via: 'registration',
    });
    if (!isActive) {
      const name = `${created.firstName} ${created.lastName}`;
      const admins = await deps.usersRepo.activeAdminIds(tx);
      const notice =
        created.role === 'ADMIN'
          ? {
              title: 'New administrator awaiting activation',
              message: `${name} (${created.email}) registered as an administrator and is waiting for activation.`,
            }
          : {
              title: 'New teacher awaiting approval',
              message: `${name} (${created.email}) registered as a teacher and is waiting for approval. Activate the account to let them sign in.`,
            };
      await deps.notify.notifyEach(
        tx,
        admins.map((userId) => ({ userId, type: 'GENERAL' as const, ...notice })),
      );
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
async function forgotPassword(deps: AuthDeps, input: ForgotPasswordInput): Promise<MessageResponse> {
  const { email } = input;
  enforce(await deps.rateLimits.codeSends.hit(email), tooManyCodeSends);

  const user = await deps.repo.findUserByEmail(deps.db, email);
  const code = generateCode();
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await deps.repo.pruneExpired(tx, new Date(now.getTime() - PRUNE_AFTER_MS));
    await deps.repo.replaceCode(tx, {
      email,
      purpose: 'RESET_PASSWORD',
      codeHash: hashCode(deps.config.jwtSecret, 'RESET_PASSWORD', email, code),
      pendingRegistrationId: null,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    });
  });
  if (user && !user.deletedAt && user.isActive) {
    sendInBackground(deps, passwordResetCodeMail(email, user.firstName, code));
  }
  return { message: MESSAGES.forgotPassword };
}

async function resetPassword(deps: AuthDeps, input: ResetPasswordInput): Promise<MessageResponse> {
  const { email } = input;
  assertPasswordAllowed(input.newPassword, deps.config.passwordMinLength, passwordTooShortMessage);
  const code = await checkCode(deps, email, 'RESET_PASSWORD', input.otp);
  const user = await deps.repo.findUserByEmail(deps.db, email);
  // Deactivated or deleted after the code was sent.
  if (!user || user.deletedAt || !user.isActive) throw badRequest(MESSAGES.invalidCode);

  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    if (!(await deps.repo.consumeCode(tx, code.id, deps.clock.now()))) throw badRequest(MESSAGES.invalidCode);
    await deps.repo.setPassword(tx, user.id, passwordHash);
    await deps.audit.audit(tx, user, 'password_change', 'user', user.id, { via: 'reset' });
  });
  await deps.rateLimits.loginFailures.reset(email);
  return { message: MESSAGES.passwordReset };
}

// ── own profile ──────────────────────────────────────────────────────────────────────────────────

async function getProfile(deps: AuthDeps, actor: Actor, links: FileLinks): Promise<User> {
  const row = await deps.usersRepo.findUserById(deps.db, actor.id);
  if (!row) throw notFound('User not found.');
  return toUserDto(row, links);
}

/** Names and phone of the caller; `profilePicture: null` removes the picture. Role and email never. */
async function updateProfile(
  deps: AuthDeps,
  actor: Actor,
  links: FileLinks,
  input: UpdateProfileInput,
): Promise<User> {
  const patch: repo.ProfilePatch = {};
  if (input.firstName !== undefined) patch.firstName = input.firstName;
  if (input.lastName !== undefined) patch.lastName = input.lastName;
  if (input.phone !== undefined) patch.phone = input.phone || null;
  if (input.profilePicture === null) patch.profilePictureFileId = null;

  const { row, oldKeys } = await deps.db.transaction(async (tx) => {
    const current = await deps.usersRepo.findUserById(tx, actor.id, { forUpdate: true });
    if (!current) throw notFound('User not found.');
    const updated =
      Object.keys(patch).length > 0 ? await deps.repo.updateProfile(tx, actor.id, patch) : current;
    if (!updated) throw notFound('User not found.');
    const removedPicture = patch.profilePictureFileId === null ? current.profilePictureFileId : null;
    if (Object.keys(patch).length > 0) await deps.audit.audit(tx, actor, 'update', 'user', actor.id, patch);
    return { row: updated, oldKeys: removedPicture ? await unlinkStoredFiles(tx, [removedPicture]) : [] };
  });
  await removeStoredObjects(deps, oldKeys);
  return toUserDto(row, links);
}

/** Checks the current password; on success every older token dies and the caller gets a new one. */
async function changePassword(
  deps: AuthDeps,
  actor: Actor,
  input: ChangePasswordInput,
): Promise<ChangePasswordResponse> {
  assertPasswordAllowed(input.newPassword, deps.config.passwordMinLength, newPasswordTooShortMessage);
  const attempts = deps.rateLimits.loginFailures;
  // Counted before the check, as for sign-in (the same per-email budget).
  enforce(await attempts.hit(actor.email), tooManyPasswordFailures);

  const row = await deps.usersRepo.findUserById(deps.db, actor.id);
  if (!row) throw notFound('User not found.');
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
    throw badRequest(MESSAGES.currentPasswordIncorrect);
  }
  const passwordHash = await hashPassword(input.newPassword);
  const updated = await deps.db.transaction(async (tx) => {
    const row = await deps.repo.setPassword(tx, actor.id, passwordHash);
    if (row) await deps.audit.audit(tx, actor, 'password_change', 'user', actor.id);
    return row;
  });
  if (!updated) throw notFound('User not found.');
  await attempts.reset(actor.email);
  return { message: MESSAGES.passwordChanged, access_token: deps.tokens.sign(updated) };
}

// ── settings the public forms read ───────────────────────────────────────────────────────────────

async function policy(deps: AuthDeps): Promise<AuthPolicy> {
  const { teacherRegistration, passwordMinLength, firstAdminSetup } = deps.config;
  const setupTokenRequired =
    firstAdminSetup === 'token' && !(await deps.usersRepo.adminBootstrapped(deps.db));
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
  deps: AuthDeps,
  email: string,
  setupToken: string | undefined,
): Promise<void> {
  const { firstAdminSetup, firstAdminEmail, jwtSecret } = deps.config;
  if (firstAdminSetup === 'open' && !firstAdminEmail) return;
  if (await deps.usersRepo.adminBootstrapped(deps.db)) return;
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
  deps: AuthDeps,
  email: string,
  purpose: repo.CodePurpose,
  otp: string,
  pendingRegistrationId?: string,
): Promise<repo.OneTimeCode> {
  const row = await deps.repo.findCode(deps.db, email, purpose);
  if (
    !row ||
    row.consumedAt ||
    row.expiresAt <= deps.clock.now() ||
    (pendingRegistrationId !== undefined && row.pendingRegistrationId !== pendingRegistrationId)
  ) {
    throw badRequest(MESSAGES.invalidCode);
  }
  if (row.attempts >= MAX_CODE_ATTEMPTS) throw badRequest(MESSAGES.tooManyAttempts);
  if (!codeHashesMatch(row.codeHash, hashCode(deps.config.jwtSecret, purpose, email, otp))) {
    const attempts = await deps.repo.recordWrongAttempt(deps.db, row.id);
    throw badRequest(attempts >= MAX_CODE_ATTEMPTS ? MESSAGES.tooManyAttempts : MESSAGES.invalidCode);
  }
  return row;
}

/** Logs what failed without the message itself (it carries a code). */
function logMailFailure(deps: AuthDeps, err: unknown, subject: string) {
  const reason = err instanceof Error ? err.message : String(err);
  deps.log.error({ reason, subject }, 'could not send email');
}

async function sendOrFail(deps: AuthDeps, message: MailMessage): Promise<void> {
  try {
    await deps.mailer.send(message);
  } catch (err) {
    logMailFailure(deps, err, message.subject);
    throw new AppError(503, MESSAGES.mailFailed);
  }
}

function sendInBackground(deps: AuthDeps, message: MailMessage): void {
  deps.mailer.send(message).catch((err: unknown) => logMailFailure(deps, err, message.subject));
}

/**
 * The auth service with its dependencies given once (decision 0034): the app's real repositories and
 * effects unless a test passes fakes.
 */
export function createAuthService(
  deps: Pick<AppDeps, 'db' | 'config' | 'log' | 'storage' | 'mailer'> &
    AuthHandles &
    Partial<Effects> & { repo?: AuthRepo; usersRepo?: UsersRepo },
) {
  const full: AuthDeps = { ...realEffects, repo, usersRepo, ...deps };
  return bindDeps(full, {
    login,
    logout,
    register,
    verifyRegistration,
    forgotPassword,
    resetPassword,
    getProfile,
    updateProfile,
    changePassword,
    policy,
  });
}

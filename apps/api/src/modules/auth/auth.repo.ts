/**
 * The SQL of the auth module: credentials and own profile of users, pending registrations and one-time
 * codes (plain user reads and inserts are users.repo.ts). Every function takes the database or a transaction handle.
 */
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditEvents, oneTimeCodes, pendingRegistrations, revokedSessions, users } from '../../db/schema.ts';
import { ADVISORY_LOCKS } from '../../db/sql-helpers.ts';
import type { UserRecord } from '../users/users.repo.ts';
import { MAX_CODE_ATTEMPTS } from './auth.codes.ts';

export type PendingRegistration = typeof pendingRegistrations.$inferSelect;
export type OneTimeCode = typeof oneTimeCodes.$inferSelect;
export type CodePurpose = OneTimeCode['purpose'];

// ── sessions ─────────────────────────────────────────────────────────────────────────────────────

/** What every authenticated request needs of its caller, read in one statement. */
export interface SessionActor {
  id: string;
  role: UserRecord['role'];
  email: string;
  firstName: string;
  lastName: string;
  isActive: boolean;
  tokenVersion: number;
  /** The session was ended by sign-out. */
  revoked: boolean;
}

/**
 * The session lookup as a prepared statement: every authenticated request runs it, so its SQL is built
 * once per database handle rather than once per request, and PostgreSQL parses and plans it once per
 * connection (a named statement) instead of on every request.
 */
const sessionActorStatement = (db: DbOrTx) =>
  db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      isActive: users.isActive,
      tokenVersion: users.tokenVersion,
      revoked: sql<boolean>`exists (select 1 from ${revokedSessions} where ${revokedSessions.sessionId} = ${sql.placeholder('sessionId')})`,
    })
    .from(users)
    .where(and(eq(users.id, sql.placeholder('userId')), isNull(users.deletedAt)))
    .prepare('session_actor');
const sessionActorStatements = new WeakMap<DbOrTx, ReturnType<typeof sessionActorStatement>>();

/** The live (not deleted) user of a token, and whether the token's session was signed out. */
export async function findSessionActor(
  db: DbOrTx,
  userId: string,
  sessionId: string,
): Promise<SessionActor | undefined> {
  let statement = sessionActorStatements.get(db);
  if (!statement) {
    statement = sessionActorStatement(db);
    sessionActorStatements.set(db, statement);
  }
  const [row] = await statement.execute({ userId, sessionId });
  return row;
}

/** Ends a session until `until` (by then its tokens have expired); prunes rows past their date. */
export async function revokeSession(db: DbOrTx, sessionId: string, until: Date, now: Date): Promise<void> {
  await db.delete(revokedSessions).where(lt(revokedSessions.expiresAt, now));
  await db.insert(revokedSessions).values({ sessionId, expiresAt: until }).onConflictDoNothing();
}

// ── users ────────────────────────────────────────────────────────────────────────────────────────

/** The user with this (lower-cased) email, soft-deleted ones included. */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRecord | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

/**
 * True when the account was created inactive by its own registration (an ADMIN after the first, a
 * TEACHER under TEACHER_REGISTRATION=approval) and no administrator has set its active flag since: it
 * waits for approval, rather than having been deactivated. Read from the audit trail, whose entries
 * can be neither changed nor removed: the newest entry of the user that names `isActive`.
 */
export async function awaitsFirstActivation(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ action: auditEvents.action, changes: auditEvents.changes })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.entity, 'user'),
        eq(auditEvents.entityId, userId),
        sql`${auditEvents.changes} -> 'isActive' is not null`,
      ),
    )
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(1);
  return row?.action === 'create' && row.changes.via === 'registration' && row.changes.isActive === false;
}

export interface ProfilePatch {
  firstName?: string;
  lastName?: string;
  phone?: string | null;
  profilePictureFileId?: null;
}

export async function updateProfile(
  db: DbOrTx,
  id: string,
  patch: ProfilePatch,
): Promise<UserRecord | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning();
  return row;
}

/** Stores a new password hash and bumps the token version (every older token dies). */
export async function setPassword(
  db: DbOrTx,
  id: string,
  passwordHash: string,
): Promise<{ id: string; tokenVersion: number } | undefined> {
  const [row] = await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning({ id: users.id, tokenVersion: users.tokenVersion });
  return row;
}

// ── pending registrations ────────────────────────────────────────────────────────────────────────

/**
 * Holds the lock of `email`'s pending registrations until the transaction ends: whoever holds it may
 * look for a live one and create one.
 */
export async function lockPendingRegistrationsOf(tx: DbOrTx, email: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.pendingRegistration}, hashtext(${email}))`,
  );
}

/** The newest pending registration of `email` that has not expired at `now`. */
export async function findLivePendingRegistration(
  db: DbOrTx,
  email: string,
  now: Date,
): Promise<PendingRegistration | undefined> {
  const [row] = await db
    .select()
    .from(pendingRegistrations)
    .where(and(eq(pendingRegistrations.email, email), gt(pendingRegistrations.expiresAt, now)))
    .orderBy(desc(pendingRegistrations.createdAt))
    .limit(1);
  return row;
}

/**
 * Inserts the pending registration; earlier ones of the same email (and their codes) go away. The
 * caller holds the email's lock and has made sure none of them is live, or that it is the registrant's own.
 */
export async function replacePendingRegistration(
  db: DbOrTx,
  values: typeof pendingRegistrations.$inferInsert,
): Promise<PendingRegistration> {
  await db.delete(pendingRegistrations).where(eq(pendingRegistrations.email, values.email));
  const [row] = await db.insert(pendingRegistrations).values(values).returning();
  return row;
}

export async function findPendingRegistration(
  db: DbOrTx,
  id: string,
): Promise<PendingRegistration | undefined> {
  const [row] = await db.select().from(pendingRegistrations).where(eq(pendingRegistrations.id, id));
  return row;
}

/** Removes the pending registration and, by cascade, its code. */
export async function deletePendingRegistration(db: DbOrTx, id: string): Promise<void> {
  await db.delete(pendingRegistrations).where(eq(pendingRegistrations.id, id));
}

/** Removes pending registrations and codes that expired before `before` (housekeeping). */
export async function pruneExpired(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(pendingRegistrations).where(lt(pendingRegistrations.expiresAt, before));
  await db.delete(oneTimeCodes).where(lt(oneTimeCodes.expiresAt, before));
}

// ── one-time codes ───────────────────────────────────────────────────────────────────────────────

/** Stores a new code for email + purpose; any earlier code for that pair is removed (a resend replaces). */
export async function replaceCode(
  db: DbOrTx,
  values: Pick<
    typeof oneTimeCodes.$inferInsert,
    'email' | 'purpose' | 'codeHash' | 'expiresAt' | 'pendingRegistrationId'
  >,
): Promise<void> {
  await db
    .delete(oneTimeCodes)
    .where(and(eq(oneTimeCodes.email, values.email), eq(oneTimeCodes.purpose, values.purpose)));
  await db.insert(oneTimeCodes).values(values);
}

/** The code currently issued for email + purpose (there is at most one). */
export async function findCode(
  db: DbOrTx,
  email: string,
  purpose: CodePurpose,
): Promise<OneTimeCode | undefined> {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.email, email), eq(oneTimeCodes.purpose, purpose)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  return row;
}

/** Counts one wrong try atomically; answers the new count. */
export async function recordWrongAttempt(db: DbOrTx, id: string): Promise<number> {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(eq(oneTimeCodes.id, id))
    .returning({ attempts: oneTimeCodes.attempts });
  return row?.attempts ?? MAX_CODE_ATTEMPTS;
}

/**
 * Marks the code used, only if it is still unused, unexpired and under the attempt limit. False when
 * another request got there first (single use, also under concurrency).
 */
export async function consumeCode(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(oneTimeCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(oneTimeCodes.id, id),
        isNull(oneTimeCodes.consumedAt),
        lt(oneTimeCodes.attempts, MAX_CODE_ATTEMPTS),
        gt(oneTimeCodes.expiresAt, now),
      ),
    )
    .returning({ id: oneTimeCodes.id });
  return rows.length === 1;
}

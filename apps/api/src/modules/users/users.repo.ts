import { and, asc, count, eq, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Role } from '@csp/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { ADVISORY_LOCKS, advisoryXactLock, containsLowered } from '../../db/sql-helpers.ts';
import { programmeFacts, students, users } from '../../db/schema.ts';

export type UserRecord = typeof users.$inferSelect;
export type NewUserRecord = typeof users.$inferInsert;

/** A user that is not soft-deleted. `forUpdate` locks the row for the rest of the transaction. */
export async function findUserById(
  db: DbOrTx,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<UserRecord | undefined> {
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function setProfilePictureFileId(
  db: DbOrTx,
  userId: string,
  fileId: string | null,
): Promise<UserRecord> {
  const [row] = await db
    .update(users)
    .set({ profilePictureFileId: fileId, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

// --- Administration ---------------------------------------------------------------------------------

export interface UserFilter {
  search?: string;
  role?: Role;
  /** Only active teachers holding fewer than this many students. */
  availableBelow?: number;
}

/**
 * The user's non-deleted students as a correlated subquery: an index-only count on
 * students_live_teacher_name_idx per listed row (PostgreSQL evaluates it after the sort and limit, so
 * for the rows of the page only), never a scan per row. Students of a deleted teacher keep
 * assigned_teacher_id but that teacher is never listed, so they count nowhere
 * (docs/decisions/0002-deleting-a-teacher.md).
 */
const assignedCount = sql<number>`(select count(*)::int from ${students}
  where ${students.assignedTeacherId} = ${users.id} and ${students.deletedAt} is null)`;

/** What lists and details show: admins hold no students. */
const assignedStudentsCount = sql<number>`case when ${users.role} = 'TEACHER' then ${assignedCount} else 0 end`;

/**
 * A user whose name or email holds the text, in any letter case: the one rule of every search of people
 * (the users list, the attendance lists). "first last" holds every match of either name alone; it
 * (search_name) and email are kept lower-cased, under the trigram indexes of migrations 0002 and 0024.
 */
export const nameOrEmailContains = (text: string): SQL =>
  sql`(${containsLowered(users.searchName, text)} or ${containsLowered(users.email, text)})`;

function whereOf(filter: UserFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [isNull(users.deletedAt)];
  if (filter.role) conditions.push(eq(users.role, filter.role));
  if (filter.availableBelow !== undefined) {
    conditions.push(
      eq(users.role, 'TEACHER'),
      eq(users.isActive, true),
      lt(assignedCount, filter.availableBelow),
    );
  }
  if (filter.search) conditions.push(nameOrEmailContains(filter.search));
  return and(...conditions);
}

export type UserWithCount = UserRecord & { assignedStudentsCount: number };

const byName = [asc(users.firstName), asc(users.lastName), asc(users.id)];

/**
 * One statement: the users matching the filter with their student counts, by first and last name. With
 * a page and a search, the page's users are chosen first and the matches counted on the way (`count(*)
 * over ()`, before the limit: the sort reads every match anyway), so the page carries its total; the
 * student counts are then taken for the page's users only.
 */
export async function listUsers(
  db: DbOrTx,
  filter: UserFilter,
  page?: { offset: number; limit: number },
): Promise<{ items: UserWithCount[]; total?: number }> {
  const withCount = (r: { user: UserRecord; assignedStudentsCount: number }): UserWithCount => ({
    ...r.user,
    assignedStudentsCount: Number(r.assignedStudentsCount),
  });
  if (page && filter.search) {
    const chosen = db
      .select({ id: users.id, total: sql<number>`count(*) over ()`.as('total') })
      .from(users)
      .where(whereOf(filter))
      .orderBy(...byName)
      .limit(page.limit)
      .offset(page.offset)
      .as('chosen');
    const rows = await db
      .select({ user: users, assignedStudentsCount, total: chosen.total })
      .from(users)
      .innerJoin(chosen, eq(chosen.id, users.id))
      .orderBy(...byName);
    return { items: rows.map(withCount), total: rows[0] ? Number(rows[0].total) : undefined };
  }
  const q = db
    .select({ user: users, assignedStudentsCount })
    .from(users)
    .where(whereOf(filter))
    .orderBy(...byName);
  return { items: (page ? await q.limit(page.limit).offset(page.offset) : await q).map(withCount) };
}

export async function countUsers(db: DbOrTx, filter: UserFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(whereOf(filter));
  return row.n;
}

export async function findUserWithCount(db: DbOrTx, id: string): Promise<UserWithCount | undefined> {
  const [row] = await db
    .select({ user: users, assignedStudentsCount })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row && { ...row.user, assignedStudentsCount: Number(row.assignedStudentsCount) };
}

/** The teacher's non-deleted students, by first and last name. */
export async function listAssignedStudents(db: DbOrTx, teacherId: string) {
  return db
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      dateOfBirth: students.dateOfBirth,
      category: students.category,
      isPregnant: students.isPregnant,
    })
    .from(students)
    .where(and(eq(students.assignedTeacherId, teacherId), isNull(students.deletedAt)))
    .orderBy(asc(students.firstName), asc(students.lastName), asc(students.id));
}

/** Non-deleted students assigned to the user (for the role-change rule). */
export async function countAssignedStudents(db: DbOrTx, teacherId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(students)
    .where(and(eq(students.assignedTeacherId, teacherId), isNull(students.deletedAt)));
  return row.n;
}

/** True when another row (deleted ones included: a restore must never collide) has this email. */
export async function emailTaken(db: DbOrTx, email: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptId ? and(eq(users.email, email), ne(users.id, exceptId)) : eq(users.email, email))
    .limit(1);
  return Boolean(row);
}

export async function insertUser(db: DbOrTx, values: NewUserRecord): Promise<UserRecord> {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

/** Updates a non-deleted user; `bumpTokenVersion` ends every session they hold. */
export async function updateUser(
  db: DbOrTx,
  id: string,
  values: Partial<Pick<NewUserRecord, 'email' | 'firstName' | 'lastName' | 'phone' | 'role' | 'isActive'>>,
  opts: { bumpTokenVersion?: boolean } = {},
): Promise<void> {
  await db
    .update(users)
    .set({
      ...values,
      ...(opts.bumpTokenVersion ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
}

/** Soft delete: sets deleted_at and ends every session. False when there was no such (live) user. */
export async function softDeleteUser(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ deletedAt: new Date(), tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

// --- The administrator roster ------------------------------------------------------------------------

const activeAdmin = and(eq(users.role, 'ADMIN'), eq(users.isActive, true), isNull(users.deletedAt));

/**
 * Whether the programme has ever had an administrator: a stored fact (programme_facts, recorded by a
 * trigger whenever a user row holds the ADMIN role), not "is there an active admin right now".
 */
export async function adminBootstrapped(db: DbOrTx): Promise<boolean> {
  const [row] = await db
    .select({ fact: programmeFacts.fact })
    .from(programmeFacts)
    .where(eq(programmeFacts.fact, 'ADMIN_BOOTSTRAPPED'));
  return Boolean(row);
}

/** True when an active, live administrator other than `exceptId` exists. */
export async function otherActiveAdminExists(db: DbOrTx, exceptId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(activeAdmin, ne(users.id, exceptId)))
    .limit(1);
  return Boolean(row);
}

export async function activeAdminIds(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ id: users.id }).from(users).where(activeAdmin);
  return rows.map((r) => r.id);
}

/**
 * Holds the administrator-roster lock until the transaction ends: account creation from registrations
 * (the first-admin bootstrap) and every change that could leave no active admin take it.
 */
export async function lockAdminRoster(tx: DbOrTx): Promise<void> {
  await advisoryXactLock(tx, ADVISORY_LOCKS.adminRoster);
}

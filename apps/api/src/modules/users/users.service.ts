import {
  ageOn,
  categoryForAge,
  LIMITS,
  passwordTooShortMessage,
  PROFILE_PICTURE_MAX_BYTES,
  PROFILE_PICTURE_MESSAGES,
  PROFILE_PICTURE_MIME_TYPES,
  todayIn,
  USER_MESSAGES,
  type createUserBodySchema,
  type updateUserBodySchema,
  type User,
  type UserDetail,
  type UserListItem,
  type userListQuerySchema,
} from '@csp/contracts';
import type { z } from 'zod';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { assertEditedVersion } from '../../lib/edited-version.ts';
import { assertPasswordAllowed } from '../../lib/password-policy.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { fetchCountedPage, pageOf, searchCountsItself } from '../../lib/paging.ts';
import { requireRole } from '../../lib/permissions.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeTransaction, type WriteClaim } from '../../db/write-claims.ts';
import {
  removeStoredObjects,
  saveUpload,
  unlinkStoredFiles,
  type FileLinks,
  type IncomingFile,
} from '../files/files.service.ts';
import { toUserDto } from './users.mapper.ts';
import * as repo from './users.repo.ts';
import { bindDeps, type AppDeps } from '../../lib/service-deps.ts';
import { realEffects, type Effects } from '../effects.ts';

/** The repository the service is given (the real one in the app, a fake in a unit test). */
export type UsersRepo = typeof repo;

export type UsersDeps = Pick<AppDeps, 'db' | 'storage' | 'log' | 'config'> & Effects & { repo: UsersRepo };

/** Own picture; admins may change anyone's. */
function assertCanManagePicture(actor: Actor, userId: string) {
  if (actor.role !== 'ADMIN' && actor.id !== userId) {
    throw forbidden('You can only change your own profile picture');
  }
}

const userNotFound = () => notFound(PROFILE_PICTURE_MESSAGES.userNotFound);

/**
 * Replaces the user's picture. The file is read only after the permission and existence checks; the
 * new file row, the user's pointer and the removal of the old row commit together, and the old file
 * leaves the store after the commit.
 */
async function setProfilePicture(
  deps: UsersDeps,
  actor: Actor,
  links: FileLinks,
  userId: string,
  receive: () => Promise<IncomingFile>,
): Promise<User> {
  assertCanManagePicture(actor, userId);
  if (!(await deps.repo.findUserById(deps.db, userId))) throw userNotFound();

  const file = await receive();
  const { result } = await saveUpload(
    deps,
    {
      file,
      allowed: PROFILE_PICTURE_MIME_TYPES,
      maxBytes: PROFILE_PICTURE_MAX_BYTES,
      purpose: 'profile-picture',
      ownerId: userId,
      wrongTypeMessage: PROFILE_PICTURE_MESSAGES.wrongType,
      tooLargeMessage: PROFILE_PICTURE_MESSAGES.tooLarge,
    },
    async (tx, stored) => {
      const current = await deps.repo.findUserById(tx, userId, { forUpdate: true });
      if (!current) throw userNotFound();
      const user = await deps.repo.setProfilePictureFileId(tx, userId, stored.id);
      await deps.audit.audit(tx, actor, 'update', 'user', userId, { profilePicture: stored.id });
      const oldKeys = current.profilePictureFileId
        ? await unlinkStoredFiles(tx, [current.profilePictureFileId])
        : [];
      return { user, oldKeys };
    },
  );
  await removeStoredObjects(deps, result.oldKeys);
  return toUserDto(result.user, links);
}

/** Removes the user's picture (row and file); answers the user even when there was none. */
async function deleteProfilePicture(
  deps: UsersDeps,
  actor: Actor,
  links: FileLinks,
  userId: string,
): Promise<User> {
  assertCanManagePicture(actor, userId);
  const { user, oldKeys } = await deps.db.transaction(async (tx) => {
    const current = await deps.repo.findUserById(tx, userId, { forUpdate: true });
    if (!current) throw userNotFound();
    if (!current.profilePictureFileId) return { user: current, oldKeys: [] as string[] };
    const updated = await deps.repo.setProfilePictureFileId(tx, userId, null);
    await deps.audit.audit(tx, actor, 'update', 'user', userId, { profilePicture: null });
    return { user: updated, oldKeys: await unlinkStoredFiles(tx, [current.profilePictureFileId]) };
  });
  await removeStoredObjects(deps, oldKeys);
  return toUserDto(user, links);
}

// --- Administration (ADMIN only) --------------------------------------------------------------------

type ListQuery = z.output<typeof userListQuerySchema>;
type CreateInput = z.output<typeof createUserBodySchema>;
type UpdateInput = z.output<typeof updateUserBodySchema>;

const toListItem = (row: repo.UserWithCount, links: FileLinks): UserListItem => ({
  ...toUserDto(row, links),
  assignedStudentsCount: row.assignedStudentsCount,
});

const duplicateEmail = () => conflict(USER_MESSAGES.duplicateEmail);

/** Lists live users; with page or limit, one page plus the total (for X-Total-Count). */
async function listUsers(
  deps: UsersDeps,
  actor: Actor,
  links: FileLinks,
  query: ListQuery,
): Promise<{ items: UserListItem[]; total?: number }> {
  requireRole(actor, 'ADMIN');
  const filter: repo.UserFilter = {
    search: query.search || undefined,
    role: query.role,
    availableBelow: query.available ? LIMITS.maxStudentsPerTeacher : undefined,
  };
  const { items, total } = await fetchCountedPage({
    page: pageOf(query),
    rows: (page) => deps.repo.listUsers(deps.db, filter, page),
    count: () => deps.repo.countUsers(deps.db, filter),
    countsItself: searchCountsItself(filter),
  });
  return { items: items.map((r) => toListItem(r, links)), total };
}

/** One live user with their count and (for a teacher) their students; 404 when missing or deleted. */
async function getUser(deps: UsersDeps, actor: Actor, links: FileLinks, id: string): Promise<UserDetail> {
  requireRole(actor, 'ADMIN');
  const row = await deps.repo.findUserWithCount(deps.db, id);
  if (!row) throw notFound(USER_MESSAGES.notFound);
  let assignedStudents: UserDetail['assignedStudents'] = [];
  if (row.role === 'TEACHER') {
    const today = todayIn(deps.config.orgTimezone, deps.clock.now());
    assignedStudents = (await deps.repo.listAssignedStudents(deps.db, id)).map((s) => {
      const age = ageOn(s.dateOfBirth, today);
      // The category the age calls for, even before the category job has stored it.
      return {
        id: s.id,
        firstName: s.firstName,
        lastName: s.lastName,
        age,
        category: categoryForAge(s.category, age, s.isPregnant),
      };
    });
  }
  return { ...toListItem(row, links), assignedStudents };
}

/** Creates an account (active unless isActive is false). The email is unique across deleted users too. */
async function createUser(
  deps: UsersDeps,
  actor: Actor,
  links: FileLinks,
  body: CreateInput,
  claim?: WriteClaim | null,
): Promise<UserDetail> {
  requireRole(actor, 'ADMIN');
  assertPasswordAllowed(body.password, deps.config.passwordMinLength, passwordTooShortMessage);
  if (await deps.repo.emailTaken(deps.db, body.email)) throw duplicateEmail();
  const passwordHash = await hashPassword(body.password);
  let created: repo.UserRecord;
  try {
    created = await writeTransaction(deps.db, claim, async (tx) => {
      const row = await deps.repo.insertUser(tx, {
        email: body.email,
        passwordHash,
        firstName: body.firstName,
        lastName: body.lastName,
        phone: body.phone || null,
        role: body.role,
        isActive: body.isActive ?? true,
      });
      await deps.audit.audit(tx, actor, 'create', 'user', row.id, body);
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateEmail();
    throw err;
  }
  return getUser(deps, actor, links, created.id);
}

/**
 * Partial update. Deactivating or changing the role ends the user's sessions. An admin cannot
 * deactivate themself or change their own role, and a teacher who holds students cannot become an
 * admin until they are reassigned (the row lock makes this safe against a concurrent assignment, which
 * locks the same row). A change that would take away the last active administrator answers 409: it
 * holds the administrator-roster lock and re-checks inside the transaction, so two admins demoting,
 * deactivating or deleting each other at once can never leave none.
 */
async function updateUser(
  deps: UsersDeps,
  actor: Actor,
  links: FileLinks,
  id: string,
  body: UpdateInput,
): Promise<UserDetail> {
  requireRole(actor, 'ADMIN');
  const { updatedAt: edited, ...changes } = body;
  if (id === actor.id) {
    if (body.isActive === false) throw badRequest(USER_MESSAGES.cannotDeactivateSelf);
    if (body.role !== undefined && body.role !== actor.role) {
      throw badRequest(USER_MESSAGES.cannotChangeOwnRole);
    }
  }
  try {
    await deps.db.transaction(async (tx) => {
      if (body.role !== undefined || body.isActive === false) await deps.repo.lockAdminRoster(tx);
      const current = await deps.repo.findUserById(tx, id, { forUpdate: true });
      if (!current) throw notFound(USER_MESSAGES.notFound);
      assertEditedVersion(current, edited);
      const roleChanges = body.role !== undefined && body.role !== current.role;
      if (roleChanges && current.role === 'TEACHER' && (await deps.repo.countAssignedStudents(tx, id)) > 0) {
        throw conflict(USER_MESSAGES.reassignBeforeRoleChange);
      }
      const deactivates = body.isActive === false && current.isActive;
      if (current.role === 'ADMIN' && current.isActive && (roleChanges || deactivates)) {
        await assertAnotherActiveAdmin(deps, tx, id);
      }
      if (body.email !== undefined && body.email !== current.email) {
        if (await deps.repo.emailTaken(tx, body.email, id)) throw duplicateEmail();
      }
      await deps.repo.updateUser(
        tx,
        id,
        {
          email: body.email,
          firstName: body.firstName,
          lastName: body.lastName,
          phone: body.phone === undefined ? undefined : body.phone || null,
          role: body.role,
          isActive: body.isActive,
        },
        { bumpTokenVersion: deactivates || roleChanges },
      );
      await deps.audit.audit(tx, actor, 'update', 'user', id, changes);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateEmail();
    throw err;
  }
  return getUser(deps, actor, links, id);
}

/**
 * Soft delete: the row stays (restorable) with deleted_at set and every session ended. A deleted
 * teacher's students keep assigned_teacher_id, see docs/decisions/0002-deleting-a-teacher.md. The last
 * active administrator cannot be deleted (same lock and re-check as updateUser).
 */
async function deleteUser(deps: UsersDeps, actor: Actor, id: string): Promise<void> {
  requireRole(actor, 'ADMIN');
  if (id === actor.id) throw badRequest(USER_MESSAGES.cannotDeleteSelf);
  await deps.db.transaction(async (tx) => {
    await deps.repo.lockAdminRoster(tx);
    const current = await deps.repo.findUserById(tx, id, { forUpdate: true });
    if (!current) throw notFound(USER_MESSAGES.notFound);
    if (current.role === 'ADMIN' && current.isActive) await assertAnotherActiveAdmin(deps, tx, id);
    await deps.repo.softDeleteUser(tx, id);
    await deps.audit.audit(tx, actor, 'delete', 'user', id);
  });
}

/** Inside a transaction holding the administrator-roster lock: 409 unless another active admin remains. */
async function assertAnotherActiveAdmin(deps: UsersDeps, tx: DbOrTx, leavingAdminId: string): Promise<void> {
  if (!(await deps.repo.otherActiveAdminExists(tx, leavingAdminId))) {
    throw conflict(USER_MESSAGES.lastActiveAdmin);
  }
}

/**
 * The users service with its dependencies given once (decision 0034): the app's real repository and
 * effects unless a test passes fakes.
 */
export function createUsersService(
  deps: Pick<AppDeps, 'db' | 'storage' | 'log' | 'config'> & Partial<Effects> & { repo?: UsersRepo },
) {
  const full: UsersDeps = { ...realEffects, repo, ...deps };
  return bindDeps(full, {
    listUsers,
    getUser,
    createUser,
    updateUser,
    deleteUser,
    setProfilePicture,
    deleteProfilePicture,
  });
}

import { USER_MESSAGES as M } from '@csp/contracts';
import { describe, expect, it } from 'vitest';
import { admin, fakeRepo, fixedClock, refusal, teacher, unitHandles } from '../../test/service-fakes.ts';
import { NO_FILE_LINKS } from '../files/files.service.ts';
import type { UserRecord, UserWithCount } from './users.repo.ts';
import { createUsersService, type UsersRepo } from './users.service.ts';

/** Unit tests of the users service's rules, on an in-memory repository (decision 0034). */

const SAVED_AT = new Date('2026-01-05T08:00:00Z');

function userRow(overrides: Partial<UserRecord> = {}): UserRecord {
  return {
    id: teacher.id,
    email: teacher.email,
    passwordHash: 'not-a-real-hash',
    firstName: teacher.firstName,
    lastName: teacher.lastName,
    searchName: 'tara field',
    phone: null,
    role: 'TEACHER',
    isActive: true,
    profilePictureFileId: null,
    tokenVersion: 0,
    createdAt: SAVED_AT,
    updatedAt: SAVED_AT,
    deletedAt: null,
    ...overrides,
  };
}

/** The users the real repository would hold: `teacher` with `students` students, and `admin`. */
function world(options: { students?: number; otherActiveAdmin?: boolean } = {}) {
  const rows = new Map<string, UserRecord>([
    [teacher.id, userRow()],
    [admin.id, userRow({ id: admin.id, email: admin.email, role: 'ADMIN', firstName: 'Ada' })],
  ]);
  const updates: unknown[] = [];
  const deleted: string[] = [];
  const withCount = (id: string): UserWithCount | undefined => {
    const row = rows.get(id);
    return row && { ...row, assignedStudentsCount: id === teacher.id ? (options.students ?? 0) : 0 };
  };
  const repo = fakeRepo<UsersRepo>({
    lockAdminRoster: async () => undefined,
    findUserById: async (_db, id) => rows.get(id),
    findUserWithCount: async (_db, id) => withCount(id),
    countAssignedStudents: async (_db, id) => withCount(id)?.assignedStudentsCount ?? 0,
    otherActiveAdminExists: async () => options.otherActiveAdmin ?? false,
    listAssignedStudents: async () => [
      // Born 2023-03-10; the stored category is still the baby one, as before the category job ran.
      {
        id: 'kid',
        firstName: 'Kid',
        lastName: 'One',
        dateOfBirth: '2023-03-10',
        category: 'SURVIVAL_PROGRAM',
        isPregnant: false,
      },
    ],
    emailTaken: async () => false,
    updateUser: async (_tx, id, values, options) => {
      updates.push({ id, values, options });
    },
    softDeleteUser: async (_tx, id) => {
      deleted.push(id);
      return true;
    },
  });
  const clock = fixedClock('2026-03-10T03:00:00Z');
  const { handles, effects, db } = unitHandles(clock);
  const service = createUsersService({ ...handles, repo });
  return { service, updates, deleted, effects, db, clock };
}

describe('administering users', () => {
  it('refuses a teacher every administration call (403) before reading anything', async () => {
    const { service, db } = world();
    for (const call of [
      () => service.listUsers(teacher, NO_FILE_LINKS, {}),
      () => service.getUser(teacher, NO_FILE_LINKS, admin.id),
      () => service.updateUser(teacher, NO_FILE_LINKS, admin.id, { firstName: 'X' }),
      () => service.deleteUser(teacher, admin.id),
    ]) {
      expect(await refusal(call())).toMatchObject({ statusCode: 403 });
    }
    expect(db.transactions()).toBe(0);
  });

  it('refuses an admin deactivating themself or changing their own role (400), before any transaction', async () => {
    const { service, db, updates } = world();
    expect(
      await refusal(service.updateUser(admin, NO_FILE_LINKS, admin.id, { isActive: false })),
    ).toMatchObject({ statusCode: 400, message: M.cannotDeactivateSelf });
    expect(
      await refusal(service.updateUser(admin, NO_FILE_LINKS, admin.id, { role: 'TEACHER' })),
    ).toMatchObject({ statusCode: 400, message: M.cannotChangeOwnRole });
    expect(await refusal(service.deleteUser(admin, admin.id))).toMatchObject({
      statusCode: 400,
      message: M.cannotDeleteSelf,
    });
    expect(db.transactions()).toBe(0);
    expect(updates).toEqual([]);
  });

  it('keeps a teacher who holds students from becoming an admin (409), and lets one who holds none', async () => {
    const holding = world({ students: 2 });
    expect(
      await refusal(holding.service.updateUser(admin, NO_FILE_LINKS, teacher.id, { role: 'ADMIN' })),
    ).toMatchObject({ statusCode: 409, message: M.reassignBeforeRoleChange });
    expect(holding.updates).toEqual([]);
    expect(holding.effects.audited).toEqual([]);

    const free = world({ students: 0 });
    await free.service.updateUser(admin, NO_FILE_LINKS, teacher.id, { role: 'ADMIN' });
    // A role change ends the user's sessions.
    expect(free.updates).toMatchObject([
      { id: teacher.id, values: { role: 'ADMIN' }, options: { bumpTokenVersion: true } },
    ]);
    expect(free.effects.audited).toEqual([
      { action: 'update', entity: 'user', entityId: teacher.id, changes: { role: 'ADMIN' } },
    ]);
  });

  it('never removes the last active administrator (409), and deletes one when another remains', async () => {
    const other = { ...admin, id: '00000000-0000-4000-8000-0000000000ae' };
    const last = world({ otherActiveAdmin: false });
    expect(await refusal(last.service.deleteUser(other, admin.id))).toMatchObject({
      statusCode: 409,
      message: M.lastActiveAdmin,
    });
    expect(last.deleted).toEqual([]);

    const two = world({ otherActiveAdmin: true });
    await two.service.deleteUser(other, admin.id);
    expect(two.deleted).toEqual([admin.id]);
    expect(two.effects.audited).toEqual([{ action: 'delete', entity: 'user', entityId: admin.id }]);
  });

  it("shows a teacher's students with the category their age calls for on the clock's day", async () => {
    const { service, clock } = world({ students: 1 });
    // 23:59 in Colombo on the day before the third birthday: two years old, Home Base.
    clock.set('2026-03-09T18:29:00Z');
    const before = await service.getUser(admin, NO_FILE_LINKS, teacher.id);
    expect(before.assignedStudentsCount).toBe(1);
    expect(before.assignedStudents).toEqual([
      { id: 'kid', firstName: 'Kid', lastName: 'One', age: 2, category: 'HOME_BASE' },
    ]);
    // A minute later it is the birthday there: three, Centre Base.
    clock.set('2026-03-09T18:31:00Z');
    const after = await service.getUser(admin, NO_FILE_LINKS, teacher.id);
    expect(after.assignedStudents).toEqual([
      { id: 'kid', firstName: 'Kid', lastName: 'One', age: 3, category: 'CENTER_BASE' },
    ]);
  });

  it('answers 404 for a user the repository does not hold', async () => {
    const { service } = world();
    expect(
      await refusal(service.getUser(admin, NO_FILE_LINKS, '00000000-0000-4000-8000-000000000999')),
    ).toMatchObject({ statusCode: 404, message: M.notFound });
  });
});

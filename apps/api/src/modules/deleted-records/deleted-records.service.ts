import {
  DELETED_RECORD_MESSAGES as M,
  LIMITS,
  type DeletedActivity,
  type DeletedHomeVisit,
  type DeletedKind,
  type DeletedMeasurement,
  type DeletedStudent,
  type DeletedUser,
  type PageQuery,
} from '@csp/contracts';
import { conflict, notFound } from '../../lib/errors.ts';
import { fetchPage, pageOf, type Paged } from '../../lib/paging.ts';
import { requireRole } from '../../lib/permissions.ts';
import type { Actor } from '../../lib/actor.ts';
import { bindDeps, type AppDeps } from '../../lib/service-deps.ts';
import { writeTransaction, type WriteClaim } from '../../db/write-claims.ts';
import { deleteStoredFileRows } from '../files/files.repo.ts';
import { removeStoredObjects } from '../files/files.service.ts';
import { lockTeacherForAssignment } from '../students/students.repo.ts';
import * as deletedRecordsRepo from './deleted-records.repo.ts';
import { realEffects, type Effects } from '../effects.ts';
import { lockStudentRow } from '../measurements/growth.repo.ts';
import { recomputeGrowth } from '../measurements/growth.service.ts';
import { studentOfMeasurement } from '../measurements/measurements.repo.ts';

/** The audit trail's name of each kind. */
const AUDIT_ENTITY = {
  users: 'user',
  students: 'student',
  activities: 'activity',
  measurements: 'measurement',
  'home-visits': 'home_visit',
} as const satisfies Record<DeletedKind, string>;

/** Its own queries and the locks and reads of the modules whose records it restores or removes. */
const defaultRepo = {
  ...deletedRecordsRepo,
  deleteStoredFileRows,
  lockTeacherForAssignment,
  lockStudentRow,
  studentOfMeasurement,
};

/** The repository the service is given (the real one in the app, a fake in a unit test). */
export type DeletedRecordsRepo = typeof defaultRepo;

export type DeletedRecordsDeps = Pick<AppDeps, 'db' | 'storage' | 'log'> &
  Effects & { repo: DeletedRecordsRepo };

export type DeletedRecord =
  DeletedUser | DeletedStudent | DeletedActivity | DeletedMeasurement | DeletedHomeVisit;

const iso = (d: Date | null) => (d ?? new Date(0)).toISOString();
const nameOf = (p: { firstName: string | null; lastName: string | null } | null) =>
  p?.firstName != null && p.lastName != null ? { firstName: p.firstName, lastName: p.lastName } : null;

/** One kind's rows as the API answers them. */
async function rowsOf(deps: DeletedRecordsDeps, kind: DeletedKind, page?: { offset: number; limit: number }) {
  switch (kind) {
    case 'users':
      return (await deps.repo.deletedUsers(deps.db, page)).map((u): DeletedUser => ({
        ...u,
        createdAt: iso(u.createdAt),
        deletedAt: iso(u.deletedAt),
      }));
    case 'students':
      return (await deps.repo.deletedStudents(deps.db, page)).map(({ teacher, ...s }): DeletedStudent => ({
        ...s,
        assignedTeacher: nameOf(teacher),
        deletedAt: iso(s.deletedAt),
      }));
    case 'activities':
      return (await deps.repo.deletedActivities(deps.db, page)).map((a): DeletedActivity => ({
        ...a,
        teacher: nameOf(a.teacher),
        deletedAt: iso(a.deletedAt),
      }));
    case 'measurements':
      return (await deps.repo.deletedMeasurements(deps.db, page)).map((m): DeletedMeasurement => ({
        ...m,
        measuredBy: nameOf(m.measuredBy),
        deletedAt: iso(m.deletedAt),
      }));
    case 'home-visits':
      return (await deps.repo.deletedHomeVisits(deps.db, page)).map((v): DeletedHomeVisit => ({
        ...v,
        teacher: nameOf(v.teacher),
        deletedAt: iso(v.deletedAt),
      }));
  }
}

/** GET /{kind}/deleted/list: the deleted records of a kind, newest deletion first (admins). */
async function listDeleted(
  deps: DeletedRecordsDeps,
  actor: Actor,
  kind: DeletedKind,
  query: PageQuery,
): Promise<Paged<DeletedRecord>> {
  requireRole(actor, 'ADMIN');
  return fetchPage<DeletedRecord>({
    page: pageOf(query),
    rows: (p) => rowsOf(deps, kind, p),
    count: () => deps.repo.countDeleted(deps.db, kind),
  });
}

/**
 * POST /{kind}/{id}/restore (admins): brings back exactly the prior state — the row as it was, and with
 * it what was hidden with it (a student's activities, measurements and visits; a teacher's students
 * that still point at them, decision 0002). A restore that would break a rule answers 409: a record of
 * a student who is still deleted, a student whose live teacher has reached the cap meanwhile. The
 * record stays locked while checking, so a permanent delete at the same moment queues behind it.
 */
async function restoreDeleted(
  deps: DeletedRecordsDeps,
  actor: Actor,
  kind: DeletedKind,
  id: string,
  claim?: WriteClaim | null,
): Promise<{ message: string }> {
  requireRole(actor, 'ADMIN');
  await writeTransaction(deps.db, claim, async (tx) => {
    // A measurement's student row first, as every transaction rescoring a growth series takes it.
    if (kind === 'measurements') {
      const studentId = await deps.repo.studentOfMeasurement(tx, id);
      if (studentId) await deps.repo.lockStudentRow(tx, studentId);
    }
    const record = await deps.repo.lockRecord(tx, kind, id);
    if (!record?.deleted) throw notFound(M.notFound(kind));
    if ('studentId' in record && record.studentId && !(await deps.repo.studentIsLive(tx, record.studentId))) {
      throw conflict(M.studentFirst);
    }
    if ('teacherId' in record && record.teacherId) {
      const teacher = await deps.repo.lockTeacherForAssignment(tx, record.teacherId);
      if (teacher && teacher.assignedCount >= LIMITS.maxStudentsPerTeacher) throw conflict(M.teacherAtCap);
    }
    await deps.repo.restore(tx, kind, id);
    // A measurement back in its student's series: the scores, the latest and the at-risk list follow.
    if (kind === 'measurements' && 'studentId' in record && record.studentId) {
      await recomputeGrowth(tx, record.studentId);
    }
    await deps.audit.audit(tx, actor, 'restore', AUDIT_ENTITY[kind], id);
  });
  return { message: M.restored(kind) };
}

/**
 * DELETE /{kind}/{id}/permanent (admins): removes a soft-deleted record for good, with its dependants
 * (the database's cascades) and its stored files — rows in the same transaction, the files themselves
 * after the commit. A record that is not deleted first answers 409.
 */
async function deletePermanently(
  deps: DeletedRecordsDeps,
  actor: Actor,
  kind: DeletedKind,
  id: string,
): Promise<{ message: string }> {
  requireRole(actor, 'ADMIN');
  const keys = await deps.db.transaction(async (tx) => {
    const record = await deps.repo.lockRecord(tx, kind, id);
    if (!record) throw notFound(M.notFound(kind));
    if (!record.deleted) throw conflict(M.notDeleted(kind));
    const fileIds = [...record.fileIds, ...(await deps.repo.dependantFileIds(tx, kind, id))];
    await deps.repo.deleteForGood(tx, kind, id);
    await deps.audit.audit(tx, actor, 'permanent_delete', AUDIT_ENTITY[kind], id);
    return deps.repo.deleteStoredFileRows(tx, [...new Set(fileIds)]);
  });
  await removeStoredObjects(deps, keys);
  return { message: M.permanentlyDeleted(kind) };
}

/**
 * The deleted-records service (decision 0034): the app's real repository and effects unless a test
 * passes fakes.
 */
export function createDeletedRecordsService(
  deps: Pick<AppDeps, 'db' | 'storage' | 'log'> & Partial<Effects> & { repo?: DeletedRecordsRepo },
) {
  const full: DeletedRecordsDeps = { ...realEffects, repo: defaultRepo, ...deps };
  return bindDeps(full, { listDeleted, restoreDeleted, deletePermanently });
}

import {
  ageOn,
  categoryForAge,
  LIMITS,
  todayIn,
  type Student,
  type StudentCategory,
  type StudentDetail,
  type StudentListQuery,
} from '@csp/contracts';
import type { z } from 'zod';
import type { createStudentBodySchema, updateStudentBodySchema } from '@csp/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { assertEditedVersion } from '../../lib/edited-version.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { fetchCountedPage, pageOf, searchCountsItself } from '../../lib/paging.ts';
import { requireOwnTeacherId, requireRole } from '../../lib/permissions.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeTransaction, type WriteClaim } from '../../db/write-claims.ts';
import { bindDeps, type AppDeps } from '../../lib/service-deps.ts';
import { realEffects, type Effects } from '../effects.ts';
import * as studentsRepo from './students.repo.ts';
import type * as repo from './students.repo.ts';
import { recomputeGrowth } from '../measurements/growth.service.ts';

/**
 * What the service reads and writes: its repository and the growth rescoring of a student whose series
 * moves, given together so a unit test fakes them.
 */
const defaultRepo = { ...studentsRepo, recomputeGrowth };
export type StudentsRepo = typeof defaultRepo;

export type StudentsDeps = Pick<AppDeps, 'db' | 'config'> & Effects & { repo: StudentsRepo };

type CreateInput = z.output<typeof createStudentBodySchema>;
type UpdateInput = z.output<typeof updateStudentBodySchema>;

const NOT_FOUND = 'Student not found';
const CAP_MESSAGE = `This teacher already has ${LIMITS.maxStudentsPerTeacher} students assigned`;

/**
 * The student as responses show it. Age and category are read for `today`: a child whose birthday
 * moved them on shows their new category even before the category job has stored it.
 */
function toDto(r: repo.StudentWithRefs, today: string): Student {
  const s = r.student;
  const age = ageOn(s.dateOfBirth, today);
  return {
    id: s.id,
    studentId: s.studentId,
    firstName: s.firstName,
    lastName: s.lastName,
    dateOfBirth: s.dateOfBirth,
    age,
    category: categoryForAge(s.category, age, s.isPregnant),
    parentName: s.parentName,
    parentPhone: s.parentPhone,
    parentEmail: s.parentEmail,
    address: s.address,
    medicalInfo: s.medicalInfo,
    assignedTeacherId: s.assignedTeacherId,
    assignedTeacher: r.teacher,
    isActive: s.isActive,
    isPregnant: s.isPregnant,
    motherAge: s.motherAge,
    pregnancyMonths: s.pregnancyMonths,
    expectedDueDate: s.expectedDueDate,
    actualBirthDate: s.actualBirthDate,
    isBabyBorn: s.isBabyBorn,
    homeLatitude: s.homeLatitude,
    homeLongitude: s.homeLongitude,
    homeLocationName: s.homeLocationName,
    sex: s.sex,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
    homeVisits: r.latestVisit ? [r.latestVisit] : [],
  };
}

/** Pregnancy fields only exist for a pregnant SURVIVAL_PROGRAM student; the rest are cleared. */
function normalisePregnancy<T extends Partial<CreateInput>>(
  v: T,
  category: StudentCategory,
  isPregnant: boolean,
) {
  const out: Partial<repo.NewStudentRow> = {};
  if (category !== 'SURVIVAL_PROGRAM') {
    Object.assign(out, {
      isPregnant: false,
      motherAge: null,
      pregnancyMonths: null,
      expectedDueDate: null,
      actualBirthDate: null,
      isBabyBorn: false,
    });
  } else if (!isPregnant && v.isPregnant === false) {
    Object.assign(out, { pregnancyMonths: null, expectedDueDate: null });
  }
  if (v.isBabyBorn === false) out.actualBirthDate = null;
  return out;
}

function checkDateOfBirth(dateOfBirth: string, today: string, isPregnant: boolean) {
  if (isPregnant) return;
  if (dateOfBirth > today) throw badRequest('Date of birth cannot be in the future');
  if (ageOn(dateOfBirth, today) > 18) throw badRequest('Age must be between 0 and 18');
}

async function assignTeacher(deps: StudentsDeps, tx: DbOrTx, teacherId: string) {
  const t = await deps.repo.lockTeacherForAssignment(tx, teacherId);
  if (!t || t.role !== 'TEACHER') throw badRequest('Assigned teacher must be an existing teacher');
  if (!t.isActive) throw badRequest('Assigned teacher is inactive');
  if (t.assignedCount >= LIMITS.maxStudentsPerTeacher) throw conflict(CAP_MESSAGE);
}

async function notifyAssigned(
  deps: StudentsDeps,
  tx: DbOrTx,
  teacherId: string,
  s: { firstName: string; lastName: string; studentId: string },
) {
  await deps.notify.notify(
    tx,
    teacherId,
    'student_assigned',
    'New student assigned',
    `${s.firstName} ${s.lastName} (${s.studentId}) has been assigned to you.`,
  );
}

async function listStudents(deps: StudentsDeps, actor: Actor, query: StudentListQuery) {
  requireOwnTeacherId(actor, query.teacherId, 'Teachers can only list their own students');
  const filter: repo.StudentFilter = {
    today: todayIn(deps.config.orgTimezone, deps.clock.now()),
    search: query.search || undefined,
    category: query.category,
    teacherId: actor.role === 'TEACHER' ? actor.id : query.teacherId,
  };
  const { items, total } = await fetchCountedPage({
    page: pageOf(query),
    rows: (page) => deps.repo.listStudents(deps.db, filter, page),
    count: () => deps.repo.countStudents(deps.db, filter),
    countsItself: searchCountsItself(filter),
  });
  return { items: items.map((r) => toDto(r, filter.today)), total };
}

async function getStudent(deps: StudentsDeps, actor: Actor, id: string): Promise<StudentDetail> {
  const today = todayIn(deps.config.orgTimezone, deps.clock.now());
  const found = await deps.repo.findStudent(deps.db, actor, id);
  if (!found) throw notFound(NOT_FOUND);
  const nested = await deps.repo.findStudentNested(deps.db, id);
  const base = toDto(found, today);
  return {
    ...base,
    activities: nested.activities,
    measurements: nested.measurements,
    homeVisits: nested.homeVisits,
  };
}

async function createStudent(
  deps: StudentsDeps,
  actor: Actor,
  body: CreateInput,
  claim?: WriteClaim | null,
): Promise<StudentDetail> {
  requireRole(actor, 'ADMIN');
  const today = todayIn(deps.config.orgTimezone, deps.clock.now());
  const isPregnant = body.category === 'SURVIVAL_PROGRAM' && body.isPregnant === true;
  checkDateOfBirth(body.dateOfBirth, today, isPregnant);
  const { age: _age, ...fields } = body;
  const values: repo.NewStudentRow = {
    ...fields,
    isPregnant,
    ...normalisePregnancy(body, body.category, isPregnant),
  };
  let id: string;
  try {
    id = await writeTransaction(deps.db, claim, async (tx) => {
      if (await deps.repo.studentIdTaken(tx, body.studentId))
        throw conflict('A student with this student ID already exists');
      if (values.assignedTeacherId) await assignTeacher(deps, tx, values.assignedTeacherId);
      const row = await deps.repo.insertStudent(tx, values);
      await deps.audit.audit(tx, actor, 'create', 'student', row.id, values);
      if (row.assignedTeacherId) await notifyAssigned(deps, tx, row.assignedTeacherId, row);
      return row.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('A student with this student ID already exists');
    throw err;
  }
  return getStudent(deps, actor, id);
}

async function updateStudent(
  deps: StudentsDeps,
  actor: Actor,
  id: string,
  body: UpdateInput,
): Promise<StudentDetail> {
  const today = todayIn(deps.config.orgTimezone, deps.clock.now());
  const { age: _age, updatedAt: edited, ...fields } = body;
  try {
    await deps.db.transaction(async (tx) => {
      const found = await deps.repo.findStudent(tx, actor, id, { forUpdate: true });
      if (!found) throw notFound(NOT_FOUND);
      const current = found.student;
      assertEditedVersion(current, edited);
      const reassigning =
        body.assignedTeacherId !== undefined &&
        (body.assignedTeacherId ?? null) !== current.assignedTeacherId;
      if (reassigning) requireRole(actor, 'ADMIN', 'Only administrators can reassign students');

      const category = body.category ?? current.category;
      const isPregnant = category === 'SURVIVAL_PROGRAM' && (body.isPregnant ?? current.isPregnant);
      const dateOfBirth = body.dateOfBirth ?? current.dateOfBirth;
      if (body.dateOfBirth !== undefined || body.isPregnant === false)
        checkDateOfBirth(dateOfBirth, today, isPregnant);
      if (
        body.studentId &&
        body.studentId !== current.studentId &&
        (await deps.repo.studentIdTaken(tx, body.studentId, id))
      ) {
        throw conflict('A student with this student ID already exists');
      }
      if (reassigning && body.assignedTeacherId) await assignTeacher(deps, tx, body.assignedTeacherId);

      await deps.repo.updateStudent(tx, id, {
        ...fields,
        isPregnant,
        ...normalisePregnancy(body, category, isPregnant),
      });
      const growthMoves =
        dateOfBirth !== current.dateOfBirth ||
        isPregnant !== current.isPregnant ||
        (body.sex !== undefined && (body.sex ?? null) !== current.sex);
      if (growthMoves) await deps.repo.recomputeGrowth(tx, id);
      await deps.audit.audit(tx, actor, 'update', 'student', id, fields);
      if (reassigning && body.assignedTeacherId) {
        await notifyAssigned(deps, tx, body.assignedTeacherId, {
          firstName: body.firstName ?? current.firstName,
          lastName: body.lastName ?? current.lastName,
          studentId: body.studentId ?? current.studentId,
        });
      }
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('A student with this student ID already exists');
    throw err;
  }
  return getStudent(deps, actor, id);
}

async function deleteStudent(deps: StudentsDeps, actor: Actor, id: string): Promise<void> {
  requireRole(actor, 'ADMIN');
  const deleted = await deps.db.transaction(async (tx) => {
    const done = await deps.repo.softDeleteStudent(tx, id);
    if (done) await deps.audit.audit(tx, actor, 'delete', 'student', id);
    return done;
  });
  if (!deleted) throw notFound(NOT_FOUND);
}

/**
 * The students service with its dependencies given once (decision 0034): the app's real repository and
 * effects unless a test passes fakes.
 */
export function createStudentsService(
  deps: Pick<AppDeps, 'db' | 'config'> & Partial<Effects> & { repo?: StudentsRepo },
) {
  const full: StudentsDeps = { ...realEffects, repo: defaultRepo, ...deps };
  return bindDeps(full, { listStudents, getStudent, createStudent, updateStudent, deleteStudent });
}

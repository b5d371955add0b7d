import {
  ageOn,
  categoryForAge,
  measurementStatus,
  todayIn,
  type MeasurementStatusEntry,
  type MeasurementStatusSummary,
  type measurementStatusQuerySchema,
} from '@csp/contracts';
import { lockStudentInScope } from '../../db/scopes.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeTransaction, type WriteClaim } from '../../db/write-claims.ts';
import * as measurementsRepo from './measurements.repo.ts';
import type * as repo from './measurements.repo.ts';
// Measurement records (below the status).
import {
  GROWTH_MESSAGES,
  MEASUREMENT_LIMITS,
  MEASUREMENT_MESSAGES,
  PHOTO_MESSAGES,
  PHOTO_MIME_TYPES,
  type createMeasurementBodySchema,
  type Measurement,
  type MeasurementListQuery,
  type MeasurementPhotoUploadResponse,
} from '@csp/contracts';
import type { z } from 'zod';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { fetchPage, pageOf, type Paged } from '../../lib/paging.ts';
import { requireOwnTeacherId } from '../../lib/permissions.ts';
import { filesInUse } from '../files/files.repo.ts';
import { areOwnUploads, saveUpload, type FileLinks, type IncomingFile } from '../files/files.service.ts';
import { bindDeps, type AppDeps } from '../../lib/service-deps.ts';
import { realEffects, type Effects } from '../effects.ts';
import { lockStudentRow } from './growth.repo.ts';
import { GROWTH_VERSION, growthOf, recomputeGrowth, storedGrowth } from './growth.service.ts';

type StatusQuery = z.output<typeof measurementStatusQuerySchema>;
/** Rows per page of the status page (spec part 1 §9). */
const MEASUREMENT_STATUS_PAGE_SIZE = 10;

/**
 * What the service reads and writes: its repository and the few lookups of other modules it makes (the
 * student's lock, the photos' rows, the growth rescoring), given together so a unit test fakes them.
 */
const defaultRepo = {
  ...measurementsRepo,
  lockStudentInScope,
  lockStudentRow,
  areOwnUploads,
  filesInUse,
  recomputeGrowth,
};
export type MeasurementsRepo = typeof defaultRepo;

export type MeasurementsDeps = Pick<AppDeps, 'db' | 'storage' | 'log' | 'config'> &
  Effects & { repo: MeasurementsRepo };

/**
 * The status filter of the caller: a teacher's own students always (asking for another teacher's is
 * refused); an admin's whole programme or one teacher's.
 */
function statusFilterOf(deps: MeasurementsDeps, actor: Actor, query: StatusQuery): repo.StatusFilter {
  requireOwnTeacherId(actor, query.teacherId, 'Teachers can only see their own students');
  return {
    today: todayIn(deps.config.orgTimezone, deps.clock.now()),
    teacherId: actor.role === 'TEACHER' ? actor.id : query.teacherId,
    status: query.status,
    category: query.category,
    search: query.search || undefined,
  };
}

/**
 * Measurement status of the students in scope (teachers: their own), by name or soonest due first.
 * Without parameters every one, by name (the spec's call); with filters, order and page/limit, one page
 * (the status page, the dashboard panel's previews), filtered and ordered in SQL.
 */
async function statusOfAll(
  deps: MeasurementsDeps,
  actor: Actor,
  query: StatusQuery = {},
): Promise<Paged<MeasurementStatusEntry>> {
  const filter = statusFilterOf(deps, actor, query);
  const today = filter.today;
  const { items, total } = await fetchPage({
    page: pageOf(query, MEASUREMENT_STATUS_PAGE_SIZE),
    rows: (page) => deps.repo.studentsWithLatestMeasurement(deps.db, filter, page, query.order),
    count: () => deps.repo.countStudentsByStatus(deps.db, filter),
  });
  return {
    total,
    items: items.map((r) => {
      const figures = measurementStatus(r.lastMeasurement?.date ?? null, today);
      const age = ageOn(r.dateOfBirth, today);
      return {
        id: r.id,
        studentId: r.studentId,
        firstName: r.firstName,
        lastName: r.lastName,
        age,
        // The category the age calls for, even before the category job has stored it.
        category: categoryForAge(r.category, age, r.isPregnant),
        ...figures,
        lastMeasurement: r.lastMeasurement,
        assignedTeacher: r.teacher,
      };
    }),
  };
}

/** The status page's counters for the students in scope (filters other than status apply). */
async function statusSummary(
  deps: MeasurementsDeps,
  actor: Actor,
  query: StatusQuery = {},
): Promise<MeasurementStatusSummary> {
  return deps.repo.statusSummary(deps.db, statusFilterOf(deps, actor, query));
}

// --- Measurement records ----------------------------------------------------------------------------

type CreateInput = z.output<typeof createMeasurementBodySchema>;

const MM = MEASUREMENT_MESSAGES;
/** stored_files.purpose (and store folder) of measurement photos. */
export const MEASUREMENT_PHOTO_PURPOSE = 'measurement-photo';

function toDto(r: repo.MeasurementWithRefs, today: string, links: FileLinks): Measurement {
  const m = r.measurement;
  const photos = m.photos.map((id) => links.url(id));
  return {
    id: m.id,
    height: m.height,
    weight: m.weight,
    date: m.date,
    notes: m.notes,
    position: m.position,
    photos,
    photoUrl: photos[0] ?? null,
    student: {
      id: r.student.id,
      firstName: r.student.firstName,
      lastName: r.student.lastName,
      age: ageOn(r.student.dateOfBirth, today),
    },
    measuredBy: r.measuredBy,
    studentId: m.studentId,
    createdAt: m.createdAt.toISOString(),
    // Stored with the row; a row the growth job has not rescored yet is scored here (without the
    // falling-weight comparison, which needs the series).
    growth: m.growthVersion === GROWTH_VERSION ? storedGrowth(m) : growthOf(r.student, m, null),
  };
}

/** Teachers: their students' measurements; admins: all. A deleted student's measurements never show. */
async function listMeasurements(
  deps: MeasurementsDeps,
  actor: Actor,
  links: FileLinks,
  query: MeasurementListQuery,
): Promise<Paged<Measurement>> {
  requireOwnTeacherId(actor, query.teacherId, MM.listOwn);
  const today = todayIn(deps.config.orgTimezone, deps.clock.now());
  const filter: repo.MeasurementFilter = {
    date: query.date,
    teacherId: query.teacherId,
    studentId: query.studentId,
  };
  const page = await fetchPage({
    page: pageOf(query, MEASUREMENT_LIMITS.pageSize),
    rows: (p) => deps.repo.listMeasurements(deps.db, actor, filter, p),
    count: () => deps.repo.countMeasurements(deps.db, actor, filter),
    cursorOf: (r) => r.cursor,
  });
  return { ...page, items: page.items.map((r) => toDto(r, today, links)) };
}

async function getMeasurement(
  deps: MeasurementsDeps,
  actor: Actor,
  links: FileLinks,
  id: string,
): Promise<Measurement> {
  const found = await deps.repo.findMeasurement(deps.db, actor, id);
  if (!found) throw notFound(MM.notFound);
  return toDto(found, todayIn(deps.config.orgTimezone, deps.clock.now()), links);
}

/**
 * Records a measurement: a teacher for their own students, an admin for any student; the signed-in
 * user is always measuredBy. Photos must be the user's own measurement uploads, on no other record.
 */
async function createMeasurement(
  deps: MeasurementsDeps,
  actor: Actor,
  links: FileLinks,
  body: CreateInput,
  claim?: WriteClaim | null,
): Promise<Measurement> {
  const today = todayIn(deps.config.orgTimezone, deps.clock.now());
  if (body.date > today) throw badRequest(MM.dateInFuture);
  const created = await writeTransaction(deps.db, claim, async (tx) => {
    if (!(await deps.repo.lockStudentInScope(tx, actor, body.studentId, 'no key update'))) {
      throw notFound(MM.studentNotFound);
    }
    if (body.photos.length > 0) {
      if (!(await deps.repo.areOwnUploads(tx, body.photos, MEASUREMENT_PHOTO_PURPOSE, actor.id))) {
        throw badRequest(MM.photoInvalid);
      }
      if (await deps.repo.filesInUse(tx, 'measurements', body.photos)) throw conflict(MM.photoInUse);
    }
    const id = await deps.repo.insertMeasurement(tx, {
      studentId: body.studentId,
      measuredById: actor.id,
      height: body.height,
      weight: body.weight,
      date: body.date,
      notes: body.notes ?? null,
      position: body.position ?? null,
      photos: body.photos,
    });
    await deps.repo.recomputeGrowth(tx, body.studentId);
    await deps.audit.audit(tx, actor, 'create', 'measurement', id, body);
    return deps.repo.findMeasurement(tx, actor, id);
  });
  if (!created) throw notFound(MM.notFound);
  return toDto(created, today, links);
}

/**
 * Soft-deletes a measurement recorded in error (restorable from Deleted Records): an admin any, a
 * teacher one they recorded of their own student. The student's series is rescored at once, so the
 * at-risk list and the falling-weight warning follow the measurements that remain.
 */
async function deleteMeasurement(deps: MeasurementsDeps, actor: Actor, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    // Permission first, without a lock: a teacher who may not delete it waits for no one's lock. Their
    // read carries their scope (their own students' measurements); an admin may delete any.
    let studentId: string | undefined;
    if (actor.role === 'TEACHER') {
      const found = await deps.repo.findMeasurement(tx, actor, id);
      if (!found) throw notFound(MM.notFound);
      // Tell a teacher apart who may see the measurement but did not record it.
      if (found.measurement.measuredById !== actor.id) throw forbidden(GROWTH_MESSAGES.deleteOwn);
      studentId = found.measurement.studentId;
    } else {
      studentId = await deps.repo.studentOfMeasurement(tx, id);
    }
    // Then the student's row, as every rescoring transaction takes it first: no lock-order deadlock. The
    // delete carries the scope again (the student may have been reassigned meanwhile).
    if (studentId) await deps.repo.lockStudentRow(tx, studentId);
    const deleted = await deps.repo.softDeleteMeasurement(tx, actor, id);
    if (!deleted) throw notFound(MM.notFound);
    await deps.repo.recomputeGrowth(tx, deleted.studentId);
    await deps.audit.audit(tx, actor, 'delete', 'measurement', id);
  });
}

/** Stores one measurement photo (JPG, PNG, GIF or WebP by its bytes, at most 5 MB) for its uploader. */
async function uploadMeasurementPhoto(
  deps: MeasurementsDeps,
  actor: Actor,
  links: FileLinks,
  receive: () => Promise<IncomingFile>,
): Promise<MeasurementPhotoUploadResponse> {
  const { file } = await saveUpload(deps, {
    file: await receive(),
    allowed: PHOTO_MIME_TYPES,
    maxBytes: MEASUREMENT_LIMITS.photoMaxBytes,
    purpose: MEASUREMENT_PHOTO_PURPOSE,
    ownerId: actor.id,
    wrongTypeMessage: PHOTO_MESSAGES.wrongType,
    tooLargeMessage: PHOTO_MESSAGES.tooLarge,
  });
  return { url: links.url(file.id), id: file.id };
}

/**
 * The measurements service with its dependencies given once (decision 0034): the app's real repository
 * and effects unless a test passes fakes.
 */
export function createMeasurementsService(
  deps: Pick<AppDeps, 'db' | 'storage' | 'log' | 'config'> & Partial<Effects> & { repo?: MeasurementsRepo },
) {
  const full: MeasurementsDeps = { ...realEffects, repo: defaultRepo, ...deps };
  return bindDeps(full, {
    statusOfAll,
    statusSummary,
    listMeasurements,
    getMeasurement,
    createMeasurement,
    deleteMeasurement,
    uploadMeasurementPhoto,
  });
}

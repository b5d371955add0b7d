import {
  ageOn,
  distanceMeters,
  HOME_VISIT_CATEGORIES,
  HOME_VISIT_FILE_MIME_TYPES,
  HOME_VISIT_LIMITS,
  HOME_VISIT_MESSAGES,
  isCoarseFix,
  isIsoDate,
  todayIn,
  type createHomeVisitBodySchema,
  type HomeVisit,
  type HomeVisitListQuery,
  type HomeVisitReviewQuery,
  type HomeVisitUploadResponse,
  type updateHomeVisitBodySchema,
} from '@csp/contracts';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { lockStudentInScope } from '../../db/scopes.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { requireOwnTeacherId, requireRole } from '../../lib/permissions.ts';
import { assertEditedVersion } from '../../lib/edited-version.ts';
import { fetchPage, pageOf, searchCountsItself, type Paged } from '../../lib/paging.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeTransaction, type WriteClaim } from '../../db/write-claims.ts';
import { filesInUse, findStoredFiles } from '../files/files.repo.ts';
import {
  areOwnUploads,
  removeStoredObjects,
  saveUpload,
  unlinkStoredFiles,
  type FileLinks,
  type IncomingFile,
} from '../files/files.service.ts';
import { earlierTap } from '../../lib/tap-time.ts';
import { bindDeps, type AppDeps } from '../../lib/service-deps.ts';
import { realEffects, type Effects } from '../effects.ts';
import { homeVisitDistanceThreshold } from '../settings/settings.service.ts';
import * as homeVisitsRepo from './home-visits.repo.ts';
import type * as repo from './home-visits.repo.ts';

/**
 * What the service reads and writes: its repository and the few lookups of other modules it makes (the
 * student's lock, the distance threshold, the files' rows), given together so a unit test fakes them.
 */
const defaultRepo = {
  ...homeVisitsRepo,
  /** The visit's student in the teacher's scope, locked against a change of teacher meanwhile. */
  lockVisitStudent: (tx: DbOrTx, actor: Actor, studentId: string) =>
    lockStudentInScope(tx, actor, studentId, 'share', homeVisitsRepo.visitStudentColumns),
  distanceThreshold: homeVisitDistanceThreshold,
  findStoredFiles,
  filesInUse,
  areOwnUploads,
  unlinkStoredFiles,
};
export type HomeVisitsRepo = typeof defaultRepo;

export type HomeVisitsDeps = Pick<AppDeps, 'db' | 'storage' | 'log' | 'config'> &
  Effects & { repo: HomeVisitsRepo };

type CreateInput = z.output<typeof createHomeVisitBodySchema>;
type UpdateInput = z.output<typeof updateHomeVisitBodySchema>;

const M = HOME_VISIT_MESSAGES;
/** stored_files.purpose (and store folder) of the files of home visits. */
export const HOME_VISIT_FILE_PURPOSE = 'home-visit-file';
/** notifications.type of a review decision (shown as General in the inbox). */
export const HOME_VISIT_REVIEWED = 'home_visit_reviewed';

type FileInfo = { name: string; mimeType: string; sizeBytes: number };

function toDto(
  r: repo.HomeVisitWithRefs,
  files: Map<string, FileInfo>,
  today: string,
  fileLinks: FileLinks,
): HomeVisit {
  const v = r.visit;
  const links = v.photos.map((id) => fileLinks.url(id));
  return {
    id: v.id,
    studentId: v.studentId,
    teacherId: v.teacherId,
    teacher: r.teacher,
    student: {
      id: r.student.id,
      firstName: r.student.firstName,
      lastName: r.student.lastName,
      age: ageOn(r.student.dateOfBirth, today),
      category: r.student.category,
      address: r.student.address,
      homeLatitude: r.student.homeLatitude,
      homeLongitude: r.student.homeLongitude,
      homeLocationName: r.student.homeLocationName,
    },
    visitDate: v.visitDate,
    duration: v.duration,
    notes: v.notes,
    photos: links,
    files: v.photos.flatMap((id, i) => {
      const info = files.get(id);
      return info ? [{ url: links[i], ...info }] : [];
    }),
    latitude: v.latitude,
    longitude: v.longitude,
    locationName: v.locationName,
    locationAccuracy: v.locationAccuracy,
    status: v.status,
    isWithinRange: v.isWithinRange,
    distanceFromHome: v.distanceFromHome,
    reviewNotes: v.reviewNotes,
    reviewedBy:
      r.reviewer?.firstName != null && r.reviewer.lastName != null
        ? { firstName: r.reviewer.firstName, lastName: r.reviewer.lastName }
        : null,
    reviewedAt: v.reviewedAt?.toISOString() ?? null,
    recordedAt: v.recordedAt.toISOString(),
    createdAt: v.createdAt.toISOString(),
    updatedAt: v.updatedAt.toISOString(),
  };
}

const today = (deps: HomeVisitsDeps) => todayIn(deps.config.orgTimezone, deps.clock.now());

/** DTOs of the rows, with the names and types of their files (one lookup for all of them). */
async function toDtos(deps: HomeVisitsDeps, db: DbOrTx, links: FileLinks, rows: repo.HomeVisitWithRefs[]) {
  const stored = await deps.repo.findStoredFiles(db, [...new Set(rows.flatMap((r) => r.visit.photos))]);
  const files = new Map(
    stored.map((f) => [f.id, { name: f.originalName, mimeType: f.mimeType, sizeBytes: f.sizeBytes }]),
  );
  const orgToday = today(deps);
  return rows.map((r) => toDto(r, files, orgToday, links));
}

function checkDate(date: string | undefined, orgToday: string) {
  if (date !== undefined && date > orgToday) throw badRequest(M.dateInFuture);
}

/** A PATCH's `visitDate`: a date as is; a date-time as the day it falls on in the organisation. */
function dayOf(value: string | undefined, timeZone: string): string | undefined {
  if (value === undefined || isIsoDate(value)) return value;
  return todayIn(timeZone, new Date(value));
}

interface Placement {
  status: 'APPROVED' | 'PENDING';
  isWithinRange: boolean | null;
  distanceFromHome: number | null;
}

/**
 * Where a visit stands against the student's home: the great-circle distance and whether it is within
 * the threshold. Within range, with a fix no coarser than the threshold → APPROVED at once; otherwise
 * (farther, no coordinates, a student without a home location, or a fix too coarse to prove the place)
 * → PENDING for an administrator.
 */
export function placeVisit(
  visit: { latitude?: number | null; longitude?: number | null; accuracy?: number | null },
  home: { homeLatitude: number | null; homeLongitude: number | null },
  threshold: number,
): Placement {
  if (
    visit.latitude === undefined ||
    visit.latitude === null ||
    visit.longitude === undefined ||
    visit.longitude === null ||
    home.homeLatitude === null ||
    home.homeLongitude === null
  ) {
    return { status: 'PENDING', isWithinRange: null, distanceFromHome: null };
  }
  const distance = distanceMeters(
    { latitude: visit.latitude, longitude: visit.longitude },
    { latitude: home.homeLatitude, longitude: home.homeLongitude },
  );
  const isWithinRange = distance <= threshold;
  const approved = isWithinRange && !isCoarseFix(visit.accuracy, threshold);
  return { status: approved ? 'APPROVED' : 'PENDING', isWithinRange, distanceFromHome: distance };
}

/**
 * New files of a visit must be the actor's own home-visit uploads, not yet on another visit. The
 * files stay locked until the transaction ends, so two visits cannot take one file.
 */
async function claimFiles(deps: HomeVisitsDeps, tx: Tx, actor: Actor, fileIds: string[], visitId?: string) {
  if (fileIds.length === 0) return;
  if (!(await deps.repo.areOwnUploads(tx, fileIds, HOME_VISIT_FILE_PURPOSE, actor.id)))
    throw badRequest(M.fileInvalid);
  if (await deps.repo.filesInUse(tx, 'homeVisits', fileIds, visitId)) throw conflict(M.fileInUse);
}

function filterOf(query: HomeVisitListQuery | HomeVisitReviewQuery): repo.HomeVisitFilter {
  return {
    date: query.date,
    year: query.year,
    month: query.month,
    location: query.location === 'all' ? undefined : query.location,
    search: query.search || undefined,
  };
}

/** Teachers: visits of their students (the spec's client sends their own teacherId); admins: all. */
async function listHomeVisits(
  deps: HomeVisitsDeps,
  actor: Actor,
  links: FileLinks,
  query: HomeVisitListQuery,
): Promise<Paged<HomeVisit>> {
  requireOwnTeacherId(actor, query.teacherId, M.listOwn);
  const filter: repo.HomeVisitFilter = {
    ...filterOf(query),
    status: query.status,
    teacherId: query.teacherId,
    studentId: query.studentId,
  };
  const page = await fetchPage({
    page: pageOf(query, HOME_VISIT_LIMITS.pageSize),
    rows: (p) => deps.repo.listHomeVisits(deps.db, actor, filter, p),
    count: () => deps.repo.countHomeVisits(deps.db, actor, filter),
    cursorOf: (r) => r.cursor,
    totalOf: searchCountsItself(filter) ? (r) => r.total : undefined,
  });
  return { ...page, items: await toDtos(deps, deps.db, links, page.items) };
}

/** The review queue: every live visit waiting for a decision, newest first (admins). */
async function pendingForReview(
  deps: HomeVisitsDeps,
  actor: Actor,
  links: FileLinks,
  query: HomeVisitReviewQuery,
): Promise<Paged<HomeVisit>> {
  requireRole(actor, 'ADMIN', M.onlyAdminsReview);
  const filter = { ...filterOf(query), pendingOnly: true };
  const page = await fetchPage({
    page: pageOf(query, HOME_VISIT_LIMITS.reviewPageSize),
    rows: (p) => deps.repo.listHomeVisits(deps.db, actor, filter, p),
    count: () => deps.repo.countHomeVisits(deps.db, actor, filter),
    cursorOf: (r) => r.cursor,
    totalOf: searchCountsItself(filter) ? (r) => r.total : undefined,
  });
  return { ...page, items: await toDtos(deps, deps.db, links, page.items) };
}

async function homeVisitYears(deps: HomeVisitsDeps, actor: Actor): Promise<number[]> {
  return deps.repo.homeVisitYears(deps.db, actor);
}

async function getHomeVisit(
  deps: HomeVisitsDeps,
  actor: Actor,
  links: FileLinks,
  id: string,
): Promise<HomeVisit> {
  const found = await deps.repo.findHomeVisit(deps.db, actor, id);
  if (!found) throw notFound(M.notFound);
  const [dto] = await toDtos(deps, deps.db, links, [found]);
  return dto;
}

/**
 * A teacher records a visit to one of their students; the server decides its status. `recordedAt`, the
 * phone's time of recording, is kept beside the arrival (lib/tap-time.ts).
 */
async function createHomeVisit(
  deps: HomeVisitsDeps,
  actor: Actor,
  links: FileLinks,
  body: CreateInput,
  claim?: WriteClaim | null,
): Promise<HomeVisit> {
  requireRole(actor, 'TEACHER', M.onlyTeachersRecord);
  checkDate(body.date, today(deps));
  // The phone's moment of recording when it was made offline; else the arrival (the column's default,
  // the same moment as created_at).
  const recordedAt = earlierTap(body.recordedAt, deps.clock.now(), deps.config.offlineMaxAgeDays);
  return writeTransaction(deps.db, claim, async (tx) => {
    const student = await deps.repo.lockVisitStudent(tx, actor, body.studentId);
    if (!student) throw notFound(M.studentNotFound);
    if (!(HOME_VISIT_CATEGORIES as readonly string[]).includes(student.category)) {
      throw badRequest(M.studentCategory);
    }
    await claimFiles(deps, tx, actor, body.photos);
    const placement = placeVisit(body, student, await deps.repo.distanceThreshold(tx));
    const id = await deps.repo.insertHomeVisit(tx, {
      studentId: body.studentId,
      teacherId: actor.id,
      visitDate: body.date,
      duration: body.duration,
      notes: body.notes ?? null,
      photos: body.photos,
      latitude: body.latitude ?? null,
      longitude: body.longitude ?? null,
      locationName: body.locationName ?? null,
      locationAccuracy:
        body.latitude === null || body.latitude === undefined ? null : (body.accuracy ?? null),
      recordedAt,
      ...placement,
    });
    await deps.audit.audit(tx, actor, 'create', 'home_visit', id, {
      studentId: body.studentId,
      visitDate: body.date,
      duration: body.duration,
      photos: body.photos,
      status: placement.status,
      distanceFromHome: placement.distanceFromHome,
    });
    const created = await deps.repo.findHomeVisit(tx, actor, id);
    if (!created) throw notFound(M.notFound);
    const [dto] = await toDtos(deps, tx, links, [created]);
    return dto;
  });
}

/**
 * Only the teacher who recorded it edits a visit, and only until an administrator has decided on it
 * (409 afterwards). A new location recomputes the distance and the status against today's threshold;
 * files left out of a new `photos` list are deleted (rows in the transaction, objects after the commit).
 */
async function updateHomeVisit(
  deps: HomeVisitsDeps,
  actor: Actor,
  links: FileLinks,
  id: string,
  body: UpdateInput,
): Promise<HomeVisit> {
  requireRole(actor, 'TEACHER', M.editOwn);
  const visitDate = dayOf(body.visitDate, deps.config.orgTimezone);
  checkDate(visitDate, today(deps));
  const { dto, removedKeys } = await deps.db.transaction(async (tx) => {
    const current = await deps.repo.findHomeVisit(tx, actor, id, { forUpdate: true });
    if (!current) throw notFound(M.notFound);
    if (current.visit.teacherId !== actor.id) throw forbidden(M.editOwn);
    if (current.visit.reviewedAt !== null) throw conflict(M.reviewedLocked);
    assertEditedVersion(current.visit, body.updatedAt);

    let removed: string[] = [];
    if (body.photos !== undefined) {
      const kept = new Set(current.visit.photos);
      await claimFiles(
        deps,
        tx,
        actor,
        body.photos.filter((p) => !kept.has(p)),
        id,
      );
      const next = new Set(body.photos);
      removed = current.visit.photos.filter((p) => !next.has(p));
    }
    const changes: repo.HomeVisitChanges = {
      visitDate,
      duration: body.duration,
      notes: body.notes,
      photos: body.photos,
    };
    if (body.latitude !== undefined || body.longitude !== undefined) {
      const hasPoint = body.latitude !== null && body.latitude !== undefined;
      Object.assign(changes, {
        latitude: body.latitude ?? null,
        longitude: body.longitude ?? null,
        locationName: body.locationName ?? null,
        locationAccuracy: hasPoint ? (body.accuracy ?? null) : null,
        ...placeVisit(body, current.student, await deps.repo.distanceThreshold(tx)),
      });
    } else if (body.locationName !== undefined) {
      changes.locationName = body.locationName;
    }
    if (!(await deps.repo.updateOwnHomeVisit(tx, actor, id, changes))) throw notFound(M.notFound);
    await deps.audit.audit(tx, actor, 'update', 'home_visit', id, changes);
    const removedKeys = removed.length > 0 ? await deps.repo.unlinkStoredFiles(tx, removed) : [];
    const updated = await deps.repo.findHomeVisit(tx, actor, id);
    if (!updated) throw notFound(M.notFound);
    const [dto] = await toDtos(deps, tx, links, [updated]);
    return { dto, removedKeys };
  });
  await removeStoredObjects(deps, removedKeys);
  return dto;
}

/** Soft delete by the teacher who recorded it; the files stay so that a restore brings all back. */
async function deleteHomeVisit(deps: HomeVisitsDeps, actor: Actor, id: string): Promise<void> {
  requireRole(actor, 'TEACHER', M.deleteOwn);
  const current = await deps.repo.findHomeVisit(deps.db, actor, id);
  if (!current) throw notFound(M.notFound);
  if (current.visit.teacherId !== actor.id) throw forbidden(M.deleteOwn);
  await deps.db.transaction(async (tx) => {
    if (!(await deps.repo.softDeleteOwnHomeVisit(tx, actor, id))) throw notFound(M.notFound);
    await deps.audit.audit(tx, actor, 'delete', 'home_visit', id);
  });
}

/**
 * An administrator approves or rejects a pending visit, once: of two decisions at the same moment one
 * lands and the other answers 409. The teacher is told in the same transaction. A review that names the
 * version seen answers 409 when the teacher edited the visit since (the edit and the review both lock
 * the row, so one waits for the other).
 */
async function reviewHomeVisit(
  deps: HomeVisitsDeps,
  actor: Actor,
  id: string,
  review: {
    status: 'APPROVED' | 'REJECTED';
    reviewNotes: string | null;
    /** The visit's `updatedAt` as the reviewer saw it (decision 0027). */
    seen?: string;
  },
): Promise<void> {
  requireRole(actor, 'ADMIN', M.onlyAdminsReview);
  const { seen, ...decision } = review;
  await deps.db.transaction(async (tx) => {
    if (seen !== undefined) {
      // A visit the teacher changed after the reviewer saw it is not reviewed unseen. One already
      // reviewed is answered below, as without a version.
      const current = await deps.repo.findHomeVisit(tx, actor, id, { forUpdate: true });
      if (current?.visit.status === 'PENDING') assertEditedVersion(current.visit, seen);
    }
    const reviewed = await deps.repo.reviewPendingHomeVisit(tx, id, { ...decision, reviewedById: actor.id });
    if (!reviewed) {
      if (!(await deps.repo.findHomeVisit(tx, actor, id))) throw notFound(M.notFound);
      throw conflict(M.alreadyReviewed);
    }
    await deps.audit.audit(tx, actor, 'review', 'home_visit', id, decision);
    const student = await deps.repo.studentName(tx, reviewed.studentId);
    const approved = decision.status === 'APPROVED';
    await deps.notify.notify(
      tx,
      reviewed.teacherId,
      HOME_VISIT_REVIEWED,
      approved ? 'Home visit approved' : 'Home visit rejected',
      `Your home visit to ${student} on ${reviewed.visitDate} was ${approved ? 'approved' : 'rejected'}` +
        (decision.reviewNotes ? `: ${decision.reviewNotes}` : '.'),
    );
  });
}

/**
 * Stores one file of a home visit (an image, a PDF or a Word document by its bytes, at most 10 MB) for
 * the teacher who will attach it. The file is read only after the role check.
 */
async function uploadHomeVisitFile(
  deps: HomeVisitsDeps,
  actor: Actor,
  links: FileLinks,
  receive: () => Promise<IncomingFile>,
): Promise<HomeVisitUploadResponse> {
  requireRole(actor, 'TEACHER', M.onlyTeachersRecord);
  const { file } = await saveUpload(deps, {
    file: await receive(),
    allowed: HOME_VISIT_FILE_MIME_TYPES,
    maxBytes: HOME_VISIT_LIMITS.fileMaxBytes,
    purpose: HOME_VISIT_FILE_PURPOSE,
    ownerId: actor.id,
    wrongTypeMessage: M.fileWrongType,
    tooLargeMessage: M.fileTooLarge,
  });
  return {
    id: file.id,
    url: links.url(file.id),
    name: file.originalName,
    mimeType: file.mimeType,
    sizeBytes: file.sizeBytes,
  };
}

/**
 * The home visits service with its dependencies given once (services.ts): the real repository and
 * effects unless a unit test passes fakes.
 */
export function createHomeVisitsService(
  deps: Pick<AppDeps, 'db' | 'storage' | 'log' | 'config'> & Partial<Effects> & { repo?: HomeVisitsRepo },
) {
  const full: HomeVisitsDeps = { ...realEffects, repo: defaultRepo, ...deps };
  return bindDeps(full, {
    listHomeVisits,
    pendingForReview,
    homeVisitYears,
    getHomeVisit,
    createHomeVisit,
    updateHomeVisit,
    deleteHomeVisit,
    reviewHomeVisit,
    uploadHomeVisitFile,
  });
}

import {
  ACTIVITY_LIMITS,
  ACTIVITY_MESSAGES,
  ageOn,
  PHOTO_MESSAGES,
  PHOTO_MIME_TYPES,
  todayIn,
  type Activity,
  type ActivityListQuery,
  type ActivityPhotoUploadResponse,
  type createActivityBodySchema,
  type updateActivityBodySchema,
} from '@csp/contracts';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { lockStudentInScope } from '../../db/scopes.ts';
import { assertEditedVersion } from '../../lib/edited-version.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { requireOwnTeacherId, requireRole } from '../../lib/permissions.ts';
import { fetchPage, pageOf, searchCountsItself, type Paged } from '../../lib/paging.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeTransaction, type WriteClaim } from '../../db/write-claims.ts';
import {
  areOwnUploads,
  removeStoredObjects,
  saveUpload,
  unlinkStoredFiles,
  type FileLinks,
  type IncomingFile,
} from '../files/files.service.ts';
import { filesInUse } from '../files/files.repo.ts';
import { bindDeps, type AppDeps } from '../../lib/service-deps.ts';
import { realEffects, type Effects } from '../effects.ts';
import * as activitiesRepo from './activities.repo.ts';
import type * as repo from './activities.repo.ts';

/**
 * What the service reads and writes: its repository and the few lookups of other modules it makes (the
 * student's lock, the photos' rows), given together so a unit test fakes them.
 */
const defaultRepo = {
  ...activitiesRepo,
  lockStudentInScope,
  areOwnUploads,
  filesInUse,
  unlinkStoredFiles,
};
export type ActivitiesRepo = typeof defaultRepo;

export type ActivitiesDeps = Pick<AppDeps, 'db' | 'storage' | 'log' | 'config'> &
  Effects & { repo: ActivitiesRepo };

type CreateInput = z.output<typeof createActivityBodySchema>;
type UpdateInput = z.output<typeof updateActivityBodySchema>;

const M = ACTIVITY_MESSAGES;
/** stored_files.purpose (and store folder) of activity photos. */
export const ACTIVITY_PHOTO_PURPOSE = 'activity-photo';

function toDto(r: repo.ActivityWithRefs, today: string, links: FileLinks): Activity {
  const a = r.activity;
  const photos = a.photos.map((id) => links.url(id));
  return {
    id: a.id,
    title: a.title,
    date: a.date,
    duration: a.duration,
    description: a.description,
    photos,
    photoUrl: photos[0] ?? null,
    student: {
      id: r.student.id,
      firstName: r.student.firstName,
      lastName: r.student.lastName,
      age: ageOn(r.student.dateOfBirth, today),
    },
    teacher: r.teacher,
    studentId: a.studentId,
    teacherId: a.teacherId,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

const today = (deps: ActivitiesDeps) => todayIn(deps.config.orgTimezone, deps.clock.now());

function checkDate(date: string | undefined, orgToday: string) {
  if (date !== undefined && date > orgToday) throw badRequest(M.dateInFuture);
}

/**
 * New photos of an activity must be the actor's own activity-photo uploads, not yet on another
 * activity. The files stay locked until the transaction ends, so two activities cannot take one file.
 */
async function claimPhotos(
  deps: ActivitiesDeps,
  tx: Tx,
  actor: Actor,
  fileIds: string[],
  activityId?: string,
) {
  if (fileIds.length === 0) return;
  if (!(await deps.repo.areOwnUploads(tx, fileIds, ACTIVITY_PHOTO_PURPOSE, actor.id)))
    throw badRequest(M.photoInvalid);
  if (await deps.repo.filesInUse(tx, 'activities', fileIds, activityId)) throw conflict(M.photoInUse);
}

/** Teachers: their students' activities; admins: all. A deleted student's activities never show. */
async function listActivities(
  deps: ActivitiesDeps,
  actor: Actor,
  links: FileLinks,
  query: ActivityListQuery,
): Promise<Paged<Activity>> {
  requireOwnTeacherId(actor, query.teacherId, M.listOwn);
  const orgToday = today(deps);
  const filter: repo.ActivityFilter = {
    date: query.date,
    teacherId: query.teacherId,
    search: query.search || undefined,
  };
  const page = await fetchPage({
    page: pageOf(query, ACTIVITY_LIMITS.pageSize),
    rows: (p) => deps.repo.listActivities(deps.db, actor, filter, p),
    count: () => deps.repo.countActivities(deps.db, actor, filter),
    cursorOf: (r) => r.cursor,
    totalOf: searchCountsItself(filter) ? (r) => r.total : undefined,
  });
  return { ...page, items: page.items.map((r) => toDto(r, orgToday, links)) };
}

async function getActivity(
  deps: ActivitiesDeps,
  actor: Actor,
  links: FileLinks,
  id: string,
): Promise<Activity> {
  const found = await deps.repo.findActivity(deps.db, actor, id);
  if (!found) throw notFound(M.notFound);
  return toDto(found, today(deps), links);
}

/** A teacher records an activity for one of their students; they are always its teacher. */
async function createActivity(
  deps: ActivitiesDeps,
  actor: Actor,
  links: FileLinks,
  body: CreateInput,
  claim?: WriteClaim | null,
): Promise<Activity> {
  requireRole(actor, 'TEACHER', M.onlyTeachersRecord);
  const orgToday = today(deps);
  checkDate(body.date, orgToday);
  const created = await writeTransaction(deps.db, claim, async (tx) => {
    if (!(await deps.repo.lockStudentInScope(tx, actor, body.studentId, 'share')))
      throw notFound(M.studentNotFound);
    await claimPhotos(deps, tx, actor, body.photos);
    const id = await deps.repo.insertActivity(tx, {
      title: body.title,
      studentId: body.studentId,
      teacherId: actor.id,
      date: body.date,
      duration: body.duration,
      description: body.description ?? null,
      photos: body.photos,
    });
    await deps.audit.audit(tx, actor, 'create', 'activity', id, body);
    return deps.repo.findActivity(tx, actor, id);
  });
  if (!created) throw notFound(M.notFound);
  return toDto(created, orgToday, links);
}

/**
 * Only the teacher who recorded it edits an activity (an admin neither: spec part 1 §6); the student
 * never changes. Photos left out of a new `photos` list are deleted (rows in the transaction, objects
 * after the commit).
 */
async function updateActivity(
  deps: ActivitiesDeps,
  actor: Actor,
  links: FileLinks,
  id: string,
  body: UpdateInput,
): Promise<Activity> {
  requireRole(actor, 'TEACHER', M.editOwn);
  const { updatedAt: edited, ...changes } = body;
  const orgToday = today(deps);
  checkDate(body.date, orgToday);
  const { activity, removedKeys } = await deps.db.transaction(async (tx) => {
    const current = await deps.repo.findActivity(tx, actor, id, { forUpdate: true });
    if (!current) throw notFound(M.notFound);
    if (current.activity.teacherId !== actor.id) throw forbidden(M.editOwn);
    assertEditedVersion(current.activity, edited);

    let removed: string[] = [];
    if (body.photos !== undefined) {
      const kept = new Set(current.activity.photos);
      await claimPhotos(
        deps,
        tx,
        actor,
        body.photos.filter((p) => !kept.has(p)),
        id,
      );
      const next = new Set(body.photos);
      removed = current.activity.photos.filter((p) => !next.has(p));
    }
    const updated = await deps.repo.updateOwnActivity(tx, actor, id, {
      title: body.title,
      date: body.date,
      duration: body.duration,
      description: body.description,
      photos: body.photos,
    });
    if (!updated) throw notFound(M.notFound);
    await deps.audit.audit(tx, actor, 'update', 'activity', id, changes);
    const removedKeys = removed.length > 0 ? await deps.repo.unlinkStoredFiles(tx, removed) : [];
    return { activity: await deps.repo.findActivity(tx, actor, id), removedKeys };
  });
  await removeStoredObjects(deps, removedKeys);
  if (!activity) throw notFound(M.notFound);
  return toDto(activity, orgToday, links);
}

/** Soft delete by the teacher who recorded it; the photos stay so that a restore brings all back. */
async function deleteActivity(deps: ActivitiesDeps, actor: Actor, id: string): Promise<void> {
  requireRole(actor, 'TEACHER', M.deleteOwn);
  const current = await deps.repo.findActivity(deps.db, actor, id);
  if (!current) throw notFound(M.notFound);
  if (current.activity.teacherId !== actor.id) throw forbidden(M.deleteOwn);
  await deps.db.transaction(async (tx) => {
    if (!(await deps.repo.softDeleteOwnActivity(tx, actor, id))) throw notFound(M.notFound);
    await deps.audit.audit(tx, actor, 'delete', 'activity', id);
  });
}

/**
 * Stores one activity photo (JPG, PNG, GIF or WebP by its bytes, at most 5 MB) for the teacher who
 * will attach it; answers its signed link as files[0]. The file is read only after the role check.
 */
async function uploadActivityPhoto(
  deps: ActivitiesDeps,
  actor: Actor,
  links: FileLinks,
  receive: () => Promise<IncomingFile>,
): Promise<ActivityPhotoUploadResponse> {
  requireRole(actor, 'TEACHER', M.onlyTeachersRecord);
  const { file } = await saveUpload(deps, {
    file: await receive(),
    allowed: PHOTO_MIME_TYPES,
    maxBytes: ACTIVITY_LIMITS.photoMaxBytes,
    purpose: ACTIVITY_PHOTO_PURPOSE,
    ownerId: actor.id,
    wrongTypeMessage: PHOTO_MESSAGES.wrongType,
    tooLargeMessage: PHOTO_MESSAGES.tooLarge,
  });
  return { files: [links.url(file.id)] };
}

/**
 * The activities service with its dependencies given once (decision 0034): the app's real repository and
 * effects unless a test passes fakes.
 */
export function createActivitiesService(
  deps: Pick<AppDeps, 'db' | 'storage' | 'log' | 'config'> & Partial<Effects> & { repo?: ActivitiesRepo },
) {
  const full: ActivitiesDeps = { ...realEffects, repo: defaultRepo, ...deps };
  return bindDeps(full, {
    listActivities,
    getActivity,
    createActivity,
    updateActivity,
    deleteActivity,
    uploadActivityPhoto,
  });
}

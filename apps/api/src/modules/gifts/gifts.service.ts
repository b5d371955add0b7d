import {
  GIFT_EVIDENCE_MIME_TYPES,
  GIFT_LIMITS,
  GIFT_MESSAGES,
  giftTitle,
  isOpenGift,
  todayIn,
  type bulkAssignGiftsBodySchema,
  type BulkGiftRowError,
  type Gift,
  type GiftListQuery,
  type updateGiftBodySchema,
} from '@csp/contracts';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { assertEditedVersion } from '../../lib/edited-version.ts';
import { fetchPage, pageOf, searchCountsItself, type Paged } from '../../lib/paging.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { requireOwnTeacherId, requireRole } from '../../lib/permissions.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeTransaction, type WriteClaim } from '../../db/write-claims.ts';
import { saveUpload, type FileLinks, type IncomingFile } from '../files/files.service.ts';
import { bindDeps, type AppDeps } from '../../lib/service-deps.ts';
import { realEffects, type Effects } from '../effects.ts';
import * as repo from './gifts.repo.ts';

/** The repository the service is given (the real one in the app, a fake in a unit test). */
export type GiftsRepo = typeof repo;

export type GiftsDeps = Pick<AppDeps, 'db' | 'storage' | 'log' | 'config'> & Effects & { repo: GiftsRepo };

type BulkInput = z.output<typeof bulkAssignGiftsBodySchema>;
type UpdateInput = z.output<typeof updateGiftBodySchema>;

const M = GIFT_MESSAGES;
/** stored_files.purpose (and store folder) of delivery evidence photos. */
export const GIFT_EVIDENCE_PURPOSE = 'gift-evidence';
/** notifications.type of a new gift for a teacher's student (spec: GIFT_ASSIGNMENT). */
export const GIFT_ASSIGNMENT = 'GIFT_ASSIGNMENT';

const nameOf = (p: { firstName: string | null; lastName: string | null } | null) =>
  p?.firstName != null && p.lastName != null ? { firstName: p.firstName, lastName: p.lastName } : null;

function toDto(r: repo.GiftWithRefs, links: FileLinks): Gift {
  const g = r.gift;
  const t = r.teacher;
  return {
    id: g.id,
    giftId: g.giftId,
    globalSponsorId: g.globalSponsorId,
    name: g.name,
    giftSubType: g.giftSubType,
    description: g.description,
    notes: g.notes,
    amount: g.amount === null ? null : Number(g.amount),
    giftDate: g.giftDate,
    studentId: g.studentId,
    student: {
      ...r.student,
      assignedTeacher:
        t?.id != null && t.firstName != null && t.lastName != null
          ? { id: t.id, firstName: t.firstName, lastName: t.lastName }
          : null,
    },
    status: g.status,
    assignedAt: g.assignedAt.toISOString(),
    deliveredAt: g.deliveredAt?.toISOString() ?? null,
    deliveredBy: nameOf(r.deliverer),
    cancelledAt: g.cancelledAt?.toISOString() ?? null,
    cancelledBy: nameOf(r.canceller),
    evidenceImage: g.evidenceFileId ? links.url(g.evidenceFileId) : null,
    createdAt: g.createdAt.toISOString(),
    updatedAt: g.updatedAt.toISOString(),
  };
}

async function found(deps: GiftsDeps, db: DbOrTx, actor: Actor, links: FileLinks, id: string): Promise<Gift> {
  const row = await deps.repo.findGift(db, actor, id);
  if (!row) throw notFound(M.notFound);
  return toDto(row, links);
}

/** Teachers: gifts of their students (the spec's client sends their own teacherId); admins: all. */
async function listGifts(
  deps: GiftsDeps,
  actor: Actor,
  links: FileLinks,
  query: GiftListQuery,
): Promise<Paged<Gift>> {
  requireOwnTeacherId(actor, query.teacherId, M.listOwn);
  const filter: repo.GiftFilter = {
    date: query.date,
    year: query.year,
    month: query.month,
    status: query.status,
    studentId: query.student ?? query.studentId,
    // A teacher's own id adds nothing to their scope (and one more subquery to plan).
    teacherId: actor.role === 'TEACHER' ? undefined : query.teacherId,
    search: query.search || undefined,
  };
  const page = await fetchPage({
    page: pageOf(query, GIFT_LIMITS.pageSize),
    rows: (p) => deps.repo.listGifts(deps.db, actor, filter, p),
    count: () => deps.repo.countGifts(deps.db, actor, filter),
    cursorOf: (r) => r.cursor,
    totalOf: searchCountsItself(filter) ? (r) => r.total : undefined,
  });
  return { ...page, items: page.items.map((r) => toDto(r, links)) };
}

async function getGift(deps: GiftsDeps, actor: Actor, links: FileLinks, id: string): Promise<Gift> {
  return found(deps, deps.db, actor, links, id);
}

/**
 * A delivery or cancellation that names the version seen (decision 0027): an open gift edited since (its
 * student, name or notes changed by an administrator) answers 409, under the row's lock. A closed or
 * missing gift is answered by the closing itself, as without a version.
 */
async function assertOpenGiftUnchanged(
  deps: GiftsDeps,
  tx: DbOrTx,
  actor: Actor,
  id: string,
  seen: string | undefined,
) {
  if (seen === undefined) return;
  const locked = await deps.repo.findGift(tx, actor, id, { forUpdate: true });
  if (locked && isOpenGift(locked.gift.status)) assertEditedVersion(locked.gift, seen);
}

/** The 409 or 404 of a closing that changed nothing: the gift is closed already, or not the actor's. */
async function whyNotClosed(deps: GiftsDeps, db: DbOrTx, actor: Actor, id: string): Promise<AppError> {
  const current = await deps.repo.findGift(db, actor, id);
  return current && !isOpenGift(current.gift.status) ? conflict(M.notOpen) : notFound(M.notFound);
}

/**
 * The assigned teacher or an administrator confirms the delivery of an open gift, with an evidence
 * photo (JPEG, PNG or WebP by its bytes, at most 5 MB) or without one. The photo is read only after the
 * gift is known to be the actor's and open; of two deliveries at once exactly one lands (409 for the
 * other, whose photo is removed again).
 */
async function deliverGift(
  deps: GiftsDeps,
  actor: Actor,
  links: FileLinks,
  id: string,
  receive: () => Promise<IncomingFile | undefined>,
  seen?: string,
): Promise<Gift> {
  const current = await deps.repo.findGift(deps.db, actor, id);
  if (!current) throw notFound(M.notFound);
  if (!isOpenGift(current.gift.status)) throw conflict(M.notOpen);
  assertEditedVersion(current.gift, seen);
  const incoming = await receive();
  const close = async (tx: DbOrTx, evidenceFileId: string | null) => {
    await assertOpenGiftUnchanged(deps, tx, actor, id, seen);
    const closed = await deps.repo.closeOpenGift(tx, actor, id, {
      status: 'DELIVERED',
      deliveredAt: deps.clock.now(),
      deliveredById: actor.id,
      evidenceFileId,
    });
    if (!closed) throw await whyNotClosed(deps, tx, actor, id);
    await deps.audit.audit(tx, actor, 'update', 'gift', id, { status: 'DELIVERED', evidenceFileId });
  };
  if (incoming) {
    await saveUpload(
      deps,
      {
        file: incoming,
        allowed: GIFT_EVIDENCE_MIME_TYPES,
        maxBytes: GIFT_LIMITS.evidenceMaxBytes,
        purpose: GIFT_EVIDENCE_PURPOSE,
        ownerId: actor.id,
        wrongTypeMessage: M.evidenceNotImage,
        tooLargeMessage: M.evidenceTooLarge,
      },
      (tx, file) => close(tx, file.id),
    );
  } else {
    await deps.db.transaction((tx) => close(tx, null));
  }
  return found(deps, deps.db, actor, links, id);
}

/** The assigned teacher or an administrator cancels an open gift (409 once delivered or cancelled). */
async function cancelGift(
  deps: GiftsDeps,
  actor: Actor,
  links: FileLinks,
  id: string,
  seen?: string,
): Promise<Gift> {
  return deps.db.transaction(async (tx) => {
    await assertOpenGiftUnchanged(deps, tx, actor, id, seen);
    const closed = await deps.repo.closeOpenGift(tx, actor, id, {
      status: 'CANCELLED',
      cancelledAt: deps.clock.now(),
      cancelledById: actor.id,
    });
    if (!closed) throw await whyNotClosed(deps, tx, actor, id);
    await deps.audit.audit(tx, actor, 'update', 'gift', id, { status: 'CANCELLED' });
    return found(deps, tx, actor, links, id);
  });
}

/** An administrator edits a gift's details; a gift keeps a name or a sub-type, and a unique gift ID. */
async function updateGift(
  deps: GiftsDeps,
  actor: Actor,
  links: FileLinks,
  id: string,
  body: UpdateInput,
): Promise<Gift> {
  requireRole(actor, 'ADMIN');
  try {
    return await deps.db.transaction(async (tx) => {
      const current = await deps.repo.findGift(tx, actor, id, { forUpdate: true });
      if (!current) throw notFound(M.notFound);
      assertEditedVersion(current.gift, body.updatedAt);
      if (body.studentId !== undefined && !(await deps.repo.liveStudent(tx, actor, body.studentId))) {
        throw notFound(M.studentNotFound);
      }
      const name = body.name === undefined ? current.gift.name : body.name;
      const subType = body.giftSubType === undefined ? current.gift.giftSubType : body.giftSubType;
      if (!name && !subType) throw badRequest(M.nameOrSubType);
      if (body.giftId && (await deps.repo.takenGiftIds(tx, [body.giftId], id)).length > 0) {
        throw conflict(M.giftIdTaken);
      }
      const changes: repo.GiftChanges = {
        giftId: body.giftId,
        name: body.name,
        giftSubType: body.giftSubType,
        description: body.description,
        notes: body.notes,
        studentId: body.studentId,
      };
      if (!(await deps.repo.updateGift(tx, id, changes))) throw notFound(M.notFound);
      await deps.audit.audit(tx, actor, 'update', 'gift', id, changes);
      return found(deps, tx, actor, links, id);
    });
  } catch (err) {
    // Two edits (or an edit and a bulk assignment) that take one gift ID at the same moment.
    if (isUniqueViolation(err)) throw conflict(M.giftIdTaken);
    throw err;
  }
}

/** An administrator deletes a gift: a soft delete, so nothing about a sponsor's gift is lost. */
async function deleteGift(deps: GiftsDeps, actor: Actor, id: string): Promise<void> {
  requireRole(actor, 'ADMIN');
  await deps.db.transaction(async (tx) => {
    if (!(await deps.repo.softDeleteGift(tx, id))) throw notFound(M.notFound);
    await deps.audit.audit(tx, actor, 'delete', 'gift', id);
  });
}

const bulkError = (errors: BulkGiftRowError[]) => new AppError(400, M.bulkInvalid, {}, { errors });

/**
 * An administrator assigns gifts in bulk, all or nothing: every row is checked first (a known student
 * ID, a gift ID unique in the batch and among the stored gifts, an amount of at least 0) and any
 * refused row answers 400 with the reason for each, storing nothing. Otherwise the gifts and one
 * GIFT_ASSIGNMENT notification per gift for the student's teacher are written in one transaction.
 */
async function bulkAssignGifts(
  deps: GiftsDeps,
  actor: Actor,
  body: BulkInput,
  claim?: WriteClaim | null,
): Promise<{ message: string; count: number; ids: string[] }> {
  requireRole(actor, 'ADMIN');
  const today = todayIn(deps.config.orgTimezone, deps.clock.now());
  try {
    return await writeTransaction(deps.db, claim, async (tx) => {
      const codes = [...new Set(body.gifts.map((g) => g.studentId))];
      const byCode = new Map((await deps.repo.studentsByCode(tx, codes)).map((s) => [s.studentId, s]));
      const taken = new Set(
        await deps.repo.takenGiftIds(
          tx,
          body.gifts.map((g) => g.giftId),
        ),
      );
      const seen = new Map<string, number>();
      const errors: BulkGiftRowError[] = [];
      body.gifts.forEach((g, i) => {
        const row = i + 1;
        if (!byCode.has(g.studentId)) errors.push({ row, field: 'studentId', message: M.rowStudentUnknown });
        const key = g.giftId.toLowerCase();
        if (seen.has(key)) errors.push({ row, field: 'giftId', message: M.rowGiftIdDuplicate });
        else if (taken.has(key)) errors.push({ row, field: 'giftId', message: M.rowGiftIdTaken });
        seen.set(key, row);
      });
      if (errors.length > 0) throw bulkError(errors);

      const now = deps.clock.now();
      const ids = await deps.repo.insertGifts(
        tx,
        body.gifts.map((g) => ({
          studentId: byCode.get(g.studentId)!.id,
          giftId: g.giftId,
          globalSponsorId: g.globalSponsorId ?? null,
          giftSubType: g.giftSubType ?? null,
          giftDate: g.giftDate ?? today,
          status: g.giftStatus,
          amount: g.giftAmount === null || g.giftAmount === undefined ? null : g.giftAmount.toFixed(2),
          assignedById: actor.id,
          ...(g.giftStatus === 'DELIVERED' ? { deliveredAt: now, deliveredById: actor.id } : {}),
          ...(g.giftStatus === 'CANCELLED' ? { cancelledAt: now, cancelledById: actor.id } : {}),
        })),
      );
      await deps.audit.auditEach(
        tx,
        actor,
        'create',
        'gift',
        ids.map((entityId, i) => ({ entityId, changes: { ...body.gifts[i], via: 'bulk-assign' } })),
      );
      await deps.notify.notifyEach(
        tx,
        body.gifts.flatMap((g) => {
          const student = byCode.get(g.studentId)!;
          if (!student.assignedTeacherId) return [];
          const what = giftTitle({ giftSubType: g.giftSubType ?? null, name: null });
          return [
            {
              userId: student.assignedTeacherId,
              type: GIFT_ASSIGNMENT,
              title: 'New gift assigned',
              message: `${what} (gift ID ${g.giftId}) was assigned to ${student.firstName} ${student.lastName} (${student.studentId}).`,
            },
          ];
        }),
      );
      return { message: M.assigned, count: ids.length, ids };
    });
  } catch (err) {
    // A gift ID stored by a concurrent assignment after this one checked.
    if (isUniqueViolation(err)) throw conflict(M.giftIdTaken);
    throw err;
  }
}

/**
 * The gifts service with its dependencies given once (decision 0034): the app's real repository and
 * effects unless a test passes fakes.
 */
export function createGiftsService(
  deps: Pick<AppDeps, 'db' | 'storage' | 'log' | 'config'> & Partial<Effects> & { repo?: GiftsRepo },
) {
  const full: GiftsDeps = { ...realEffects, repo, ...deps };
  return bindDeps(full, {
    listGifts,
    getGift,
    deliverGift,
    cancelGift,
    updateGift,
    deleteGift,
    bulkAssignGifts,
  });
}

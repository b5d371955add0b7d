import { GIFT_MESSAGES as M, STALE_EDIT_MESSAGE, type GiftStatus } from '@csp/contracts';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../lib/actor.ts';
import {
  admin,
  fakeRepo,
  fixedClock,
  noRow,
  otherTeacher,
  refusal,
  teacher,
  unitHandles,
} from '../../test/service-fakes.ts';
import { NO_FILE_LINKS } from '../files/files.service.ts';
import type { GiftRow, GiftWithRefs } from './gifts.repo.ts';
import { createGiftsService, GIFT_ASSIGNMENT, type GiftsRepo } from './gifts.service.ts';

/** Unit tests of the gifts service's rules, on an in-memory repository (decision 0034). */

const STUDENT = '00000000-0000-4000-8000-000000000051';
const GIFT = '00000000-0000-4000-8000-000000000061';
const SAVED_AT = new Date('2026-03-01T08:00:00Z');

function giftRow(status: GiftStatus): GiftRow {
  return {
    id: GIFT,
    giftId: 'G-1',
    globalSponsorId: null,
    name: 'Book',
    giftSubType: null,
    description: null,
    notes: null,
    studentId: STUDENT,
    status,
    amount: null,
    giftDate: '2026-03-01',
    assignedAt: SAVED_AT,
    assignedById: admin.id,
    deliveredAt: null,
    deliveredById: null,
    cancelledAt: null,
    cancelledById: null,
    evidenceFileId: null,
    createdAt: SAVED_AT,
    updatedAt: SAVED_AT,
    deletedAt: null,
  };
}

/**
 * One gift of a student assigned to `teacher`, kept as the real repository scopes it: a teacher sees
 * and closes only their own students' gifts, and only an open gift closes.
 */
function world(status: GiftStatus = 'PENDING', overrides: Partial<GiftsRepo> = {}) {
  const gift = giftRow(status);
  const closings: unknown[] = [];
  const sees = (actor: Actor) => actor.role === 'ADMIN' || actor.id === teacher.id;
  const withRefs = (): GiftWithRefs => ({
    gift: { ...gift },
    student: { id: STUDENT, studentId: 'S-1', firstName: 'Kid', lastName: 'One', category: 'HOME_BASE' },
    teacher: { id: teacher.id, firstName: teacher.firstName, lastName: teacher.lastName },
    deliverer: null,
    canceller: null,
  });
  const repo = fakeRepo<GiftsRepo>({
    findGift: async (_db, actor, id) => (id === GIFT && sees(actor) ? withRefs() : undefined),
    closeOpenGift: async (_tx, actor, id, values) => {
      if (id !== GIFT || !sees(actor) || !['PENDING', 'IN_PROGRESS'].includes(gift.status)) return undefined;
      closings.push(values);
      Object.assign(gift, values);
      return GIFT;
    },
    ...overrides,
  });
  const clock = fixedClock('2026-03-10T18:31:00Z'); // 00:01 on the 11th in Colombo
  const { handles, effects, db } = unitHandles(clock);
  const service = createGiftsService({ ...handles, repo });
  return { service, gift, closings, effects, db };
}

const noPhoto = async () => undefined;

describe('delivering a gift', () => {
  it('delivers an open gift of the teacher’s own student, at the clock’s time, and audits it', async () => {
    const { service, closings, effects } = world('PENDING');
    const dto = await service.deliverGift(teacher, NO_FILE_LINKS, GIFT, noPhoto);
    expect(closings).toEqual([
      {
        status: 'DELIVERED',
        deliveredAt: new Date('2026-03-10T18:31:00Z'),
        deliveredById: teacher.id,
        evidenceFileId: null,
      },
    ]);
    expect(dto.status).toBe('DELIVERED');
    expect(effects.audited).toEqual([
      {
        action: 'update',
        entity: 'gift',
        entityId: GIFT,
        changes: { status: 'DELIVERED', evidenceFileId: null },
      },
    ]);
  });

  it('answers 409 for a gift delivered or cancelled already, before reading any photo', async () => {
    for (const status of ['DELIVERED', 'CANCELLED'] as const) {
      const { service, closings } = world(status);
      let read = false;
      const err = await refusal(
        service.deliverGift(teacher, NO_FILE_LINKS, GIFT, async () => {
          read = true;
          return undefined;
        }),
      );
      expect(err).toMatchObject({ statusCode: 409, message: M.notOpen });
      expect(read).toBe(false);
      expect(closings).toEqual([]);
    }
  });

  it('answers 404 to a teacher for another teacher’s student’s gift', async () => {
    const { service, closings } = world('PENDING');
    const err = await refusal(service.deliverGift(otherTeacher, NO_FILE_LINKS, GIFT, noPhoto));
    expect(err).toMatchObject({ statusCode: 404, message: M.notFound });
    expect(closings).toEqual([]);
  });

  it('answers 409 when the gift was edited since the version the deliverer saw', async () => {
    const { service, closings } = world('PENDING');
    const err = await refusal(
      service.deliverGift(admin, NO_FILE_LINKS, GIFT, noPhoto, '2026-02-01T00:00:00.000Z'),
    );
    expect(err).toMatchObject({ statusCode: 409, message: STALE_EDIT_MESSAGE });
    expect(closings).toEqual([]);
  });

  it('answers 409 when another closing landed between the check and the update', async () => {
    const { service, gift, effects } = world('PENDING', {
      // The gift was cancelled by someone else just before this delivery's update.
      closeOpenGift: async () => {
        gift.status = 'CANCELLED';
        return undefined;
      },
    });
    const err = await refusal(service.deliverGift(teacher, NO_FILE_LINKS, GIFT, noPhoto));
    expect(err).toMatchObject({ statusCode: 409, message: M.notOpen });
    expect(effects.audited).toEqual([]);
  });
});

describe('cancelling a gift', () => {
  it('cancels an open gift at the clock’s time; a second cancel answers 409', async () => {
    const { service, closings } = world('IN_PROGRESS');
    await service.cancelGift(admin, NO_FILE_LINKS, GIFT);
    expect(closings).toEqual([
      { status: 'CANCELLED', cancelledAt: new Date('2026-03-10T18:31:00Z'), cancelledById: admin.id },
    ]);
    const err = await refusal(service.cancelGift(admin, NO_FILE_LINKS, GIFT));
    expect(err).toMatchObject({ statusCode: 409, message: M.notOpen });
  });
});

describe('listing gifts', () => {
  it('refuses a teacher asking for another teacher’s gifts, and drops their own id from the filter', async () => {
    const filters: unknown[] = [];
    const { service } = world('PENDING', {
      listGifts: async (_db, _actor, filter) => {
        filters.push(filter);
        return [];
      },
      countGifts: async () => 0,
    });
    const err = await refusal(service.listGifts(teacher, NO_FILE_LINKS, { teacherId: otherTeacher.id }));
    expect(err).toMatchObject({ statusCode: 403, message: M.listOwn });
    await service.listGifts(teacher, NO_FILE_LINKS, { teacherId: teacher.id });
    expect(filters).toHaveLength(1);
    expect(filters[0]).toMatchObject({ teacherId: undefined });
    await service.listGifts(admin, NO_FILE_LINKS, { teacherId: teacher.id });
    expect(filters[1]).toMatchObject({ teacherId: teacher.id });
  });
});

describe('editing a gift', () => {
  const editable = (taken: string[] = []) =>
    world('PENDING', {
      liveStudent: async () => ({ id: STUDENT }),
      takenGiftIds: async (_tx, ids) => ids.filter((id) => taken.includes(id.toLowerCase())),
      updateGift: async () => true,
    });

  it('is for administrators only', async () => {
    const { service, db } = editable();
    const err = await refusal(service.updateGift(teacher, NO_FILE_LINKS, GIFT, { notes: 'x' }));
    expect(err.statusCode).toBe(403);
    expect(db.transactions()).toBe(0);
  });

  it('keeps a name or a sub-type', async () => {
    const { service } = editable();
    const err = await refusal(service.updateGift(admin, NO_FILE_LINKS, GIFT, { name: null }));
    expect(err).toMatchObject({ statusCode: 400, message: M.nameOrSubType });
    // The sub-type given with the name cleared is enough.
    await expect(
      service.updateGift(admin, NO_FILE_LINKS, GIFT, { name: null, giftSubType: 'Shoes' }),
    ).resolves.toMatchObject({ id: GIFT });
  });

  it('answers 409 for a gift ID another gift holds, and for one taken at the same moment', async () => {
    const { service } = editable(['g-2']);
    const err = await refusal(service.updateGift(admin, NO_FILE_LINKS, GIFT, { giftId: 'G-2' }));
    expect(err).toMatchObject({ statusCode: 409, message: M.giftIdTaken });

    const racing = world('PENDING', {
      takenGiftIds: async () => [],
      updateGift: async () => {
        throw Object.assign(new Error('duplicate key'), { code: '23505' });
      },
    });
    const raced = await refusal(racing.service.updateGift(admin, NO_FILE_LINKS, GIFT, { giftId: 'G-3' }));
    expect(raced).toMatchObject({ statusCode: 409, message: M.giftIdTaken });
  });

  it('answers 404 for a student that is not a live one', async () => {
    const { service } = world('PENDING', { liveStudent: async () => noRow });
    const err = await refusal(service.updateGift(admin, NO_FILE_LINKS, GIFT, { studentId: STUDENT }));
    expect(err).toMatchObject({ statusCode: 404, message: M.studentNotFound });
  });
});

describe('bulk assignment', () => {
  const students = [
    {
      id: STUDENT,
      studentId: 'S-1',
      firstName: 'Kid',
      lastName: 'One',
      assignedTeacherId: teacher.id as string | null,
    },
    {
      id: `${STUDENT.slice(0, -1)}2`,
      studentId: 'S-2',
      firstName: 'Kid',
      lastName: 'Two',
      assignedTeacherId: null,
    },
  ];
  const row = (studentId: string, giftId: string, extra: object = {}) => ({
    studentId,
    giftId,
    giftStatus: 'PENDING' as GiftStatus,
    ...extra,
  });

  function bulkWorld(taken: string[] = []) {
    const inserted: unknown[][] = [];
    const w = world('PENDING', {
      studentsByCode: async (_tx, codes) => students.filter((s) => codes.includes(s.studentId)),
      takenGiftIds: async (_tx, ids) => ids.map((id) => id.toLowerCase()).filter((id) => taken.includes(id)),
      insertGifts: async (_tx, rows) => {
        inserted.push(rows);
        return rows.map((_, i) => `gift-${i + 1}`);
      },
    });
    return { ...w, inserted };
  }

  it('refuses every bad row with its reason and stores nothing', async () => {
    const { service, inserted, effects } = bulkWorld(['g-taken']);
    const err = (await refusal(
      service.bulkAssignGifts(admin, {
        gifts: [
          row('S-1', 'G-1'),
          row('S-404', 'G-2'),
          row('S-2', 'g-1'), // the first row's gift ID in other letters
          row('S-1', 'G-TAKEN'),
        ],
      }),
    )) as { statusCode: number; message: string; details: { errors: unknown[] } };
    expect(err).toMatchObject({ statusCode: 400, message: M.bulkInvalid });
    expect(err.details.errors).toEqual([
      { row: 2, field: 'studentId', message: M.rowStudentUnknown },
      { row: 3, field: 'giftId', message: M.rowGiftIdDuplicate },
      { row: 4, field: 'giftId', message: M.rowGiftIdTaken },
    ]);
    expect(inserted).toEqual([]);
    expect(effects.notified).toEqual([]);
  });

  it('stores the rows dated the organisation’s today by default, and tells each student’s teacher', async () => {
    const { service, inserted, effects } = bulkWorld();
    const result = await service.bulkAssignGifts(admin, {
      gifts: [
        row('S-1', 'G-1', { giftSubType: 'Shoes' }),
        row('S-2', 'G-2', { giftDate: '2026-01-05', giftStatus: 'DELIVERED', giftAmount: 12.5 }),
      ],
    });
    expect(result).toEqual({ message: M.assigned, count: 2, ids: ['gift-1', 'gift-2'] });
    const [rows] = inserted as Record<string, unknown>[][];
    // 18:31 UTC on the 10th is already the 11th in Colombo.
    expect(rows[0]).toMatchObject({ studentId: STUDENT, giftDate: '2026-03-11', amount: null });
    expect(rows[0].deliveredAt).toBeUndefined();
    expect(rows[1]).toMatchObject({
      giftDate: '2026-01-05',
      amount: '12.50',
      deliveredAt: new Date('2026-03-10T18:31:00Z'),
      deliveredById: admin.id,
    });
    // Only the student with a teacher has someone to tell.
    expect(effects.notified).toHaveLength(1);
    expect(effects.notified[0]).toMatchObject({ userId: teacher.id, type: GIFT_ASSIGNMENT });
    expect(effects.notified[0].message).toContain('G-1');
    expect(effects.audited.map((a) => a.entityId)).toEqual(['gift-1', 'gift-2']);
  });

  it('is for administrators only', async () => {
    const { service, inserted } = bulkWorld();
    const err = await refusal(service.bulkAssignGifts(teacher, { gifts: [row('S-1', 'G-1')] }));
    expect(err.statusCode).toBe(403);
    expect(inserted).toEqual([]);
  });
});

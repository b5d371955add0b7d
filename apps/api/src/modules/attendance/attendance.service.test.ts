import { ATTENDANCE_MESSAGES as M } from '@csp/contracts';
import { describe, expect, it } from 'vitest';
import {
  admin,
  fakeDb,
  fakeRepo,
  fixedClock,
  refusal,
  teacher,
  unitConfig,
  unitHandles,
} from '../../test/service-fakes.ts';
import type { AttendanceRow } from './attendance.repo.ts';
import { ATTENDANCE_REVIEWED, createAttendanceService, type AttendanceRepo } from './attendance.service.ts';

/** Unit tests of the attendance service's rules, on an in-memory repository (decision 0034). */

const OFFICE = { latitude: 6.9271, longitude: 79.8612, radiusMeters: 100 };
/** About 50 m and 200 m north of the office (a degree of latitude is about 111 km). */
const NEAR = { latitude: OFFICE.latitude + 0.00045, longitude: OFFICE.longitude };
const FAR = { latitude: OFFICE.latitude + 0.0018, longitude: OFFICE.longitude };

/**
 * Attendance records kept in a list, as the real repository keeps them: one per teacher and day (a
 * second check-in inserts nothing), and a check-out lands only on the day's record not checked out yet.
 */
function world(opts: { office?: typeof OFFICE | null } = {}) {
  const office = opts.office === undefined ? OFFICE : opts.office;
  const rows: AttendanceRow[] = [];
  const repo = fakeRepo<AttendanceRepo>({
    activeOfficeLocation: async () =>
      office
        ? {
            location: {
              id: 'office',
              address: null,
              setById: admin.id,
              isActive: true,
              createdAt: new Date('2026-01-01T00:00:00Z'),
              ...office,
            },
            setBy: null,
          }
        : undefined,
    insertCheckIn: async (_tx, values) => {
      if (rows.some((r) => r.teacherId === values.teacherId && r.date === values.date)) return undefined;
      const id = `att-${rows.length + 1}`;
      rows.push({
        id,
        teacherId: values.teacherId,
        date: values.date,
        checkIn: values.checkIn,
        checkInReceivedAt: values.checkInReceivedAt ?? null,
        checkOut: null,
        checkOutReceivedAt: null,
        checkInLocation: values.checkInLocation ?? null,
        checkInLocationName: values.checkInLocationName ?? null,
        checkOutLocation: null,
        checkOutLocationName: null,
        status: values.status ?? 'PENDING',
        isWithinOfficeRange: values.isWithinOfficeRange ?? null,
        distanceFromOffice: values.distanceFromOffice ?? null,
        adminNotes: null,
        reviewedById: null,
        reviewedAt: null,
        createdAt: values.checkIn,
        updatedAt: values.checkIn,
      });
      return id;
    },
    checkOut: async (_tx, teacherId, date, values) => {
      const row = rows.find((r) => r.teacherId === teacherId && r.date === date && r.checkOut === null);
      if (!row) return undefined;
      Object.assign(row, values);
      return row.id;
    },
    findRecordOfDay: async (_db, teacherId, date) =>
      rows.find((r) => r.teacherId === teacherId && r.date === date),
    findAttendance: async (_db, _actor, id) => {
      const row = rows.find((r) => r.id === id);
      return (
        row && {
          record: { ...row },
          teacher: {
            id: teacher.id,
            firstName: teacher.firstName,
            lastName: teacher.lastName,
            email: teacher.email,
          },
          reviewer: null,
        }
      );
    },
    reviewPending: async (_tx, ids, decision) => {
      const pending = rows.filter((r) => ids.includes(r.id) && r.status === 'PENDING');
      if (pending.length !== ids.length) return [];
      for (const r of pending) Object.assign(r, decision);
      return pending.map((r) => ({ id: r.id, teacherId: r.teacherId, date: r.date }));
    },
    existingIds: async (_tx, ids) => rows.filter((r) => ids.includes(r.id)).map((r) => r.id),
  });
  // 08:30 in Colombo on Tuesday 10 March.
  const clock = fixedClock('2026-03-10T03:00:00Z');
  const { handles, effects, db } = unitHandles(clock);
  const service = createAttendanceService({ ...handles, repo });
  return { service, rows, clock, effects, db };
}

describe('checking in', () => {
  it('approves a check-in within the office radius at once, at the clock’s time', async () => {
    const { service, effects } = world();
    const record = await service.checkIn(teacher, { checkInLocation: NEAR, accuracy: 10 });
    expect(record).toMatchObject({
      date: '2026-03-10',
      checkIn: '2026-03-10T03:00:00.000Z',
      status: 'APPROVED',
      isWithinOfficeRange: true,
    });
    expect(record.distanceFromOffice).toBeGreaterThan(40);
    expect(record.distanceFromOffice).toBeLessThan(60);
    expect(effects.audited).toMatchObject([
      { action: 'check_in', entity: 'attendance', entityId: record.id },
    ]);
  });

  it('leaves for review a check-in beyond the radius, one whose fix is coarser than it, and one with no office or place', async () => {
    const far = await world().service.checkIn(teacher, { checkInLocation: FAR });
    expect(far).toMatchObject({ status: 'PENDING', isWithinOfficeRange: false });
    expect(far.distanceFromOffice).toBeGreaterThan(OFFICE.radiusMeters);

    const coarse = await world().service.checkIn(teacher, { checkInLocation: NEAR, accuracy: 150 });
    expect(coarse).toMatchObject({ status: 'PENDING', isWithinOfficeRange: true });

    const noOffice = await world({ office: null }).service.checkIn(teacher, { checkInLocation: NEAR });
    expect(noOffice).toMatchObject({
      status: 'PENDING',
      isWithinOfficeRange: null,
      distanceFromOffice: null,
    });

    const nowhere = await world().service.checkIn(teacher, {});
    expect(nowhere).toMatchObject({
      status: 'PENDING',
      distanceFromOffice: null,
      checkInLocationName: M.locationNotAvailable,
    });
  });

  it('answers 409 to a second check-in on the same organisation day, not on the next one', async () => {
    const { service, clock, rows } = world();
    await service.checkIn(teacher, { checkInLocation: NEAR });
    const again = await refusal(service.checkIn(teacher, { checkInLocation: NEAR }));
    expect(again).toMatchObject({ statusCode: 409, message: M.alreadyCheckedIn });
    // 18:31 UTC is 00:01 the next day in Colombo: a new day, a new record.
    clock.set('2026-03-10T18:31:00Z');
    await expect(service.checkIn(teacher, { checkInLocation: NEAR })).resolves.toMatchObject({
      date: '2026-03-11',
    });
    expect(rows.map((r) => r.date)).toEqual(['2026-03-10', '2026-03-11']);
  });

  it('is for teachers only', async () => {
    const { service, db } = world();
    const err = await refusal(service.checkIn(admin, { checkInLocation: NEAR }));
    expect(err).toMatchObject({ statusCode: 403, message: M.onlyTeachers });
    expect(db.transactions()).toBe(0);
  });
});

describe('checking out', () => {
  it('answers 409 before the day’s check-in, and after the check-out', async () => {
    const { service, clock } = world();
    const before = await refusal(service.checkOut(teacher, {}));
    expect(before).toMatchObject({ statusCode: 409, message: M.notCheckedIn });

    await service.checkIn(teacher, { checkInLocation: NEAR });
    clock.set('2026-03-10T11:30:00Z');
    const out = await service.checkOut(teacher, { checkOutLocation: NEAR });
    expect(out).toMatchObject({ checkOut: '2026-03-10T11:30:00.000Z', duration: 510 });

    const twice = await refusal(service.checkOut(teacher, {}));
    expect(twice).toMatchObject({ statusCode: 409, message: M.alreadyCheckedOut });
  });
});

describe('reviewing', () => {
  it('decides a pending record once and tells the teacher; a second review answers 409', async () => {
    const { service, effects } = world();
    const record = await service.checkIn(teacher, { checkInLocation: FAR });
    const reviewed = await service.review(admin, record.id, { status: 'REJECTED', adminNotes: 'Too far' });
    expect(reviewed.status).toBe('REJECTED');
    expect(effects.notified).toEqual([
      {
        userId: teacher.id,
        type: ATTENDANCE_REVIEWED,
        title: 'Attendance rejected',
        message: 'Your attendance for 2026-03-10 was rejected: Too far',
      },
    ]);
    const again = await refusal(service.review(admin, record.id, { status: 'APPROVED' }));
    expect(again).toMatchObject({ statusCode: 409, message: M.alreadyReviewed });
  });

  it('decides a bulk selection all or nothing: one unknown record answers 404 and changes none', async () => {
    const { service, rows, effects } = world();
    const record = await service.checkIn(teacher, { checkInLocation: FAR });
    const err = await refusal(
      service.bulkReview(admin, { attendanceIds: [record.id, 'att-404'], status: 'APPROVED' }),
    );
    expect(err).toMatchObject({ statusCode: 404, message: M.someNotFound });
    expect(rows[0].status).toBe('PENDING');
    expect(effects.notified).toEqual([]);
  });

  it('is for administrators only', async () => {
    const { service } = world();
    const record = await service.checkIn(teacher, { checkInLocation: FAR });
    const err = await refusal(service.review(teacher, record.id, { status: 'APPROVED' }));
    expect(err.statusCode).toBe(403);
  });
});

describe('monthly figures', () => {
  it('answers 404 for a teacher who is not a live one', async () => {
    const { service } = world();
    const withTeachers = createAttendanceService({
      db: fakeDb().db,
      config: unitConfig(),
      repo: fakeRepo<AttendanceRepo>({ listTeachers: async () => [] }),
    });
    const err = await refusal(withTeachers.monthlyStats(admin, { teacherId: teacher.id }));
    expect(err).toMatchObject({ statusCode: 404, message: M.teacherNotFound });
    // An administrator names the teacher.
    const none = await refusal(service.monthlyStats(admin, {}));
    expect(none).toMatchObject({ statusCode: 400, message: M.teacherRequired });
  });
});

import { HOME_VISIT_MESSAGES as M, STALE_EDIT_MESSAGE } from '@csp/contracts';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../lib/actor.ts';
import {
  admin,
  fakeRepo,
  fixedClock,
  otherTeacher,
  refusal,
  teacher,
  unitHandles,
} from '../../test/service-fakes.ts';
import { NO_FILE_LINKS } from '../files/files.service.ts';
import type { HomeVisitRow, HomeVisitWithRefs } from './home-visits.repo.ts';
import { createHomeVisitsService, HOME_VISIT_REVIEWED, type HomeVisitsRepo } from './home-visits.service.ts';

/** Unit tests of the home visits service's rules, on an in-memory repository (decision 0034). */

const STUDENT = '00000000-0000-4000-8000-000000000051';
const HOME = { homeLatitude: 6.9271, homeLongitude: 79.8612 };
/** About 50 m and 200 m north of the home (a degree of latitude is about 111 km). */
const NEAR = { latitude: HOME.homeLatitude + 0.00045, longitude: HOME.homeLongitude };
const FAR = { latitude: HOME.homeLatitude + 0.0018, longitude: HOME.homeLongitude };
const THRESHOLD = 100;
const SAVED_AT = new Date('2026-03-05T06:00:00Z');

type Category = HomeVisitWithRefs['student']['category'];

/**
 * Visits kept in a list, as the real repository keeps them: a teacher sees the visits of the students in
 * their scope (`inScope`), and only the teacher who recorded a visit changes it.
 */
function world(opts: { category?: Category; inScope?: Actor[] } = {}) {
  const inScope = new Set((opts.inScope ?? [teacher]).map((a) => a.id));
  const sees = (actor: Actor) => actor.role === 'ADMIN' || inScope.has(actor.id);
  const visits: HomeVisitRow[] = [];
  const student = {
    id: STUDENT,
    firstName: 'Kid',
    lastName: 'One',
    dateOfBirth: '2018-01-01',
    category: opts.category ?? ('HOME_BASE' as Category),
    address: null,
    homeLocationName: null,
    ...HOME,
  };
  const withRefs = (visit: HomeVisitRow): HomeVisitWithRefs => ({
    visit: { ...visit },
    student,
    teacher: { id: visit.teacherId, firstName: 'T', lastName: 'R' },
    reviewer: null,
  });
  const repo = fakeRepo<HomeVisitsRepo>({
    lockVisitStudent: async (_tx, actor, id) =>
      id === STUDENT && sees(actor)
        ? {
            id,
            category: student.category,
            homeLatitude: HOME.homeLatitude,
            homeLongitude: HOME.homeLongitude,
          }
        : undefined,
    distanceThreshold: async () => THRESHOLD,
    areOwnUploads: async () => true,
    filesInUse: async () => false,
    findStoredFiles: async () => [],
    insertHomeVisit: async (_tx, values) => {
      const id = `visit-${visits.length + 1}`;
      visits.push({
        id,
        studentId: values.studentId,
        teacherId: values.teacherId,
        visitDate: values.visitDate,
        duration: values.duration ?? 60,
        notes: values.notes ?? null,
        photos: values.photos ?? [],
        latitude: values.latitude ?? null,
        longitude: values.longitude ?? null,
        locationName: values.locationName ?? null,
        locationAccuracy: values.locationAccuracy ?? null,
        recordedAt: values.recordedAt ?? SAVED_AT,
        status: values.status ?? 'PENDING',
        isWithinRange: values.isWithinRange ?? null,
        distanceFromHome: values.distanceFromHome ?? null,
        reviewNotes: null,
        reviewedById: null,
        reviewedAt: null,
        createdAt: SAVED_AT,
        updatedAt: SAVED_AT,
        deletedAt: null,
      });
      return id;
    },
    findHomeVisit: async (_db, actor, id) => {
      const visit = visits.find((v) => v.id === id && v.deletedAt === null);
      return visit && sees(actor) ? withRefs(visit) : undefined;
    },
    updateOwnHomeVisit: async (_tx, actor, id, changes) => {
      const visit = visits.find((v) => v.id === id && v.teacherId === actor.id && v.reviewedAt === null);
      if (!visit) return undefined;
      Object.assign(visit, Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)));
      return id;
    },
    softDeleteOwnHomeVisit: async (_tx, actor, id) => {
      const visit = visits.find((v) => v.id === id && v.teacherId === actor.id);
      if (visit) visit.deletedAt = SAVED_AT;
      return visit !== undefined;
    },
    reviewPendingHomeVisit: async (_tx, id, decision) => {
      const visit = visits.find((v) => v.id === id && v.status === 'PENDING');
      if (!visit) return undefined;
      Object.assign(visit, decision, { reviewedAt: SAVED_AT });
      return { teacherId: visit.teacherId, studentId: visit.studentId, visitDate: visit.visitDate };
    },
    studentName: async () => 'Kid One',
  });
  // 18:31 UTC on 10 March is 00:01 on 11 March in Colombo, the organisation's day.
  const clock = fixedClock('2026-03-10T18:31:00Z');
  const { handles, effects, db } = unitHandles(clock);
  const service = createHomeVisitsService({ ...handles, repo });
  return { service, visits, effects, db };
}

const visit = (extra: object = {}) => ({
  studentId: STUDENT,
  date: '2026-03-11',
  duration: 45,
  photos: [] as string[],
  ...extra,
});

describe('recording a visit', () => {
  it('takes the organisation’s today from the clock: a date after it is in the future', async () => {
    const { service, db } = world();
    const err = await refusal(service.createHomeVisit(teacher, NO_FILE_LINKS, visit({ date: '2026-03-12' })));
    expect(err).toMatchObject({ statusCode: 400, message: M.dateInFuture });
    expect(db.transactions()).toBe(0);
    // The 11th is already today in Colombo, though still the 10th in UTC.
    await expect(service.createHomeVisit(teacher, NO_FILE_LINKS, visit())).resolves.toMatchObject({
      visitDate: '2026-03-11',
      duration: 45,
    });
  });

  it('approves a visit within the threshold at once; farther, coarse or without a place it waits for review', async () => {
    const near = await world().service.createHomeVisit(
      teacher,
      NO_FILE_LINKS,
      visit({ ...NEAR, accuracy: 20 }),
    );
    expect(near).toMatchObject({ status: 'APPROVED', isWithinRange: true, locationAccuracy: 20 });
    expect(near.distanceFromHome).toBeGreaterThan(40);
    expect(near.distanceFromHome).toBeLessThan(60);

    const far = await world().service.createHomeVisit(teacher, NO_FILE_LINKS, visit(FAR));
    expect(far).toMatchObject({ status: 'PENDING', isWithinRange: false });

    const coarse = await world().service.createHomeVisit(
      teacher,
      NO_FILE_LINKS,
      visit({ ...NEAR, accuracy: THRESHOLD + 1 }),
    );
    expect(coarse).toMatchObject({ status: 'PENDING', isWithinRange: true });

    const nowhere = await world().service.createHomeVisit(teacher, NO_FILE_LINKS, visit());
    expect(nowhere).toMatchObject({ status: 'PENDING', isWithinRange: null, distanceFromHome: null });
  });

  it('answers 404 for a student outside the teacher’s scope and 400 for a centre-based one', async () => {
    const { service: outOfScope, visits } = world({ inScope: [otherTeacher] });
    const err = await refusal(outOfScope.createHomeVisit(teacher, NO_FILE_LINKS, visit()));
    expect(err).toMatchObject({ statusCode: 404, message: M.studentNotFound });
    expect(visits).toEqual([]);

    const { service: centre } = world({ category: 'CENTER_BASE' });
    const wrong = await refusal(centre.createHomeVisit(teacher, NO_FILE_LINKS, visit()));
    expect(wrong).toMatchObject({ statusCode: 400, message: M.studentCategory });
  });

  it('is for teachers only', async () => {
    const { service, db } = world();
    const err = await refusal(service.createHomeVisit(admin, NO_FILE_LINKS, visit()));
    expect(err).toMatchObject({ statusCode: 403, message: M.onlyTeachersRecord });
    expect(db.transactions()).toBe(0);
  });
});

describe('editing a visit', () => {
  it('lets only the teacher who recorded it edit it, even when another teacher sees it', async () => {
    const { service, visits } = world({ inScope: [teacher, otherTeacher] });
    const created = await service.createHomeVisit(teacher, NO_FILE_LINKS, visit());
    const err = await refusal(
      service.updateHomeVisit(otherTeacher, NO_FILE_LINKS, created.id, { duration: 90 }),
    );
    expect(err).toMatchObject({ statusCode: 403, message: M.editOwn });
    expect(visits[0].duration).toBe(45);
    await service.updateHomeVisit(teacher, NO_FILE_LINKS, created.id, { duration: 90 });
    expect(visits[0].duration).toBe(90);
  });

  it('answers 409 once reviewed, and for an edit over a version saved since', async () => {
    const { service } = world();
    const created = await service.createHomeVisit(teacher, NO_FILE_LINKS, visit());
    const stale = await refusal(
      service.updateHomeVisit(teacher, NO_FILE_LINKS, created.id, {
        duration: 90,
        updatedAt: '2026-03-01T00:00:00.000Z',
      }),
    );
    expect(stale).toMatchObject({ statusCode: 409, message: STALE_EDIT_MESSAGE });

    await service.reviewHomeVisit(admin, created.id, { status: 'APPROVED', reviewNotes: null });
    const locked = await refusal(
      service.updateHomeVisit(teacher, NO_FILE_LINKS, created.id, { duration: 90 }),
    );
    expect(locked).toMatchObject({ statusCode: 409, message: M.reviewedLocked });
  });

  it('takes a date-time’s day in the organisation, and refuses one after today', async () => {
    const { service, visits } = world();
    const created = await service.createHomeVisit(teacher, NO_FILE_LINKS, visit({ date: '2026-03-09' }));
    // 19:00 UTC on the 9th is already the 10th in Colombo.
    await service.updateHomeVisit(teacher, NO_FILE_LINKS, created.id, {
      visitDate: '2026-03-09T19:00:00.000Z',
    });
    expect(visits[0].visitDate).toBe('2026-03-10');
    const err = await refusal(
      service.updateHomeVisit(teacher, NO_FILE_LINKS, created.id, { visitDate: '2026-03-12' }),
    );
    expect(err).toMatchObject({ statusCode: 400, message: M.dateInFuture });
  });

  it('recomputes the status from a new location', async () => {
    const { service, visits } = world();
    const created = await service.createHomeVisit(teacher, NO_FILE_LINKS, visit(FAR));
    expect(created.status).toBe('PENDING');
    await service.updateHomeVisit(teacher, NO_FILE_LINKS, created.id, NEAR);
    expect(visits[0]).toMatchObject({ status: 'APPROVED', isWithinRange: true });
  });
});

describe('deleting and reviewing', () => {
  it('lets only the recording teacher delete a visit', async () => {
    const { service, visits } = world({ inScope: [teacher, otherTeacher] });
    const created = await service.createHomeVisit(teacher, NO_FILE_LINKS, visit());
    const err = await refusal(service.deleteHomeVisit(otherTeacher, created.id));
    expect(err).toMatchObject({ statusCode: 403, message: M.deleteOwn });
    expect(visits[0].deletedAt).toBeNull();
  });

  it('reviews a pending visit once, telling the teacher; a second review answers 409', async () => {
    const { service, effects } = world();
    const created = await service.createHomeVisit(teacher, NO_FILE_LINKS, visit(FAR));
    await service.reviewHomeVisit(admin, created.id, { status: 'REJECTED', reviewNotes: 'No photo' });
    expect(effects.notified).toEqual([
      {
        userId: teacher.id,
        type: HOME_VISIT_REVIEWED,
        title: 'Home visit rejected',
        message: 'Your home visit to Kid One on 2026-03-11 was rejected: No photo',
      },
    ]);
    const again = await refusal(
      service.reviewHomeVisit(admin, created.id, { status: 'APPROVED', reviewNotes: null }),
    );
    expect(again).toMatchObject({ statusCode: 409, message: M.alreadyReviewed });
  });

  it('does not review a visit unseen: one edited since the version named answers 409', async () => {
    const { service, visits } = world();
    const created = await service.createHomeVisit(teacher, NO_FILE_LINKS, visit(FAR));
    const err = await refusal(
      service.reviewHomeVisit(admin, created.id, {
        status: 'APPROVED',
        reviewNotes: null,
        seen: '2026-03-01T00:00:00.000Z',
      }),
    );
    expect(err).toMatchObject({ statusCode: 409, message: STALE_EDIT_MESSAGE });
    expect(visits[0].status).toBe('PENDING');
  });

  it('is not for teachers', async () => {
    const { service } = world();
    const created = await service.createHomeVisit(teacher, NO_FILE_LINKS, visit(FAR));
    const err = await refusal(
      service.reviewHomeVisit(teacher, created.id, { status: 'APPROVED', reviewNotes: null }),
    );
    expect(err.statusCode).toBe(403);
  });
});

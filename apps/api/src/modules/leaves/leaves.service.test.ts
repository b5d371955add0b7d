import { LEAVE_MESSAGES as M, type LeaveStatus } from '@csp/contracts';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../lib/actor.ts';
import {
  admin,
  fakeDb,
  fakeLog,
  fakeMailer,
  fakeRepo,
  fixedClock,
  noRow,
  refusal,
  teacher,
  unitConfig,
  unitHandles,
} from '../../test/service-fakes.ts';
import type { LeaveRow, LeaveWithRefs } from './leaves.repo.ts';
import { createLeavesService, LEAVE_REVIEWED, type LeavesRepo } from './leaves.service.ts';

/** Unit tests of the leaves service's rules, on an in-memory repository (decision 0034). */

/**
 * Leave applications kept in a list, as the real repository keeps them: the overlap check counts
 * pending and approved ones, and a review lands only on a pending one.
 */
function world() {
  const rows: LeaveRow[] = [];
  const steps: string[] = [];
  const withRefs = (leave: LeaveRow): LeaveWithRefs => ({
    leave: { ...leave },
    teacher: { id: leave.teacherId, firstName: teacher.firstName, lastName: teacher.lastName },
    reviewer: null,
  });
  const repo = fakeRepo<LeavesRepo>({
    lockTeacher: async (_tx, id) => {
      steps.push(`lock ${id}`);
    },
    hasOverlappingLeave: async (_tx, teacherId, from, to) => {
      steps.push('overlap check');
      return rows.some(
        (l) =>
          l.teacherId === teacherId &&
          (l.status === 'PENDING' || l.status === 'APPROVED') &&
          l.startDate <= to &&
          l.endDate >= from,
      );
    },
    insertLeave: async (_tx, values) => {
      const id = `leave-${rows.length + 1}`;
      rows.push({
        id,
        teacherId: values.teacherId,
        startDate: values.startDate,
        endDate: values.endDate,
        leaveType: values.leaveType ?? 'SINGLE_DAY',
        reason: values.reason,
        status: 'PENDING',
        appliedAt: new Date('2026-03-10T04:00:00Z'),
        reviewNotes: null,
        reviewedById: null,
        reviewedAt: null,
      });
      return id;
    },
    findLeave: async (_db, actor: Actor, id) => {
      const row = rows.find((l) => l.id === id && (actor.role === 'ADMIN' || l.teacherId === actor.id));
      return row && withRefs(row);
    },
    reviewPendingLeave: async (_tx, id, decision) => {
      const row = rows.find((l) => l.id === id && l.status === 'PENDING');
      if (!row) return noRow;
      Object.assign(row, decision, { reviewedAt: new Date('2026-03-10T05:00:00Z') });
      return { teacherId: row.teacherId, startDate: row.startDate, endDate: row.endDate };
    },
    teacherContact: async () => ({ email: teacher.email, firstName: teacher.firstName }),
  });
  // 18:31 UTC on 10 March is 00:01 on 11 March in Colombo, the organisation's day.
  const clock = fixedClock('2026-03-10T18:31:00Z');
  const { handles, effects, db, log, mailer } = unitHandles(clock);
  const service = createLeavesService({ ...handles, repo });
  const add = (startDate: string, endDate: string, status: LeaveStatus) => {
    rows.push({
      id: `leave-${rows.length + 1}`,
      teacherId: teacher.id,
      startDate,
      endDate,
      leaveType: 'DATE_RANGE',
      reason: 'Earlier',
      status,
      appliedAt: new Date('2026-03-01T04:00:00Z'),
      reviewNotes: null,
      reviewedById: null,
      reviewedAt: null,
    });
    return rows[rows.length - 1].id;
  };
  return { service, rows, steps, effects, mailer, log, db, add };
}

const apply = (startDate: string, endDate?: string) => ({ startDate, endDate, reason: 'Family' });

describe('applying for leave', () => {
  it('starts from the organisation’s today by the clock: yesterday there is in the past', async () => {
    const { service, rows, db } = world();
    // The 10th is still today in UTC, but no longer in Colombo.
    const err = await refusal(service.applyForLeave(teacher, apply('2026-03-10')));
    expect(err).toMatchObject({ statusCode: 400, message: M.inPast });
    expect(db.transactions()).toBe(0);
    await expect(service.applyForLeave(teacher, apply('2026-03-11'))).resolves.toMatchObject({
      startDate: '2026-03-11',
      endDate: '2026-03-11',
      leaveType: 'SINGLE_DAY',
      status: 'PENDING',
    });
    expect(rows).toHaveLength(1);
  });

  it('refuses a start more than a year ahead and a leave longer than the longest span', async () => {
    const { service, rows } = world();
    const far = await refusal(service.applyForLeave(teacher, apply('2027-03-12')));
    expect(far).toMatchObject({ statusCode: 400, message: M.tooFarAhead });
    const long = await refusal(service.applyForLeave(teacher, apply('2026-04-01', '2026-12-31')));
    expect(long).toMatchObject({ statusCode: 400, message: M.tooLong });
    expect(rows).toHaveLength(0);
  });

  it('answers 409 for dates overlapping a pending or approved leave, checked under the teacher’s lock', async () => {
    const { service, rows, steps, add, effects } = world();
    add('2026-03-20', '2026-03-25', 'APPROVED');
    add('2026-04-01', '2026-04-02', 'REJECTED');
    const err = await refusal(service.applyForLeave(teacher, apply('2026-03-25', '2026-03-27')));
    expect(err).toMatchObject({ statusCode: 409, message: M.overlap });
    expect(steps).toEqual([`lock ${teacher.id}`, 'overlap check']);
    // A rejected application frees its days.
    const leave = await service.applyForLeave(teacher, apply('2026-04-01', '2026-04-03'));
    expect(leave).toMatchObject({ leaveType: 'DATE_RANGE', days: 2 });
    expect(rows).toHaveLength(3);
    expect(effects.audited).toEqual([
      {
        action: 'create',
        entity: 'leave',
        entityId: leave.id,
        changes: { startDate: '2026-04-01', endDate: '2026-04-03', reason: 'Family' },
      },
    ]);
  });

  it('is for teachers only', async () => {
    const { service, db } = world();
    const err = await refusal(service.applyForLeave(admin, apply('2026-03-12')));
    expect(err).toMatchObject({ statusCode: 403, message: M.onlyTeachersApply });
    expect(db.transactions()).toBe(0);
  });
});

describe('reviewing an application', () => {
  it('approves a pending application, tells the teacher in the app and by email', async () => {
    const { service, add, effects, mailer } = world();
    const id = add('2026-03-20', '2026-03-22', 'PENDING');
    const leave = await service.reviewLeave(admin, id, { status: 'APPROVED', reviewNotes: 'Enjoy' });
    expect(leave.status).toBe('APPROVED');
    expect(effects.notified).toEqual([
      {
        userId: teacher.id,
        type: LEAVE_REVIEWED,
        title: 'Leave application approved',
        message: 'Your leave application for 2026-03-20 to 2026-03-22 was approved: Enjoy',
      },
    ]);
    expect(mailer.sent).toEqual([
      {
        to: teacher.email,
        subject: 'Your leave application was approved',
        text: `Hello ${teacher.firstName},\n\nYour leave application for 2026-03-20 to 2026-03-22 was approved: Enjoy\n`,
      },
    ]);
  });

  it('answers 409 for an application decided already, 404 for none', async () => {
    const { service, add, effects, mailer } = world();
    const id = add('2026-03-20', '2026-03-20', 'REJECTED');
    const decided = await refusal(service.reviewLeave(admin, id, { status: 'APPROVED', reviewNotes: null }));
    expect(decided).toMatchObject({ statusCode: 409, message: M.alreadyReviewed });
    const missing = await refusal(
      service.reviewLeave(admin, 'leave-404', { status: 'REJECTED', reviewNotes: null }),
    );
    expect(missing).toMatchObject({ statusCode: 404, message: M.notFound });
    expect(effects.notified).toEqual([]);
    expect(mailer.sent).toEqual([]);
  });

  it('does not let a teacher decide, not even on their own application', async () => {
    const { service, add, rows } = world();
    const id = add('2026-03-20', '2026-03-20', 'PENDING');
    const err = await refusal(service.reviewLeave(teacher, id, { status: 'APPROVED', reviewNotes: null }));
    expect(err.statusCode).toBe(403);
    expect(rows[0].status).toBe('PENDING');
  });

  it('keeps the decision when the email cannot be sent, and logs the failure', async () => {
    const { service, add, mailer, log, rows } = world();
    const id = add('2026-03-20', '2026-03-20', 'PENDING');
    mailer.failWith = new Error('smtp down');
    const leave = await service.reviewLeave(admin, id, { status: 'REJECTED', reviewNotes: null });
    expect(leave.status).toBe('REJECTED');
    expect(rows[0].status).toBe('REJECTED');
    expect(log.errors).toHaveLength(1);
  });
});

describe('today and tomorrow', () => {
  it('takes the organisation’s days from the clock', async () => {
    const ranges: string[][] = [];
    const { service } = world();
    const withRange = createLeavesService({
      db: fakeDb().db,
      config: unitConfig(),
      log: fakeLog(),
      mailer: fakeMailer(),
      clock: fixedClock('2026-03-10T18:31:00Z'),
      repo: fakeRepo<LeavesRepo>({
        approvedLeavesOverlapping: async (_db, from, to) => {
          ranges.push([from, to]);
          return [
            {
              id: 'l1',
              reason: 'Family',
              startDate: '2026-03-12',
              endDate: '2026-03-14',
              teacher: { id: teacher.id, firstName: teacher.firstName, lastName: teacher.lastName },
            },
          ];
        },
      }),
    });
    const answer = await withRange.todayAndTomorrow(admin);
    expect(ranges).toEqual([['2026-03-11', '2026-03-12']]);
    expect(answer.today).toHaveLength(0);
    expect(answer.tomorrow).toHaveLength(1);
    const err = await refusal(service.todayAndTomorrow(teacher));
    expect(err.statusCode).toBe(403);
  });
});

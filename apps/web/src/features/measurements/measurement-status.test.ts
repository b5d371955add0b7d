import { measurementStatusQuerySchema, type MeasurementStatusEntry } from '@csp/contracts';
import { describe, expect, it } from 'vitest';
import {
  isStatusKey,
  isStatusOrder,
  statusDetail,
  statusKeyOf,
  statusPageParams,
  summaryParams,
} from './measurement-status.ts';

let n = 0;
function entry(changes: Partial<MeasurementStatusEntry>): MeasurementStatusEntry {
  n += 1;
  return {
    id: `id-${n}`,
    studentId: `STU-${n}`,
    firstName: 'Child',
    lastName: `Number${n}`,
    age: 4,
    category: 'CENTER_BASE',
    status: 'up_to_date',
    overdueBy: 0,
    daysSinceLastMeasurement: 10,
    nextDueDate: '2026-08-01',
    lastMeasurement: { id: `m-${n}`, date: '2026-06-01' },
    assignedTeacher: null,
    ...changes,
  };
}

const overdue = entry({ status: 'overdue', overdueBy: 12 });
const dueSoon = entry({ status: 'due_soon' });
const upToDate = entry({});
const never = entry({
  status: 'overdue',
  lastMeasurement: null,
  nextDueDate: null,
  daysSinceLastMeasurement: null,
});

describe('measurement status', () => {
  it('tells never measured apart from overdue by the missing last measurement', () => {
    expect([overdue, dueSoon, upToDate, never].map(statusKeyOf)).toEqual([
      'overdue',
      'due_soon',
      'up_to_date',
      'never_measured',
    ]);
  });

  it('explains each badge', () => {
    expect(statusDetail(overdue)).toBe('by 12 days');
    expect(statusDetail(entry({ status: 'overdue', overdueBy: 1 }))).toBe('by 1 day');
    expect(statusDetail(never)).toBe('Needs first measurement');
    expect(statusDetail(dueSoon)).toBe('Due 1 Aug 2026');
  });

  it('accepts only the filter values the API knows', () => {
    expect(isStatusKey('never_measured')).toBe(true);
    expect(isStatusKey('never')).toBe(false);
    expect(isStatusKey(null)).toBe(false);
  });

  it('asks for one page of 10 with the chosen filters; the counters take all but the status', () => {
    const filters = {
      search: '  asha ',
      status: 'overdue' as const,
      category: 'HOME_BASE' as const,
      teacherId: 't-1',
    };
    expect(statusPageParams(filters, 3)).toEqual({
      search: 'asha',
      status: 'overdue',
      category: 'HOME_BASE',
      teacherId: 't-1',
      page: 3,
      limit: 10,
    });
    expect(summaryParams(filters)).toEqual({ search: 'asha', category: 'HOME_BASE', teacherId: 't-1' });
    expect(statusPageParams({ search: ' ' }, 1)).toEqual({ page: 1, limit: 10 });
  });

  it('asks for the order of the address on every page (soonest due first), by name without one', () => {
    expect(isStatusOrder('due')).toBe(true);
    expect(isStatusOrder('name')).toBe(true);
    expect(isStatusOrder('urgency')).toBe(false);
    expect(isStatusOrder(null)).toBe(false);
    const byDue = { status: 'overdue' as const, order: 'due' as const };
    expect(statusPageParams(byDue, 1)).toEqual({ status: 'overdue', order: 'due', page: 1, limit: 10 });
    expect(statusPageParams(byDue, 2)).toEqual({ status: 'overdue', order: 'due', page: 2, limit: 10 });
    expect(statusPageParams({ status: 'overdue' }, 2)).toEqual({ status: 'overdue', page: 2, limit: 10 });
    // The counters have no order (the API refuses one there).
    expect(summaryParams({ ...byDue, search: 'asha' })).toEqual({ search: 'asha' });
    const sent = Object.fromEntries(
      Object.entries(statusPageParams(byDue, 2)).map(([k, v]) => [k, String(v)]),
    );
    expect(measurementStatusQuerySchema.safeParse(sent).success).toBe(true);
  });
});

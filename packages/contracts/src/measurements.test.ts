import { describe, expect, it } from 'vitest';
import { measurementStatus } from './measurements.ts';

describe('measurement status', () => {
  const today = '2026-11-22';
  it('is up to date more than 15 days before the due date', () => {
    // last 2026-10-08 → due 2026-12-08, 16 days away
    expect(measurementStatus('2026-10-08', today)).toMatchObject({
      status: 'up_to_date',
      nextDueDate: '2026-12-08',
    });
  });
  it('is due soon exactly 15 days before the due date', () => {
    expect(measurementStatus('2026-10-07', today)).toMatchObject({
      status: 'due_soon',
      nextDueDate: '2026-12-07',
    });
  });
  it('is due soon on the due date itself', () => {
    expect(measurementStatus('2026-09-22', today)).toMatchObject({ status: 'due_soon', overdueBy: 0 });
  });
  it('is overdue one day after the due date', () => {
    expect(measurementStatus('2026-09-21', today)).toMatchObject({
      status: 'overdue',
      overdueBy: 1,
      nextDueDate: '2026-11-21',
      daysSinceLastMeasurement: 62,
    });
  });
  it('treats never measured as due now with no dates', () => {
    expect(measurementStatus(null, today)).toEqual({
      status: 'overdue',
      nextDueDate: null,
      overdueBy: 0,
      daysSinceLastMeasurement: null,
    });
  });
});

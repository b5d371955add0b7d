import type { MeasurementStatusEntry } from '@csp/contracts';
import { describe, expect, it } from 'vitest';
import { ageText, overdueText, splitMeasurementStatus } from './dashboard.api.ts';

const entry = (id: string, fields: Partial<MeasurementStatusEntry>): MeasurementStatusEntry => ({
  id,
  studentId: `S-${id}`,
  firstName: id,
  lastName: 'Test',
  age: 4,
  category: 'CENTER_BASE',
  status: 'up_to_date',
  overdueBy: 0,
  daysSinceLastMeasurement: 10,
  nextDueDate: '2026-03-01',
  lastMeasurement: { id: `m-${id}`, date: '2026-01-01' },
  assignedTeacher: null,
  ...fields,
});

describe('splitMeasurementStatus', () => {
  it('puts each student in the right list and orders them by urgency', () => {
    const lists = splitMeasurementStatus([
      entry('never', {
        status: 'overdue',
        lastMeasurement: null,
        nextDueDate: null,
        daysSinceLastMeasurement: null,
      }),
      entry('late3', { status: 'overdue', overdueBy: 3, nextDueDate: '2026-01-10' }),
      entry('late40', { status: 'overdue', overdueBy: 40, nextDueDate: '2025-12-01' }),
      entry('soonLater', { status: 'due_soon', nextDueDate: '2026-02-14' }),
      entry('soonFirst', { status: 'due_soon', nextDueDate: '2026-02-02' }),
      entry('fine', { status: 'up_to_date' }),
    ]);
    expect(lists.overdue.map((e) => e.id)).toEqual(['late40', 'late3']);
    expect(lists.dueSoon.map((e) => e.id)).toEqual(['soonFirst', 'soonLater']);
    expect(lists.neverMeasured.map((e) => e.id)).toEqual(['never']);
  });
});

describe('texts', () => {
  it('counts days and years', () => {
    expect(overdueText(1)).toBe('Overdue by 1 day');
    expect(overdueText(12)).toBe('Overdue by 12 days');
    expect(ageText(0)).toBe('Age: 0 years');
    expect(ageText(1)).toBe('Age: 1 year');
  });
});

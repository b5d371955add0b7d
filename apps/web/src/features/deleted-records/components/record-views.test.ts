import type { DeletedMeasurement, DeletedStudent } from '@csp/contracts';
import { describe, expect, it } from 'vitest';
import { RECORD_VIEWS } from './record-views.tsx';

/** The texts of a row's plain cells by column label (badges and other elements left out). */
function texts<T>(view: { columns: { label: string; cell: (row: T) => unknown }[] }, row: T) {
  return Object.fromEntries(
    view.columns.flatMap((c) => {
      const value = c.cell(row);
      return typeof value === 'string' ? [[c.label, value]] : [];
    }),
  );
}

const student = { id: 's1', firstName: 'Nila', lastName: 'Perera', studentId: 'STU-9' };

describe('record views', () => {
  it('shows a measurement with the student and id, cm, kg, date, who measured, notes and deleted time', () => {
    const m: DeletedMeasurement = {
      id: 'm1',
      height: 98.4,
      weight: 14.25,
      date: '2026-03-05',
      notes: null,
      student,
      measuredBy: null,
      deletedAt: '2026-03-06T08:30:00.000Z',
    };
    const view = RECORD_VIEWS.measurements;
    expect(view.leadLabel).toBe('Student');
    expect(view.lead(m)).toBe('Nila Perera (STU-9)');
    expect(view.name(m)).toBe('Nila Perera, 5 Mar 2026');
    expect(view.columns.map((c) => c.label)).toEqual([
      'Height',
      'Weight',
      'Date',
      'Measured by',
      'Notes',
      'Deleted',
    ]);
    expect(texts(view, m)).toMatchObject({
      Height: '98.4 cm',
      Weight: '14.25 kg',
      Date: '5 Mar 2026',
      'Measured by': '—',
      Notes: '—',
    });
    expect(texts(view, m).Deleted).toMatch(/^6 Mar 2026, \d\d:\d\d$/);
  });

  it('shows a student without a teacher as Unassigned, the category with a space', () => {
    const s: DeletedStudent = {
      id: 's1',
      firstName: 'Nila',
      lastName: 'Perera',
      studentId: 'STU-9',
      category: 'SURVIVAL_PROGRAM',
      assignedTeacher: null,
      deletedAt: '2026-03-06T08:30:00.000Z',
    };
    expect(texts(RECORD_VIEWS.students, s)).toMatchObject({
      'Student ID': 'STU-9',
      Category: 'SURVIVAL PROGRAM',
      'Assigned teacher': 'Unassigned',
    });
    expect(
      texts(RECORD_VIEWS.students, { ...s, assignedTeacher: { firstName: 'Tara', lastName: 'Field' } })[
        'Assigned teacher'
      ],
    ).toBe('Tara Field');
  });
});

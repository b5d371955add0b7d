import { DELETED_KINDS, DELETED_RECORD_MESSAGES as M } from '@csp/contracts';
import { describe, expect, it } from 'vitest';
import {
  DELETED_TABS,
  categoryText,
  confirmsPermanentDelete,
  failureToast,
  listLabel,
  measureText,
  minutesText,
  permanentDeleteFailedToast,
  personText,
  restoreFailedToast,
  studentText,
  tabFromParam,
  tabParam,
  visitStatusText,
} from './deleted-records-display.ts';

describe('tabs', () => {
  it('has one tab per kind, in the spec’s order with home visits last', () => {
    expect(DELETED_TABS.map((t) => t.kind)).toEqual([...DELETED_KINDS]);
    expect(DELETED_TABS.map((t) => t.label)).toEqual([
      'Users',
      'Students',
      'Activities',
      'Measurements',
      'Home Visits',
    ]);
  });

  it('reads the tab from the address, Users when absent or unknown', () => {
    expect(tabFromParam('students')).toBe('students');
    expect(tabFromParam('home-visits')).toBe('home-visits');
    expect(tabFromParam(null)).toBe('users');
    expect(tabFromParam('')).toBe('users');
    expect(tabFromParam('Students')).toBe('users');
    expect(tabFromParam('gifts')).toBe('users');
  });

  it('leaves the first tab out of the address', () => {
    expect(tabParam('users')).toBeUndefined();
    expect(tabParam('measurements')).toBe('measurements');
  });

  it('names each list', () => {
    expect(listLabel('students')).toBe('Deleted students');
    expect(listLabel('home-visits')).toBe('Deleted home visits');
  });
});

describe('row texts', () => {
  it('shows a category with its underscore as a space', () => {
    expect(categoryText('CENTER_BASE')).toBe('CENTER BASE');
    expect(categoryText('SURVIVAL_PROGRAM')).toBe('SURVIVAL PROGRAM');
    expect(categoryText('HOME_BASE')).toBe('HOME BASE');
  });

  it('names a person, or the fallback when there is none', () => {
    expect(personText({ firstName: 'Nila', lastName: 'Perera' })).toBe('Nila Perera');
    expect(personText(null)).toBe('—');
    expect(personText(null, 'Unassigned')).toBe('Unassigned');
  });

  it('shows a student with their id', () => {
    expect(studentText({ firstName: 'Nila', lastName: 'Perera', studentId: 'STU-7' })).toBe(
      'Nila Perera (STU-7)',
    );
  });

  it('shows durations in minutes and measures with their units', () => {
    expect(minutesText(45)).toBe('45 min');
    expect(minutesText(120)).toBe('120 min');
    expect(measureText(102.5, 'cm')).toBe('102.5 cm');
    expect(measureText(16, 'kg')).toBe('16 kg');
    expect(measureText(16.256, 'kg')).toBe('16.26 kg');
  });

  it('names visit statuses as the visit pages do', () => {
    expect(visitStatusText('PENDING')).toBe('Pending Review');
    expect(visitStatusText('APPROVED')).toBe('Approved');
    expect(visitStatusText('REJECTED')).toBe('Rejected');
  });
});

describe('the typed confirmation', () => {
  it('accepts DELETE exactly and nothing else', () => {
    expect(confirmsPermanentDelete('DELETE')).toBe(true);
    for (const text of ['delete', 'Delete', ' DELETE', 'DELETE ', 'DELET', 'DELETE!', '']) {
      expect(confirmsPermanentDelete(text), JSON.stringify(text)).toBe(false);
    }
  });
});

describe('failure toasts', () => {
  it('shows the fixed message with the reason of a 409 or 404 beneath', () => {
    expect(restoreFailedToast('activities', { status: 409, message: M.studentFirst })).toEqual({
      title: 'Failed to restore activity',
      message: M.studentFirst,
    });
    expect(
      permanentDeleteFailedToast('students', { status: 404, message: 'Deleted student not found' }),
    ).toEqual({ title: 'Failed to permanently delete student', message: 'Deleted student not found' });
  });

  it('shows only the fixed message otherwise', () => {
    expect(restoreFailedToast('users', { status: 500, message: 'Internal Server Error' })).toEqual({
      message: 'Failed to restore user',
    });
    expect(restoreFailedToast('measurements', { status: undefined, message: undefined })).toEqual({
      message: 'Failed to restore measurement',
    });
    expect(permanentDeleteFailedToast('home-visits', { status: 409, message: undefined })).toEqual({
      message: 'Failed to permanently delete home visit',
    });
    expect(failureToast('Failed', { status: 409, message: 'Failed' })).toEqual({ message: 'Failed' });
  });
});

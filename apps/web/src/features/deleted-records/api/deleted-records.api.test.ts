import { DELETED_KINDS } from '@csp/contracts';
import { describe, expect, it } from 'vitest';
import { affectedKeys, deletedRecordKeys } from './deleted-records.api.ts';

const roots = (kind: (typeof DELETED_KINDS)[number]) => affectedKeys(kind).map((k) => k[0]);

describe('deleted-records query keys', () => {
  it('keeps every kind under its own key, apart from the live lists', () => {
    expect(deletedRecordKeys.list('users', 2)).toEqual([
      'deleted-records',
      'users',
      'list',
      { page: 2, limit: 10 },
    ]);
    expect(deletedRecordKeys.count('students')).toEqual(['deleted-records', 'students', 'count']);
  });

  it('refreshes all deleted lists, the dashboard, search and the kind’s own live lists after any change', () => {
    const own = {
      users: 'users',
      students: 'students',
      activities: 'activities',
      measurements: 'measurements',
      'home-visits': 'home-visits',
    } as const;
    for (const kind of DELETED_KINDS) {
      expect(roots(kind)).toEqual(
        expect.arrayContaining(['deleted-records', 'dashboard', 'search', own[kind]]),
      );
    }
  });

  it('refreshes what comes back or goes with a student or a user', () => {
    expect(roots('students')).toEqual(
      expect.arrayContaining(['activities', 'measurements', 'home-visits', 'gifts', 'users']),
    );
    expect(roots('users')).toEqual(
      expect.arrayContaining([
        'students',
        'activities',
        'home-visits',
        'measurements',
        'leaves',
        'attendance',
      ]),
    );
    expect(roots('activities')).toContain('students');
  });
});

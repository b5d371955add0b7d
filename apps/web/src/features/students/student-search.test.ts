import { describe, expect, it } from 'vitest';
import { matchesSearch } from './student-search.ts';

const nila = { firstName: 'Nila', lastName: 'Sivakumar', parentName: 'Kala Sivakumar', studentId: 'STU-014' };

describe('a teacher’s students searched on the phone', () => {
  it('match by name, full name, parent name or student ID, in any case', () => {
    for (const text of ['nila', 'NILA SIVA', 'kala', 'stu-014', ' 014 ']) {
      expect(matchesSearch(nila, text), text).toBe(true);
    }
  });

  it('do not match what none of those holds', () => {
    expect(matchesSearch(nila, 'Arun')).toBe(false);
    expect(matchesSearch({ ...nila, parentName: null }, 'kala')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { resultBadge, resultDetail, resultPath, studentResult, userResult } from './search.api.ts';

describe('search results', () => {
  const teacher = userResult({
    id: 'u1',
    firstName: 'Tara',
    lastName: 'Field',
    role: 'TEACHER',
    email: 'tara@example.org',
  });
  const student = studentResult({
    id: 's1',
    firstName: 'Nimal',
    lastName: 'Perera',
    category: 'HOME_BASE',
    studentId: 'STU-7',
  });

  it('opens /users/{id} for a user and /students/{id} for a student', () => {
    expect(resultPath(teacher)).toBe('/users/u1');
    expect(resultPath(student)).toBe('/students/s1');
  });
  it('labels results Teacher or Student', () => {
    expect(resultBadge(teacher)).toBe('Teacher');
    expect(resultBadge(student)).toBe('Student');
  });
  it('names and describes each result', () => {
    expect(teacher.name).toBe('Tara Field');
    expect(resultDetail(teacher)).toBe('tara@example.org');
    expect(student.name).toBe('Nimal Perera');
    expect(resultDetail(student)).toBe('STU-7 · Home Base');
  });
});

import type { Student } from '@csp/contracts';

/**
 * Whether a student matches what was typed, as the server's search does (name, parent name, student
 * ID, any case): for a teacher's picker offline, which searches the students the phone keeps.
 */
export function matchesSearch(
  student: Pick<Student, 'firstName' | 'lastName' | 'parentName' | 'studentId'>,
  text: string,
): boolean {
  const needle = text.trim().toLowerCase();
  return [`${student.firstName} ${student.lastName}`, student.parentName, student.studentId].some((field) =>
    field?.toLowerCase().includes(needle),
  );
}

import type { Student } from '@csp/contracts';
import { Text } from '@mantine/core';
import { studentAgeLine } from '../student-form.ts';

/** The age under a student's name ('4 years', or 'Pregnant · 6 months' for an expecting mother). */
export function StudentAgeLine({
  student,
}: {
  student: Pick<Student, 'age' | 'isPregnant' | 'pregnancyMonths'>;
}) {
  return (
    <Text size="sm" c="dimmed" fw={500}>
      {studentAgeLine(student)}
    </Text>
  );
}

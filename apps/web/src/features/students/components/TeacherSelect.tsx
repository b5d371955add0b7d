import { LIMITS } from '@csp/contracts';
import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import { useAvailableTeachersQuery } from '../api/students.api.ts';
import { teacherOptionLabel } from '../student-form.ts';

/**
 * The assigned teacher picker: teachers below the 25-student cap (GET /users?role=TEACHER&available=true),
 * each with their count. On the edit form the current teacher stays in the list even when full.
 */
export function TeacherSelect({
  current,
  ...props
}: Omit<NativeSelectProps, 'data'> & {
  current?: { id: string; firstName: string; lastName: string } | null;
}) {
  const teachers = useAvailableTeachersQuery();
  const options = (teachers.data ?? []).map((t) => ({ value: t.id, label: teacherOptionLabel(t) }));
  if (current && !options.some((o) => o.value === current.id)) {
    options.unshift({ value: current.id, label: `${current.firstName} ${current.lastName} (current)` });
  }
  return (
    <NativeSelect
      label="Assigned teacher"
      description={
        teachers.isPending
          ? 'Loading teachers...'
          : `Teachers with fewer than ${LIMITS.maxStudentsPerTeacher} students`
      }
      data={[{ value: '', label: 'Not assigned' }, ...options]}
      {...props}
    />
  );
}

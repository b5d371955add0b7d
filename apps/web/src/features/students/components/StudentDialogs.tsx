import { STALE_EDIT_MESSAGE, type StudentDetail } from '@csp/contracts';
import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { DeleteRecordDialog } from '../../../components/DeleteRecordDialog.tsx';
import { errorStatus } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/dates.ts';
import { isStaleEdit } from '../../../lib/edit-conflicts.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { personName } from '../../../lib/person-name.ts';
import { useOrgToday } from '../../../lib/organisation.ts';
import {
  studentKeys,
  studentsApi,
  useDeleteStudentMutation,
  useUpdateStudentMutation,
} from '../api/students.api.ts';
import { babyBornBody, babyBornErrorMessage } from '../student-form.ts';

interface DialogProps {
  student: StudentDetail;
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Delete Student' (spec part 1 §4): warns that the student's activities, measurements and home visits
 * go with them. A failure is announced by an alert; success opens /students. The delete is soft and an
 * administrator can restore the student from Deleted records.
 */
export function DeleteStudentDialog({ student, opened, onClose }: DialogProps) {
  return (
    <DeleteRecordDialog
      opened={opened}
      onClose={onClose}
      title="Delete Student"
      remove={useDeleteStudentMutation()}
      variables={student.id}
      deleted={(res) => res.message || 'Student deleted successfully'}
      failure={() => 'Failed to delete student. Please try again.'}
      failureAlert
      listPath="/students"
    >
      <Text size="sm">
        Are you sure you want to delete <strong>{personName(student)}</strong> ({student.studentId})?
      </Text>
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
        All activities, measurements and home visits of this student will be removed as well.
      </Alert>
      <Text size="sm" c="dimmed">
        An administrator can restore the student from Deleted records.
      </Text>
    </DeleteRecordDialog>
  );
}

/**
 * 'Baby Born' (spec part 1 §4): after confirmation the mother's record becomes the baby's, born today;
 * then the edit page opens so the baby's name can be entered.
 *
 * The conversion names the version shown (decision 0027). Refused because the record changed since, the
 * record is read again: already the baby's (this conversion landed and its answer was lost, or someone
 * else recorded the birth), it goes on as a success; otherwise the page shows the record as it is now,
 * and the server's message says to look before converting.
 */
export function BabyBornDialog({ student, opened, onClose }: DialogProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const update = useUpdateStudentMutation(student.id);
  const busy = update.isPending;
  const mother = personName(student);
  /** The baby is born on the organisation's day. */
  const today = useOrgToday();

  const recorded = () => {
    onClose();
    toastSuccess("Baby's birth recorded. Please enter the baby's name.");
    navigate(`/students/${student.id}/edit`);
  };

  const refusedAsStale = async () => {
    try {
      const current = await queryClient.fetchQuery({
        queryKey: studentKeys.detail(student.id),
        queryFn: () => studentsApi.get(student.id),
        staleTime: 0,
      });
      if (current.isBabyBorn) return recorded();
    } catch {
      // The record could not be read again: the refusal is still the answer.
    }
    onClose();
    toastError(STALE_EDIT_MESSAGE);
  };

  const confirm = () =>
    update.mutate(babyBornBody(student, today), {
      onSuccess: recorded,
      onError: (error) => {
        if (isStaleEdit(error)) return void refusedAsStale();
        onClose();
        toastError(babyBornErrorMessage(errorStatus(error)));
      },
    });

  return (
    <ConfirmDialog
      opened={opened}
      onClose={onClose}
      title="Baby Born"
      confirmLabel="Confirm Birth"
      confirmColor="pink"
      onConfirm={confirm}
      busy={busy}
    >
      <Text size="sm">
        Record that <strong>{mother}</strong> has given birth? This record becomes the baby&apos;s:
      </Text>
      <List size="sm" spacing={4}>
        <List.Item>the parent name becomes {mother};</List.Item>
        <List.Item>the date of birth and birth date become today ({formatDate(today)}), age 0;</List.Item>
        <List.Item>the pregnancy details are cleared; the category stays Survival Program.</List.Item>
      </List>
      <Text size="sm" c="dimmed">
        The edit page opens next so you can enter the baby&apos;s name.
      </Text>
    </ConfirmDialog>
  );
}

import { STUDENT_LIMITS, type StudentDetail } from '@csp/contracts';
import { Alert, Stack, Text } from '@mantine/core';
import { IconHeartbeat, IconMapPinCheck } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { BackLink } from '../../../components/BackLink.tsx';
import { DraftNotice } from '../../../components/DraftNotice.tsx';
import { EditConflictNotice } from '../../../components/EditConflictNotice.tsx';
import { useRecordEdit } from '../../../lib/record-edit.ts';
import { RecordPage } from '../../../components/RecordPage.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { getErrorMessage, serverMessage } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/dates.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { personName } from '../../../lib/person-name.ts';
import { useSave } from '../../../lib/save.ts';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import { useOrgToday } from '../../../lib/organisation.ts';
import { studentKeys, studentsApi, useStudentQuery, useUpdateStudentMutation } from '../api/students.api.ts';
import { HomeLocationFields } from '../components/HomeLocationFields.tsx';
import { EDIT_STUDENT_NOT_FOUND, Section } from '../components/StudentBits.tsx';
import { FormActions } from '../../../components/FormLayout.tsx';
import {
  BirthFields,
  MedicalInfoField,
  NameFields,
  ParentInformationSection,
  SexField,
  StudentIdAndCategory,
} from '../components/StudentFormFields.tsx';
import { TeacherSelect } from '../components/TeacherSelect.tsx';
import { StudentFormProvider, useStudentForm } from '../student-form-context.ts';
import {
  afterCategoryChange,
  editValuesOf,
  toUpdateBody,
  validateEdit,
  type EditStudentValues,
} from '../student-form.ts';

/** The edit form (spec part 1 §2, §5 "Edit student", §8 "Students"). */
function EditStudentForm({ student }: { student: StudentDetail }) {
  const navigate = useNavigate();
  const me = useCurrentUser();
  const isAdmin = me.role === 'ADMIN';
  /** The organisation's day: no date of birth after it. */
  const today = useOrgToday();
  const form = useStudentForm({
    initialValues: editValuesOf(student),
    validate: (values) => validateEdit(values, today, isAdmin),
  });
  const { edits, draft, saved } = useRecordEdit({
    record: student,
    form,
    valuesOf: editValuesOf,
    source: { queryKey: studentKeys.detail(student.id), fetch: () => studentsApi.get(student.id) },
    draftName: `student-edit:${student.id}`,
    onSaved: () => {
      toastSuccess('Student updated successfully!');
      navigate(`/students/${student.id}`);
    },
  });
  const values = form.getValues();
  const pregnant = values.category === 'SURVIVAL_PROGRAM' && values.isPregnant;

  const save = useSave({
    mutation: useUpdateStudentMutation(student.id),
    failureText: (error) => getErrorMessage(error, 'Failed to update student'),
    onSaved: saved,
    // The spec's edit form answers a failure with an alert, not a toast.
    onFailed: async (error) => {
      if (await edits.saveFailed(error)) return true;
      window.alert(`Failed to update student: ${serverMessage(error) ?? 'Please try again.'}`);
      return true;
    },
  });
  const submit = (v: EditStudentValues) =>
    save.submit(() => ({ ...toUpdateBody(v, today, isAdmin), updatedAt: edits.version }));

  return (
    <StudentFormProvider form={form}>
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack gap="lg">
          <DraftNotice draft={draft} />
          <Section title="Basic Information">
            <StudentIdAndCategory
              onCategoryChange={(category) => form.setValues(afterCategoryChange(form.getValues(), category))}
            />
            <NameFields />
            <BirthFields
              today={today}
              excludeDate={pregnant ? undefined : (day) => day > today}
              description={pregnant ? 'The registration day until the baby is born' : undefined}
              inputWrapperOrder={['label', 'input', 'description']}
            />
            {!pregnant && <SexField />}
            {pregnant && (
              <Alert
                color="pink"
                variant="light"
                icon={<IconHeartbeat size={18} aria-hidden />}
                title="Pregnant mother"
              >
                {values.pregnancyMonths !== '' ? `${values.pregnancyMonths} months pregnant` : 'Pregnant'}
                {values.expectedDueDate ? `, due ${formatDate(values.expectedDueDate)}` : ''}. Record the
                birth with &apos;Baby Born&apos; on the student&apos;s page.
              </Alert>
            )}
            {student.isPregnant && !pregnant && (
              <Alert color="yellow" variant="light">
                Saving with this category clears the pregnancy details.
              </Alert>
            )}
            {isAdmin && (
              <TeacherSelect current={student.assignedTeacher} {...form.getInputProps('assignedTeacherId')} />
            )}
          </Section>

          <ParentInformationSection />

          <Section title="Home Location">
            <Alert color="green" variant="light" icon={<IconMapPinCheck size={18} aria-hidden />}>
              Home visits are validated against this location within {STUDENT_LIMITS.homeVisitRangeMeters}m.
            </Alert>
            <HomeLocationFields />
          </Section>

          <Section title="Additional Information">
            <MedicalInfoField />
          </Section>

          <EditConflictNotice edits={edits} />
          <FormActions cancelTo={`/students/${student.id}`} onCancel={draft.clear} busy={save.busy}>
            {save.buttonText('Save Changes')}
          </FormActions>
        </Stack>
      </form>
    </StudentFormProvider>
  );
}

/** /students/{id}/edit. */
export function EditStudentPage() {
  const { id = '' } = useParams();
  return (
    <RecordPage
      query={useStudentQuery(id)}
      title="Edit Student"
      loadingLabel="Loading student"
      notFound={EDIT_STUDENT_NOT_FOUND}
    >
      {(student) => (
        <Stack gap="lg" maw={860}>
          <Stack gap={6}>
            <BackLink to={`/students/${student.id}`}>Back to student</BackLink>
            <PageTitle>Edit Student</PageTitle>
            <Text c="dimmed" size="sm">
              {personName(student)} · {student.studentId}
            </Text>
          </Stack>
          {/* Keyed by the student so a refetch never overwrites what is being typed. */}
          <EditStudentForm key={student.id} student={student} />
        </Stack>
      )}
    </RecordPage>
  );
}

import { STUDENT_LIMITS, type StudentCategory, type StudentDetail } from '@csp/contracts';
import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconHeartbeat, IconMapPinCheck } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { BackLink } from '../../../components/BackLink.tsx';
import { DraftNotice } from '../../../components/DraftNotice.tsx';
import { EditConflictNotice } from '../../../components/EditConflictNotice.tsx';
import { useEditedVersion } from '../../../lib/edit-conflicts.ts';
import { useFormDraft } from '../../../lib/form-drafts.ts';
import { DateField } from '../../../components/DateField.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { LoadFailurePage, NotFoundPage } from '../../../components/PageStates.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { serverMessage } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/dates.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import { useOrgToday } from '../../../lib/organisation.ts';
import {
  isStudentMissing,
  studentKeys,
  studentsApi,
  useStudentQuery,
  useUpdateStudentMutation,
} from '../api/students.api.ts';
import { HomeLocationFields } from '../components/HomeLocationFields.tsx';
import { Section } from '../components/StudentBits.tsx';
import {
  AgeField,
  MedicalInfoField,
  ParentInformationSection,
  SexField,
} from '../components/StudentFormFields.tsx';
import { TeacherSelect } from '../components/TeacherSelect.tsx';
import { StudentFormProvider, useStudentForm } from '../student-form-context.ts';
import {
  afterCategoryChange,
  CATEGORY_OPTIONS,
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
  const update = useUpdateStudentMutation(student.id);
  /** The organisation's day: no date of birth after it. */
  const today = useOrgToday();
  const form = useStudentForm({
    initialValues: editValuesOf(student),
    validate: (values) => validateEdit(values, today, isAdmin),
  });
  const saved = () => {
    draft.clear();
    toastSuccess('Student updated successfully!');
    navigate(`/students/${student.id}`);
  };
  const edits = useEditedVersion({
    record: student,
    form,
    valuesOf: editValuesOf,
    source: { queryKey: studentKeys.detail(student.id), fetch: () => studentsApi.get(student.id) },
    onSaved: saved,
  });
  // Kept with the version its edits are made over; over a newer one it comes back merged (decision 0025).
  const draft = useFormDraft(`student-edit:${student.id}`, form, edits.version);
  const values = form.getValues();
  const dateOfBirth = form.getInputProps('dateOfBirth');
  const pregnant = values.category === 'SURVIVAL_PROGRAM' && values.isPregnant;

  const submit = (v: EditStudentValues) =>
    update.mutate(
      { ...toUpdateBody(v, today, isAdmin), updatedAt: edits.version },
      {
        onSuccess: saved,
        onError: async (error) => {
          if (await edits.saveFailed(error)) return;
          window.alert(`Failed to update student: ${serverMessage(error) ?? 'Please try again.'}`);
        },
      },
    );

  const categoryProps = form.getInputProps('category');

  return (
    <StudentFormProvider form={form}>
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack gap="lg">
          <DraftNotice draft={draft} />
          <Section title="Basic Information">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
              <TextInput
                label="Student ID"
                withAsterisk
                autoComplete="off"
                {...form.getInputProps('studentId')}
              />
              <NativeSelect
                label="Category"
                withAsterisk
                data={CATEGORY_OPTIONS}
                {...categoryProps}
                onChange={(e) =>
                  form.setValues(
                    afterCategoryChange(form.getValues(), e.currentTarget.value as StudentCategory),
                  )
                }
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
              <TextInput
                label="First name"
                withAsterisk
                autoComplete="off"
                {...form.getInputProps('firstName')}
              />
              <TextInput
                label="Last name"
                withAsterisk
                autoComplete="off"
                {...form.getInputProps('lastName')}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
              <DateField
                label="Date of birth"
                withAsterisk
                excludeDate={pregnant ? undefined : (day) => day > today}
                description={pregnant ? 'The registration day until the baby is born' : undefined}
                inputWrapperOrder={['label', 'input', 'description']}
                value={values.dateOfBirth}
                onChange={(v) => form.setFieldValue('dateOfBirth', v)}
                error={dateOfBirth.error}
                onFocus={dateOfBirth.onFocus}
                onBlur={dateOfBirth.onBlur}
              />
              <AgeField dateOfBirth={values.dateOfBirth} today={today} />
            </SimpleGrid>
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
          <Group justify="flex-end" gap="sm">
            <Button component={Link} to={`/students/${student.id}`} variant="default" onClick={draft.clear}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </Group>
        </Stack>
      </form>
    </StudentFormProvider>
  );
}

/** /students/{id}/edit. */
export function EditStudentPage() {
  const { id = '' } = useParams();
  const query = useStudentQuery(id);
  if (query.isPending) return <PageLoader label="Loading student" />;
  if (query.isError) {
    if (isStudentMissing(query.error)) {
      // The edit page's text has no full stop (spec part 1 §2).
      return (
        <NotFoundPage
          title="Edit Student"
          message="Student not found"
          backTo="/students"
          backLabel="Back to Students"
        />
      );
    }
    return <LoadFailurePage title="Edit Student" error={query.error} onRetry={() => query.refetch()} />;
  }
  const student = query.data;
  return (
    <Stack gap="lg" maw={860}>
      <Stack gap={6}>
        <BackLink to={`/students/${student.id}`}>Back to student</BackLink>
        <PageTitle>Edit Student</PageTitle>
        <Text c="dimmed" size="sm">
          {student.firstName} {student.lastName} · {student.studentId}
        </Text>
      </Stack>
      {/* Keyed by the student so a refetch never overwrites what is being typed. */}
      <EditStudentForm key={student.id} student={student} />
    </Stack>
  );
}

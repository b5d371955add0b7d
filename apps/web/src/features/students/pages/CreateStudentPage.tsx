import { STUDENT_LIMITS } from '@csp/contracts';
import {
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconBabyCarriage, IconHeartbeat } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { BackLink } from '../../../components/BackLink.tsx';
import { DateField } from '../../../components/DateField.tsx';
import { DraftNotice } from '../../../components/DraftNotice.tsx';
import { ForbiddenPage } from '../../../components/PageStates.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { useFormDraft } from '../../../lib/form-drafts.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { useSave } from '../../../lib/save.ts';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import { useOrgToday } from '../../../lib/organisation.ts';
import { useCreateStudentMutation } from '../api/students.api.ts';
import { GpsHelpBox, HomeLocationFields } from '../components/HomeLocationFields.tsx';
import { Section } from '../components/StudentBits.tsx';
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
  afterPregnancyChoice,
  EMPTY_CREATE_VALUES,
  toCreateBody,
  validateCreate,
  type CreateStudentValues,
} from '../student-form.ts';

const MONTH_OPTIONS = [
  { value: '', label: 'Select months', disabled: true },
  ...Array.from({ length: STUDENT_LIMITS.maxPregnancyMonths }, (_, i) => ({
    value: String(i + 1),
    label: `${i + 1} ${i === 0 ? 'month' : 'months'}`,
  })),
];

/** A tinted block inside Basic Information for the two Survival Program branches. */
function Block({
  title,
  color,
  icon,
  children,
}: {
  title: string;
  color: string;
  icon: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Paper
      radius="md"
      p="md"
      bg={`var(--mantine-color-${color}-0)`}
      style={{ border: `1px solid var(--mantine-color-${color}-2)` }}
      component="section"
      aria-label={title}
    >
      <Stack gap="md">
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon variant="light" color={color} radius="xl" aria-hidden>
            {icon}
          </ThemeIcon>
          <Title order={3} fz="md">
            {title}
          </Title>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

function CreateStudentForm() {
  const navigate = useNavigate();
  /** The organisation's day: no date of birth after it, no due date before it. */
  const today = useOrgToday();
  const form = useStudentForm({
    initialValues: EMPTY_CREATE_VALUES,
    validate: (values) => validateCreate(values, today),
  });
  const draft = useFormDraft('student', form);
  const values = form.getValues();
  const survival = values.category === 'SURVIVAL_PROGRAM';
  const pregnant = survival && values.isPregnant;
  const dueDate = form.getInputProps('expectedDueDate');

  const save = useSave({
    mutation: useCreateStudentMutation(),
    failureText: (error) => getErrorMessage(error, 'Failed to create student'),
    onSaved: () => {
      draft.clear();
      toastSuccess('Student created successfully!');
      navigate('/students');
    },
  });
  const submit = (v: CreateStudentValues) => save.submit(() => toCreateBody(v, today));

  // Later days are greyed out in the calendar; a later day typed in gets the form's message.
  const birth = <BirthFields today={today} excludeDate={(day) => day > today} />;

  return (
    <StudentFormProvider form={form}>
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack gap="lg">
          <DraftNotice draft={draft} />
          <Section title="Basic Information">
            <StudentIdAndCategory idPlaceholder="e.g. STU-0042" />

            {survival && (
              <Radio.Group
                label="Is Pregnant"
                withAsterisk
                value={values.isPregnant ? 'yes' : 'no'}
                onChange={(v) => form.setValues(afterPregnancyChoice(form.getValues(), v === 'yes'))}
              >
                <Group gap="xl" mt={6}>
                  <Radio value="yes" label="Yes" />
                  <Radio value="no" label="No" />
                </Group>
              </Radio.Group>
            )}

            {pregnant ? (
              <Block title="Pregnant Mother Registration" color="pink" icon={<IconHeartbeat size={18} />}>
                <NameFields first="Mother's first name" last="Mother's last name" />
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
                  <NumberInput
                    label="Mother's age"
                    withAsterisk
                    min={STUDENT_LIMITS.minMotherAge}
                    max={STUDENT_LIMITS.maxMotherAge}
                    allowDecimal={false}
                    allowNegative={false}
                    clampBehavior="none"
                    description={`${STUDENT_LIMITS.minMotherAge} to ${STUDENT_LIMITS.maxMotherAge} years`}
                    {...form.getInputProps('motherAge')}
                  />
                  <NativeSelect
                    label="Pregnancy months"
                    withAsterisk
                    data={MONTH_OPTIONS}
                    description="How far along the pregnancy is"
                    {...form.getInputProps('pregnancyMonths')}
                  />
                </SimpleGrid>
                <DateField
                  label="Expected due date"
                  excludeDate={(day) => day < today}
                  description="Optional"
                  value={values.expectedDueDate}
                  onChange={(v) => form.setFieldValue('expectedDueDate', v)}
                  error={dueDate.error}
                  onFocus={dueDate.onFocus}
                  onBlur={dueDate.onBlur}
                />
                <Text size="sm" c="dimmed">
                  The baby&apos;s date of birth is recorded with &apos;Baby Born&apos; on the student&apos;s
                  page.
                </Text>
              </Block>
            ) : survival ? (
              <Block title="Baby Registration" color="cyan" icon={<IconBabyCarriage size={18} />}>
                <NameFields first="Baby's first name" last="Baby's last name" />
                {birth}
                <SexField />
              </Block>
            ) : (
              <>
                <NameFields />
                {birth}
                <SexField />
              </>
            )}
          </Section>

          <ParentInformationSection />

          <Section title="Home Location" description="Home visits are checked against this location.">
            <GpsHelpBox />
            <HomeLocationFields />
          </Section>

          <Section title="Additional Information">
            <TeacherSelect {...form.getInputProps('assignedTeacherId')} />
            <MedicalInfoField />
          </Section>

          <FormActions cancelTo="/students" onCancel={draft.clear} busy={save.busy}>
            {save.buttonText('Create Student', { saving: 'Creating...' })}
          </FormActions>
        </Stack>
      </form>
    </StudentFormProvider>
  );
}

/** /students/create: 'Add New Student' (spec part 1 §2, §5 "Create student", §8 "Students"). */
export function CreateStudentPage() {
  const me = useCurrentUser();
  if (me.role !== 'ADMIN') {
    return (
      <ForbiddenPage title="Add New Student" backTo="/students" backLabel="Back to Students">
        Only administrators can add students.
      </ForbiddenPage>
    );
  }
  return (
    <Stack gap="lg" maw={860}>
      <Stack gap={6}>
        <BackLink to="/students">Back to Students</BackLink>
        <PageTitle>Add New Student</PageTitle>
      </Stack>
      <CreateStudentForm />
    </Stack>
  );
}

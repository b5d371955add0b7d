import { NativeSelect, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { formAge, SEX_OPTIONS } from '../student-form.ts';
import { useStudentFormContext } from '../student-form-context.ts';
import { Section } from './StudentBits.tsx';

/** The 'Parent Information' section both student forms share (inside a StudentFormProvider). */
export function ParentInformationSection() {
  const f = useStudentFormContext();
  return (
    <Section title="Parent Information">
      <TextInput label="Parent name" autoComplete="off" {...f.getInputProps('parentName')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
        <TextInput label="Parent phone" type="tel" autoComplete="off" {...f.getInputProps('parentPhone')} />
        <TextInput label="Parent email" type="email" autoComplete="off" {...f.getInputProps('parentEmail')} />
      </SimpleGrid>
      <Textarea label="Address" autosize minRows={2} maxRows={6} {...f.getInputProps('address')} />
    </Section>
  );
}

/** The read-only age, in years, worked out from the date of birth being typed. */
export function AgeField({ dateOfBirth, today }: { dateOfBirth: string; today: string }) {
  return (
    <TextInput
      label="Age"
      readOnly
      value={String(formAge(dateOfBirth, today))}
      description="Calculated from the date of birth"
      inputWrapperOrder={['label', 'input', 'description']}
      variant="filled"
      rightSection={
        <Text size="xs" c="dimmed" pr="xs">
          years
        </Text>
      }
      rightSectionWidth={56}
    />
  );
}

/** The medical information box of the 'Additional Information' section (inside a StudentFormProvider). */
export function MedicalInfoField() {
  const f = useStudentFormContext();
  return (
    <Textarea
      label="Medical information"
      placeholder="Allergies, conditions, medicines"
      autosize
      minRows={3}
      maxRows={10}
      {...f.getInputProps('medicalInfo')}
    />
  );
}

/**
 * The child's sex, optional (inside a StudentFormProvider): the growth scores need it. Half a row on
 * wide screens, like the fields above it. Not shown for a pregnant mother's record.
 */
export function SexField() {
  const f = useStudentFormContext();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
      <NativeSelect
        label="Sex"
        description="Optional; needed for the growth scores"
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        data={SEX_OPTIONS}
        {...f.getInputProps('sex')}
      />
    </SimpleGrid>
  );
}

import { SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { formAge } from '../student-form.ts';
import { Section } from './StudentBits.tsx';

type ParentValues = {
  parentName: string;
  parentPhone: string;
  parentEmail: string;
  address: string;
};

/** The 'Parent Information' section both student forms share. */
export function ParentInformationSection<V extends ParentValues>({ form }: { form: UseFormReturnType<V> }) {
  const f = form as unknown as UseFormReturnType<ParentValues>;
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

/** The medical information box of the 'Additional Information' section. */
export function MedicalInfoField<V extends { medicalInfo: string }>({
  form,
}: {
  form: UseFormReturnType<V>;
}) {
  const f = form as unknown as UseFormReturnType<{ medicalInfo: string }>;
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

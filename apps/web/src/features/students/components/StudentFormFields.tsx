import type { StudentCategory } from '@csp/contracts';
import { NativeSelect, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import type { ComponentProps } from 'react';
import { DateField } from '../../../components/DateField.tsx';
import { CATEGORY_OPTIONS, formAge, SEX_OPTIONS } from '../student-form.ts';
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

const PAIR = { cols: { base: 1, xs: 2 }, spacing: 'md', verticalSpacing: 'md' } as const;

/**
 * Student ID and Category side by side (inside a StudentFormProvider). `onCategoryChange`: the edit
 * form's own answer to a new category (it clears the pregnancy fields).
 */
export function StudentIdAndCategory({
  idPlaceholder,
  onCategoryChange,
}: {
  idPlaceholder?: string;
  onCategoryChange?: (category: StudentCategory | '') => void;
}) {
  const f = useStudentFormContext();
  return (
    <SimpleGrid {...PAIR}>
      <TextInput
        label="Student ID"
        placeholder={idPlaceholder}
        withAsterisk
        autoComplete="off"
        {...f.getInputProps('studentId')}
      />
      <NativeSelect
        label="Category"
        withAsterisk
        data={CATEGORY_OPTIONS}
        {...f.getInputProps('category')}
        {...(onCategoryChange && {
          onChange: (e) => onCategoryChange(e.currentTarget.value as StudentCategory | ''),
        })}
      />
    </SimpleGrid>
  );
}

/** The first and last names side by side; a pregnant mother's and a baby's are named so. */
export function NameFields({ first = 'First name', last = 'Last name' }: { first?: string; last?: string }) {
  const f = useStudentFormContext();
  return (
    <SimpleGrid {...PAIR}>
      <TextInput label={first} withAsterisk autoComplete="off" {...f.getInputProps('firstName')} />
      <TextInput label={last} withAsterisk autoComplete="off" {...f.getInputProps('lastName')} />
    </SimpleGrid>
  );
}

/** The date of birth and the age worked out from it; `field`: the date's limits and description. */
export function BirthFields({
  today,
  ...field
}: { today: string } & Pick<
  ComponentProps<typeof DateField>,
  'excludeDate' | 'description' | 'inputWrapperOrder'
>) {
  const f = useStudentFormContext();
  const dateOfBirth = f.getInputProps('dateOfBirth');
  const value = f.getValues().dateOfBirth;
  return (
    <SimpleGrid {...PAIR}>
      <DateField
        label="Date of birth"
        withAsterisk
        {...field}
        value={value}
        onChange={(v) => f.setFieldValue('dateOfBirth', v)}
        error={dateOfBirth.error}
        onFocus={dateOfBirth.onFocus}
        onBlur={dateOfBirth.onBlur}
      />
      <AgeField dateOfBirth={value} today={today} />
    </SimpleGrid>
  );
}

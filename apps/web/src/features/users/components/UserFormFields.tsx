import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useUserFormContext } from '../user-form-context.ts';

const ROLE_OPTIONS = [
  { value: '', label: 'Select a role', disabled: true },
  { value: 'ADMIN', label: 'Admin' },
  { value: 'TEACHER', label: 'Teacher' },
];

/** The fields both user forms share (inside a UserFormProvider). */
export function UserFormFields({
  roleLocked,
}: {
  /** The signed-in admin's own role cannot be changed (the server refuses it). */
  roleLocked?: boolean;
}) {
  const form = useUserFormContext();
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
        <TextInput
          label="First name"
          autoComplete="off"
          withAsterisk
          key={form.key('firstName')}
          {...form.getInputProps('firstName')}
        />
        <TextInput
          label="Last name"
          autoComplete="off"
          withAsterisk
          key={form.key('lastName')}
          {...form.getInputProps('lastName')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
        <TextInput
          label="Email"
          type="email"
          autoComplete="off"
          withAsterisk
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <TextInput
          label="Phone"
          type="tel"
          autoComplete="off"
          key={form.key('phone')}
          {...form.getInputProps('phone')}
        />
      </SimpleGrid>
      <NativeSelect
        label="Role"
        data={ROLE_OPTIONS}
        withAsterisk
        disabled={roleLocked}
        description={roleLocked ? 'You cannot change your own role.' : undefined}
        key={form.key('role')}
        {...form.getInputProps('role')}
      />
    </>
  );
}

import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * A new password's box (registration, reset, change): the server's minimum in its description; 'New
 * password' unless `label` says otherwise.
 */
export function NewPasswordInput({ minLength, ...props }: { minLength: number } & PasswordInputProps) {
  return (
    <PasswordInput
      label="New password"
      description={`At least ${minLength} characters`}
      autoComplete="new-password"
      withAsterisk
      {...props}
    />
  );
}

import {
  COMMON_PASSWORD_MESSAGE,
  changePasswordFormSchema,
  newPasswordTooShortMessage,
  passwordTooShortMessage,
  registerBodySchema,
} from '@csp/contracts';
import { describe, expect, it } from 'vitest';
import { httpError } from './api-error.testing.ts';
import { schemaResolver } from './forms.ts';
import { passwordRefusal, withPasswordMinimum } from './password-rules.ts';

const registration = {
  firstName: 'Tharu',
  lastName: 'Perera',
  email: 'tharu@example.org',
  phone: '',
  role: 'TEACHER',
  password: '',
};

describe('the server minimum on top of a form schema', () => {
  const validate = (min: number) =>
    withPasswordMinimum(schemaResolver(registerBodySchema), 'password', () => min, passwordTooShortMessage);

  it('keeps the spec messages, and adds the longer minimum the server is set to', () => {
    expect(validate(10)({ ...registration, password: '' }).password).toBe('Password is required');
    expect(validate(10)({ ...registration, password: '12345' }).password).toBe(
      'Password must be at least 6 characters',
    );
    expect(validate(10)({ ...registration, password: 'abcdefghi' }).password).toBe(
      'Password must be at least 10 characters',
    );
    expect(validate(10)({ ...registration, password: 'abcdefghij' }).password).toBeUndefined();
    expect(validate(6)({ ...registration, password: 'abcdef' }).password).toBeUndefined();
  });

  it('reads the minimum at each validation', () => {
    let min = 6;
    const check = withPasswordMinimum(
      schemaResolver(changePasswordFormSchema),
      'newPassword',
      () => min,
      newPasswordTooShortMessage,
    );
    const values = { currentPassword: 'old-one', newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' };
    expect(check(values).newPassword).toBeUndefined();
    min = 12;
    expect(check(values).newPassword).toBe('New password must be at least 12 characters long');
  });
});

describe("the server's refusal of a new password", () => {
  it('is recognised for the common list and any minimum, and nothing else', () => {
    expect(passwordRefusal(httpError(400, { message: COMMON_PASSWORD_MESSAGE }))).toBe(
      COMMON_PASSWORD_MESSAGE,
    );
    for (const message of [passwordTooShortMessage(12), newPasswordTooShortMessage(8)]) {
      expect(passwordRefusal(httpError(400, { message }))).toBe(message);
    }
    expect(passwordRefusal(httpError(400, { message: 'Invalid or expired OTP' }))).toBeUndefined();
    expect(passwordRefusal(new Error('offline'))).toBeUndefined();
  });
});

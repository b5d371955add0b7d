import { isPasswordRuleMessage } from '@csp/contracts';
import type { FormErrors } from '@mantine/form';
import { serverMessage } from './api.ts';

/**
 * A form's validation with the server's minimum password length (PASSWORD_MIN_LENGTH) on top: the
 * contracts' schema checks the spec's minimum of 6 with the spec's messages; a longer minimum the server
 * is set to gets the same sentence with its number. `minimum()` is read at each validation, as the
 * server's answer may come after the form was made.
 */
export function withPasswordMinimum<T extends Record<string, unknown>>(
  validate: (values: T) => FormErrors,
  field: keyof T & string,
  minimum: () => number,
  tooShort: (min: number) => string,
): (values: T) => FormErrors {
  return (values) => {
    const errors = validate(values);
    const password = values[field];
    const min = minimum();
    if (!errors[field] && typeof password === 'string' && password.length > 0 && password.length < min) {
      errors[field] = tooShort(min);
    }
    return errors;
  };
}

/**
 * The server's refusal of a new password (too short for its minimum, or on its common-password list),
 * to show at the password field; undefined for any other failure.
 */
export function passwordRefusal(error: unknown): string | undefined {
  const message = serverMessage(error);
  return isPasswordRuleMessage(message) ? message : undefined;
}

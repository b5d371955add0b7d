import type { Role } from '@csp/contracts';
import { createFormContext } from '@mantine/form';

/**
 * The values of both user forms (one shape: the create form leaves isActive as it is, the edit form has
 * no password field), so the shared fields can use one form context. A type, not an interface: the
 * zod resolver takes values as a record.
 */
export type UserFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  role: Role | '';
  /** Create form only. */
  password: string;
  /** Edit form only ('Active User'). */
  isActive: boolean;
};

/**
 * The form context of the user create and edit forms: a page makes its form with useUserForm and wraps
 * it in UserFormProvider; UserFormFields reads it with useUserFormContext — typed, without casts.
 */
export const [UserFormProvider, useUserFormContext, useUserForm] = createFormContext<UserFormValues>();

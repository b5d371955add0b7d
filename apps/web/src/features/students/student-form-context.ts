import { createFormContext } from '@mantine/form';
import type { StudentFormValues } from './student-form.ts';

/**
 * The form context of the student create and edit forms: a page makes its form with useStudentForm
 * and wraps it in StudentFormProvider; the shared sections (parent information, home location, medical
 * information) read it with useStudentFormContext — typed, without passing the form or casting it.
 */
export const [StudentFormProvider, useStudentFormContext, useStudentForm] =
  createFormContext<StudentFormValues>();

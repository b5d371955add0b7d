import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { z } from 'zod';

/**
 * Mantine form validation from a contracts zod schema. The first failing check of a field wins, so an
 * empty field shows its "is required" message rather than a later pattern or length message.
 */
export function schemaResolver(schema: Parameters<typeof zod4Resolver>[0]) {
  return zod4Resolver(schema, { errorPriority: 'first' });
}

/** A form's errors: the first message of each field that fails. */
export type FormErrors = Record<string, string>;

/**
 * The contract's checks of what the form would send (`body`): the first message per field. A form
 * whose values are not the body's shape validates the body it builds from them, so the rule is the
 * contract's and is written once.
 */
export function contractErrors(schema: z.ZodType, body: unknown): FormErrors {
  const errors: FormErrors = {};
  for (const issue of schema.safeParse(body).error?.issues ?? []) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/**
 * A rule only the form has (the contract cannot know today's date in the programme's zone): `message`
 * for `field` when `broken`, unless the contract already refused that field.
 */
export function withFormRule(
  errors: FormErrors,
  field: string,
  broken: boolean,
  message: string,
): FormErrors {
  if (broken && !errors[field]) errors[field] = message;
  return errors;
}

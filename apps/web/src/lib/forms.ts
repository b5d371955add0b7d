import { zod4Resolver } from 'mantine-form-zod-resolver';

/**
 * Mantine form validation from a contracts zod schema. The first failing check of a field wins, so an
 * empty field shows its "is required" message rather than a later pattern or length message.
 */
export function schemaResolver(schema: Parameters<typeof zod4Resolver>[0]) {
  return zod4Resolver(schema, { errorPriority: 'first' });
}

import { z } from 'zod';
import {
  EMAIL_PATTERN,
  isPlainText,
  LIMITS,
  notAllowedCharacters,
  ROLES,
  STUDENT_CATEGORIES,
} from './constants.ts';

// The plain values (constants.ts, no zod) are part of this module's exports as before.
export {
  EMAIL_PATTERN,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENT_REPLAY_HEADER,
  isPlainText,
  isUuid,
  LIMITS,
  LOOSE_EMAIL_PATTERN,
  notAllowedCharacters,
  OFFLINE_RECORDS,
  PUBLIC_PAGE_PATHS,
  RECORDED_AT_MESSAGES,
  RENEWED_TOKEN_HEADER,
  ROLES,
  STORAGE_KEYS,
  STUDENT_CATEGORIES,
} from './constants.ts';

/** A role a user can hold (ROLES). */
export const roleSchema = z.enum(ROLES, { message: 'Role is required' });
export type Role = z.infer<typeof roleSchema>;

export const studentCategorySchema = z.enum(STUDENT_CATEGORIES);
export type StudentCategory = z.infer<typeof studentCategorySchema>;

/**
 * The answer (409) to an edit made over an older version of the record: someone else saved it after the
 * editor read it (decision 0027). The web app tells it apart by this text.
 */
export const STALE_EDIT_MESSAGE =
  'This record was changed by someone else after you opened it. Open it again to see their changes, then make yours.';

/**
 * `updatedAt` in an edit's body: the record's `updatedAt` as the editor read it, so an edit made over an
 * older version answers 409 (STALE_EDIT_MESSAGE) instead of undoing what was saved since. Optional: without
 * it the last write wins, as the spec's client expects.
 */
export const editedVersionField = z.iso
  .datetime({ offset: true, message: 'updatedAt must be the record’s updatedAt as it was read (ISO 8601)' })
  .optional()
  .describe('The record’s updatedAt as read: the edit answers 409 if the record has changed since');

/** Error body of every failed API call. */
export const errorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
});
export type ApiError = z.infer<typeof errorSchema>;

export const messageSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageSchema>;

export const idParamSchema = z.object({ id: z.uuid({ message: 'id must be a valid identifier' }) });

/** A required, trimmed, single-line text field with the spec's message when empty. */
export const requiredText = (message: string, max: number = LIMITS.nameMaxLength) => {
  const label = message.replace(/ is required$/, '');
  return z
    .string({ message })
    .trim()
    .min(1, { message })
    .max(max, { message: `${label} must be at most ${max} characters` })
    .refine((v) => isPlainText(v), { message: notAllowedCharacters(label) });
};

/** An optional free-text field: trimmed, at most `max` characters, null or absent when not given. */
export const optionalText = (label: string, max = 500, opts: { multiLine?: boolean } = {}) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters` })
    .refine((v) => isPlainText(v, opts.multiLine), { message: notAllowedCharacters(label) })
    .nullable()
    .optional();

/** The `search` query parameter of lists: trimmed, at most 100 characters, plain text. */
export const searchQueryField = z
  .string()
  .trim()
  .max(100, { message: 'search must be at most 100 characters' })
  .refine((v) => isPlainText(v), { message: notAllowedCharacters('search') })
  .optional();

export const optionalPhone = z
  .string({ message: 'Phone must be text' })
  .trim()
  .max(LIMITS.phoneMaxLength, { message: `Phone must be at most ${LIMITS.phoneMaxLength} characters` })
  .regex(/^[0-9+()\-\s]*$/, { message: 'Phone may contain only digits, spaces and + ( ) -' })
  .optional()
  .nullable();

export const isoDateTime = z.string();

/**
 * A required, pattern-checked email, trimmed and lower-cased (registration, reset and user forms).
 * Lives here rather than in auth.ts so users.ts can use it without an import cycle (auth.ts imports
 * users.ts for userSchema).
 */
export const emailAddressField = (invalid: string) =>
  z
    .string({ message: 'Email is required' })
    .trim()
    .min(1, { message: 'Email is required' })
    .max(LIMITS.emailMaxLength, { message: 'Email is too long' })
    .regex(EMAIL_PATTERN, { message: invalid })
    .transform((v) => v.toLowerCase());

/** A required password of LIMITS.minPasswordLength..maxPasswordLength characters. */
export const passwordField = (required: string, tooShort: string) =>
  z
    .string({ message: required })
    .min(1, { message: required })
    .min(LIMITS.minPasswordLength, { message: tooShort })
    .max(LIMITS.maxPasswordLength, {
      message: `Password must be at most ${LIMITS.maxPasswordLength} characters`,
    });

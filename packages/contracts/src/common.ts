import { z } from 'zod';

/** Roles a user can hold. */
export const ROLES = ['ADMIN', 'TEACHER'] as const;
export const roleSchema = z.enum(ROLES, { message: 'Role is required' });
export type Role = z.infer<typeof roleSchema>;

export const STUDENT_CATEGORIES = ['CENTER_BASE', 'HOME_BASE', 'SURVIVAL_PROGRAM'] as const;
export const studentCategorySchema = z.enum(STUDENT_CATEGORIES);
export type StudentCategory = z.infer<typeof studentCategorySchema>;

/** Business constants from the specification (part 1 §9, part 2 §9). */
export const LIMITS = {
  maxStudentsPerTeacher: 25,
  minPasswordLength: 6,
  maxPasswordLength: 128,
  otpLength: 6,
  apiTimeoutMs: 30_000,
  notificationsPollMs: 30_000,
  notificationsStaleMs: 10_000,
  searchDebounceMs: 300,
  profilePictureMaxBytes: 5 * 1024 * 1024,
  nameMaxLength: 100,
  emailMaxLength: 254,
  phoneMaxLength: 30,
} as const;

export const STORAGE_KEYS = { token: 'token', user: 'user' } as const;

/**
 * Response header carrying a renewed session token (same session, later expiry): sent when the
 * request's token is past half its life. The web app stores it in place of the one it sent.
 */
export const RENEWED_TOKEN_HEADER = 'x-session-token';

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

/** "non-space text, an at sign, then non-space text" (login form). */
export const LOOSE_EMAIL_PATTERN = /^\S+@\S+$/;
/** The pattern used by registration, reset and user forms. */
export const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i;

// eslint-disable-next-line no-control-regex -- the point: NUL and the other C0 controls, and DEL
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex -- as above, but tab, line feed and carriage return pass
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Half of a UTF-16 surrogate pair without its other half: not a character at all. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True when text holds only characters PostgreSQL and a person can handle: no NUL (PostgreSQL refuses
 * the byte), no other control characters, no broken UTF-16. Multi-line text may hold tabs and line breaks.
 * Every free-text input of the contracts goes through this, so every route refuses such text with a
 * 400 naming the field.
 */
export function isPlainText(text: string, multiLine = false): boolean {
  return !(multiLine ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(text) && !LONE_SURROGATE.test(text);
}

export const notAllowedCharacters = (label: string) => `${label} contains characters that are not allowed`;

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

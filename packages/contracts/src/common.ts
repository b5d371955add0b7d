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

/** A required, trimmed text field with the spec's message when empty. */
export const requiredText = (message: string, max: number = LIMITS.nameMaxLength) =>
  z
    .string({ message })
    .trim()
    .min(1, { message })
    .max(max, { message: `${message.replace(/ is required$/, '')} must be at most ${max} characters` });

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

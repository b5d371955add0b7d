import { z } from 'zod';
import {
  emailAddressField,
  isPlainText,
  LIMITS,
  LOOSE_EMAIL_PATTERN,
  messageSchema,
  optionalPhone,
  passwordField,
  requiredText,
  roleSchema,
} from './common.ts';
import { userSchema } from './users.ts';

export const registrationEmail = emailAddressField('Invalid email address');

// ── password rules ──────────────────────────────────────────────────────────────────────────────────

/**
 * The too-short messages of new passwords: the spec's sentences for its minimum of 6, the same sentence
 * with the number when the server is set to a longer minimum (PASSWORD_MIN_LENGTH).
 */
export const passwordTooShortMessage = (min: number) => `Password must be at least ${min} characters`;
export const newPasswordTooShortMessage = (min: number) =>
  `New password must be at least ${min} characters long`;

/** A new password on the common-password list (the server checks it; the list is not sent to browsers). */
export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose another one.';

/** True for the server's refusal of a new password (too short for its minimum, or too common). */
export function isPasswordRuleMessage(message: string | undefined): boolean {
  if (!message) return false;
  return (
    message === COMMON_PASSWORD_MESSAGE ||
    /^(Password must be at least \d+ characters|New password must be at least \d+ characters long)$/.test(
      message,
    )
  );
}

export const newAccountPassword = passwordField(
  'Password is required',
  passwordTooShortMessage(LIMITS.minPasswordLength),
);

// ── account messages shared by the server and the web app ───────────────────────────────────────────

export const AUTH_MESSAGES = {
  /** Sign-in with the right password to an account that has never been activated since it registered. */
  awaitingApproval: 'Your account is waiting for approval by an administrator.',
  /** A teacher's self-registration when TEACHER_REGISTRATION=closed. */
  teacherRegistrationClosed:
    'Teacher accounts are created by an administrator. Please ask your administrator for an account.',
  /** The first administrator's registration without the setup token (FIRST_ADMIN_SETUP=token). */
  setupTokenRequired:
    'A setup token is required to register the first administrator. It is printed in the server log when the server starts.',
  setupTokenWrong: 'The setup token is not correct. Copy it from the server log and try again.',
  /** The first administrator's registration from another email than FIRST_ADMIN_EMAIL. */
  firstAdminEmailOnly:
    'The first administrator must register with the email address the server was set up for.',
} as const;

/** How teachers may register (TEACHER_REGISTRATION). */
export const TEACHER_REGISTRATION_MODES = ['open', 'approval', 'closed'] as const;
export type TeacherRegistrationMode = (typeof TEACHER_REGISTRATION_MODES)[number];

// GET /api/auth/policy (public): what the registration and password forms need to know.
export const authPolicySchema = z.object({
  teacherRegistration: z.enum(TEACHER_REGISTRATION_MODES),
  /** The shortest new password the server accepts. */
  passwordMinLength: z.number().int(),
  /** The next ADMIN registration must carry the setup token (FIRST_ADMIN_SETUP=token, no admin yet). */
  setupTokenRequired: z.boolean(),
});
export type AuthPolicy = z.infer<typeof authPolicySchema>;

const otpField = (wrongLength: string) =>
  z
    .string({ message: 'OTP is required' })
    .trim()
    .min(1, { message: 'OTP is required' })
    .regex(/^\d{6}$/, { message: wrongLength });

// POST /api/auth/login
export const loginBodySchema = z.strictObject({
  email: z
    .string({ message: 'Email is required' })
    .trim()
    .min(1, { message: 'Email is required' })
    .max(LIMITS.emailMaxLength, { message: 'Email is too long' })
    .regex(LOOSE_EMAIL_PATTERN, { message: 'Please enter a valid email address' })
    .refine((v) => isPlainText(v), { message: 'Please enter a valid email address' })
    .transform((v) => v.toLowerCase()),
  password: passwordField('Password is required', 'Password must be at least 6 characters'),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const loginResponseSchema = z.object({ access_token: z.string(), user: userSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

// POST /api/auth/register
export const registerBodySchema = z.strictObject({
  firstName: requiredText('First name is required'),
  lastName: requiredText('Last name is required'),
  email: registrationEmail,
  phone: optionalPhone,
  role: roleSchema,
  password: newAccountPassword,
  /**
   * The first administrator's setup token (printed by the server at start), when the server asks for
   * one (FIRST_ADMIN_SETUP=token); ignored otherwise.
   */
  setupToken: z
    .string({ message: 'Setup token must be text' })
    .trim()
    .max(LIMITS.maxPasswordLength, { message: AUTH_MESSAGES.setupTokenWrong })
    .optional(),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

/** Opaque pending-registration handle: the server keeps the data, the client only returns this. */
export const tempDataSchema = z.strictObject(
  { registrationId: z.uuid({ message: 'Registration data is invalid. Please register again.' }) },
  { message: 'Registration data is missing. Please register again.' },
);
export type TempData = z.infer<typeof tempDataSchema>;

export const registerResponseSchema = z.object({
  message: z.string(),
  data: z.object({ tempData: tempDataSchema }),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

// POST /api/auth/verify-otp
export const verifyOtpBodySchema = z.strictObject({
  email: registrationEmail,
  otp: otpField('OTP must be 6 digits'),
  tempData: tempDataSchema,
});
export type VerifyOtpBody = z.input<typeof verifyOtpBodySchema>;

export const verifyOtpResponseSchema = z.object({ message: z.string(), user: userSchema });
export type VerifyOtpResponse = z.infer<typeof verifyOtpResponseSchema>;

// POST /api/auth/forgot-password
export const forgotPasswordBodySchema = z.strictObject({ email: registrationEmail });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;
/** The same answer whether or not the email has an account. */
export const forgotPasswordResponseSchema = messageSchema;

// POST /api/auth/reset-password
export const resetPasswordBodySchema = z.strictObject({
  email: registrationEmail,
  otp: otpField('OTP must be exactly 6 digits'),
  newPassword: passwordField('New password is required', passwordTooShortMessage(LIMITS.minPasswordLength)),
});
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;
export const resetPasswordResponseSchema = messageSchema;

/** The web form adds a confirmation field to the reset call. */
export const resetPasswordFormSchema = z
  .object({
    otp: otpField('OTP must be exactly 6 digits'),
    newPassword: passwordField('New password is required', passwordTooShortMessage(LIMITS.minPasswordLength)),
    confirmPassword: z.string().min(1, { message: 'Please confirm your password' }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

// GET /api/auth/profile
export const profileResponseSchema = userSchema;

// PATCH /api/auth/profile (answers the updated user)
export const updateProfileBodySchema = z.strictObject({
  firstName: requiredText('First name is required').optional(),
  lastName: requiredText('Last name is required').optional(),
  phone: optionalPhone,
  /** Only `null` is accepted: it removes the picture. Pictures are set through the upload call. */
  profilePicture: z
    .null({ message: 'profilePicture can only be cleared here; upload a picture instead' })
    .optional(),
});
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;

// PATCH /api/auth/change-password
export const changePasswordBodySchema = z.strictObject({
  currentPassword: z
    .string({ message: 'Current password is required' })
    .min(1, { message: 'Current password is required' })
    .max(LIMITS.maxPasswordLength, { message: 'Current password is incorrect' }),
  newPassword: passwordField(
    'New password is required',
    newPasswordTooShortMessage(LIMITS.minPasswordLength),
  ),
});
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;
/** Every older token dies with the change; the caller's session continues with access_token. */
export const changePasswordResponseSchema = z.object({ message: z.string(), access_token: z.string() });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, { message: 'Current password is required' }),
    newPassword: z.string().min(LIMITS.minPasswordLength, {
      message: newPasswordTooShortMessage(LIMITS.minPasswordLength),
    }),
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'New passwords do not match',
    path: ['confirmPassword'],
  });

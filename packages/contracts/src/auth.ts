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

export const newAccountPassword = passwordField(
  'Password is required',
  'Password must be at least 6 characters',
);

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
  newPassword: passwordField('New password is required', 'Password must be at least 6 characters'),
});
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;
export const resetPasswordResponseSchema = messageSchema;

/** The web form adds a confirmation field to the reset call. */
export const resetPasswordFormSchema = z
  .object({
    otp: otpField('OTP must be exactly 6 digits'),
    newPassword: passwordField('New password is required', 'Password must be at least 6 characters'),
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
  newPassword: passwordField('New password is required', 'New password must be at least 6 characters long'),
});
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;
/** Every older token dies with the change; the caller's session continues with access_token. */
export const changePasswordResponseSchema = z.object({ message: z.string(), access_token: z.string() });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, { message: 'Current password is required' }),
    newPassword: z.string().min(LIMITS.minPasswordLength, {
      message: 'New password must be at least 6 characters long',
    }),
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'New passwords do not match',
    path: ['confirmPassword'],
  });

import type { MailMessage } from '../../lib/mailer.ts';
import { CODE_TTL_MINUTES } from './auth.codes.ts';

const PRODUCT = 'Child Support Programme';

/** The code that completes a registration (POST /auth/register → /auth/verify-otp). */
export function registrationCodeMail(to: string, firstName: string, code: string): MailMessage {
  return {
    to,
    subject: `Your ${PRODUCT} registration code`,
    text: [
      `Hello ${firstName},`,
      '',
      `Your code to finish creating your ${PRODUCT} account is:`,
      '',
      `    ${code}`,
      '',
      `Enter it on the Verify OTP screen. It expires in ${CODE_TTL_MINUTES} minutes and can be used only once.`,
      '',
      'If you did not try to create an account, you can ignore this email.',
      '',
    ].join('\n'),
  };
}

/** The code that allows a password reset (POST /auth/forgot-password → /auth/reset-password). */
export function passwordResetCodeMail(to: string, firstName: string, code: string): MailMessage {
  return {
    to,
    subject: `Your ${PRODUCT} password reset code`,
    text: [
      `Hello ${firstName},`,
      '',
      `Your code to reset your ${PRODUCT} password is:`,
      '',
      `    ${code}`,
      '',
      `Enter it on the Reset Password screen together with your new password. It expires in ${CODE_TTL_MINUTES} minutes and can be used only once.`,
      '',
      'If you did not ask to reset your password, you can ignore this email: your password stays as it is.',
      '',
    ].join('\n'),
  };
}

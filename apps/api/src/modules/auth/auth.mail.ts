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

/**
 * Sent instead of a code when someone registers with an email that already has an account: the answer
 * to the registration looks the same, and only the owner learns of the attempt.
 */
export function registrationAttemptMail(to: string, firstName: string): MailMessage {
  return {
    to,
    subject: `Someone tried to register with your ${PRODUCT} email`,
    text: [
      `Hello ${firstName},`,
      '',
      `Someone (perhaps you) just tried to create a new ${PRODUCT} account with this email address. You already have an account, so no new one was created.`,
      '',
      "If it was you, sign in with your existing account, or use 'Forgot password?' on the sign-in page if you don't remember your password.",
      '',
      'If it was not you, you can ignore this email: nothing has changed on your account.',
      '',
    ].join('\n'),
  };
}

/**
 * Sent instead of a new code when someone registers with an email whose earlier registration (with
 * another password) is still waiting for its code: that registration is kept, and the answer looks the
 * same as for a new one.
 */
export function registrationPendingMail(to: string, minutesLeft: number): MailMessage {
  const within = minutesLeft === 1 ? '1 minute' : `${minutesLeft} minutes`;
  return {
    to,
    subject: `Your ${PRODUCT} registration is already waiting for its code`,
    text: [
      'Hello,',
      '',
      `Someone (perhaps you) just tried to register again with this email address, while an earlier ${PRODUCT} registration for it is still waiting for its code. Nothing was changed, and no new code was sent.`,
      '',
      'If you started the earlier registration, enter the code from its email on the Verify OTP screen of that registration, or register again with the same password to get a new code.',
      '',
      `Otherwise, wait until the earlier registration expires, within ${within}, and register again. If you did not try to create an account, you can ignore this email.`,
      '',
    ].join('\n'),
  };
}

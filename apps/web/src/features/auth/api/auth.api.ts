import type {
  ForgotPasswordBody,
  LoginBody,
  LoginResponse,
  MessageResponse,
  RegisterBody,
  RegisterResponse,
  ResetPasswordBody,
  VerifyOtpBody,
} from '@csp/contracts';
import { api } from '../../../lib/api.ts';

/** The auth calls of spec part 1 §7 (paths under /api). */
export const authApi = {
  login: (body: LoginBody) => api.post<LoginResponse>('/auth/login', body).then((r) => r.data),
  /** Ends the session on the server; a short timeout so signing out never hangs on a bad connection. */
  logout: () => api.post<MessageResponse>('/auth/logout', undefined, { timeout: 5000 }).then((r) => r.data),
  register: (body: RegisterBody) => api.post<RegisterResponse>('/auth/register', body).then((r) => r.data),
  verifyOtp: (body: VerifyOtpBody) => api.post<MessageResponse>('/auth/verify-otp', body).then((r) => r.data),
  /** Sends a reset code; also used for "Resend OTP". */
  forgotPassword: (body: ForgotPasswordBody) =>
    api.post<MessageResponse>('/auth/forgot-password', body).then((r) => r.data),
  resetPassword: (body: ResetPasswordBody) =>
    api.post<MessageResponse>('/auth/reset-password', body).then((r) => r.data),
};

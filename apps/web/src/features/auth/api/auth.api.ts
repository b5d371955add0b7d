import type {
  ForgotPasswordBody,
  LoginBody,
  LoginResponse,
  MessageResponse,
  RegisterBody,
  RegisterResponse,
  ResetPasswordBody,
  User,
  VerifyOtpBody,
} from '@csp/contracts';
import { api } from '../../../lib/api.ts';

/** Query keys of the auth feature. */
export const authKeys = {
  all: ['auth'] as const,
  /** The signed-in user (GET /api/auth/profile): the one source of the user the web app shows. */
  me: () => [...authKeys.all, 'me'] as const,
};

/** The auth calls of spec part 1 §7 (paths under /api). */
export const authApi = {
  /** GET /api/auth/profile: the signed-in user as the server has them now (fresh signed picture URL). */
  me: () => api.get<User>('/auth/profile').then((r) => r.data),
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

import type {
  AuthPolicy,
  ForgotPasswordBody,
  LoginBody,
  LoginResponse,
  MessageResponse,
  RegisterBody,
  RegisterResponse,
  ResetPasswordBody,
  User,
  VerifyOtpBody,
  VerifyOtpResponse,
} from '@csp/contracts';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { api } from '../../../lib/api.ts';

/** Query keys of the auth feature. */
export const authKeys = {
  all: ['auth'] as const,
  /** The signed-in user (GET /api/auth/profile): the one source of the user the web app shows. */
  me: () => [...authKeys.all, 'me'] as const,
  /** GET /api/auth/policy: how the server's registration and password rules are set. */
  policy: () => [...authKeys.all, 'policy'] as const,
};

/** The auth calls of spec part 1 §7 (paths under /api). */
export const authApi = {
  /** GET /api/auth/profile: the signed-in user as the server has them now (fresh signed picture URL). */
  me: () => api.get<User>('/auth/profile').then((r) => r.data),
  login: (body: LoginBody) => api.post<LoginResponse>('/auth/login', body).then((r) => r.data),
  /** Ends the session on the server; a short timeout so signing out never hangs on a bad connection. */
  logout: () => api.post<MessageResponse>('/auth/logout', undefined, { timeout: 5000 }).then((r) => r.data),
  register: (body: RegisterBody) => api.post<RegisterResponse>('/auth/register', body).then((r) => r.data),
  verifyOtp: (body: VerifyOtpBody) =>
    api.post<VerifyOtpResponse>('/auth/verify-otp', body).then((r) => r.data),
  /** Sends a reset code; also used for "Resend OTP". */
  forgotPassword: (body: ForgotPasswordBody) =>
    api.post<MessageResponse>('/auth/forgot-password', body).then((r) => r.data),
  resetPassword: (body: ResetPasswordBody) =>
    api.post<MessageResponse>('/auth/reset-password', body).then((r) => r.data),
  /** Public: TEACHER_REGISTRATION, PASSWORD_MIN_LENGTH and whether a setup token is asked for. */
  policy: () => api.get<AuthPolicy>('/auth/policy').then((r) => r.data),
};

/** What the forms assume until the server has answered (or when it cannot be reached): the spec's flow. */
export const SPEC_POLICY: AuthPolicy = {
  teacherRegistration: 'open',
  passwordMinLength: 6,
  setupTokenRequired: false,
};

/**
 * The server's registration and password rules, for the forms that set a password. Read again each time
 * such a form opens (whether a setup token is asked for ends with the first administrator); the spec's
 * flow meanwhile. The server checks every rule itself, whatever the form knew.
 */
export function useAuthPolicy(): AuthPolicy {
  const { data } = useQuery({
    queryKey: authKeys.policy(),
    queryFn: authApi.policy,
    staleTime: 0,
    meta: { silent: true },
  });
  return data ?? SPEC_POLICY;
}

/**
 * The policy, and a reader of its latest value for a form's validation: the validation is made once,
 * and the server's answer may come after it.
 */
export function useLatestAuthPolicy(): { policy: AuthPolicy; latest: () => AuthPolicy } {
  const policy = useAuthPolicy();
  const ref = useRef(policy);
  ref.current = policy;
  return { policy, latest: () => ref.current };
}

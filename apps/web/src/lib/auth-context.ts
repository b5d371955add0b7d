import type { LoginBody, User } from '@csp/contracts';
import { createContext, useContext } from 'react';

export type AuthStatus = 'signed-in' | 'signed-out';

export interface AuthContextValue {
  status: AuthStatus;
  /**
   * The signed-in user: the data of the authKeys.me() query (GET /api/auth/profile), the one source of
   * the user. The stored session user (localStorage 'user') is a copy written from it.
   */
  user: User | null;
  /** Clears any old session, signs in, stores token and user. Navigation is up to the caller. */
  login: (credentials: LoginBody) => Promise<User>;
  /** Ends the session on the server, clears it here and opens /login. */
  logout: () => Promise<void>;
  /** Puts a changed user (or some of their fields) into the one source; every view of them follows. */
  updateUser: (fields: Partial<User>) => void;
  /** Replaces the stored bearer token (PATCH /auth/change-password answers a new access_token). */
  setToken: (token: string) => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** The signed-in user; only for components under the protected layout. */
export function useCurrentUser(): User {
  const { user } = useAuth();
  if (!user) throw new Error('useCurrentUser needs a signed-in user');
  return user;
}

/** Messages of the login form for a failed sign-in (spec part 1 §8 "Login"). */
export function loginErrorText(serverMessage: string | undefined): string {
  const m = (serverMessage ?? '').toLowerCase();
  if (
    ['invalid credentials', 'unauthorized', 'user not found', 'invalid password'].some((s) => m.includes(s))
  ) {
    return 'Wrong email or password. Please try again.';
  }
  if (m.includes('account disabled') || m.includes('blocked')) {
    return 'Account disabled. Contact administrator.';
  }
  // Beyond the spec: an account that registered and waits for an administrator's approval is told so
  // in the server's words.
  if (m.includes('waiting for approval')) return serverMessage!.trim();
  return 'Login failed. Check your details.';
}

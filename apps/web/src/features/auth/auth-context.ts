import type { LoginBody, User } from '@csp/contracts';
import { createContext, useContext } from 'react';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export interface AuthContextValue {
  status: AuthStatus;
  user: User | null;
  /** Clears any old session, signs in, stores token and user. Navigation is up to the caller. */
  login: (credentials: LoginBody) => Promise<User>;
  /** Clears the stored session and does a full navigation to /login. */
  /** Ends the session on the server, clears it here and opens /login. */
  logout: () => Promise<void>;
  /** Merges the given fields into the current user and stores it again. */
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
  return 'Login failed. Check your details.';
}

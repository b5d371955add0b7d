import type { LoginBody, User } from '@csp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { CenteredLoader } from '../../../components/CenteredLoader.tsx';
import { clearSession, readSession, saveSession, saveToken, saveUser } from '../../../lib/session.ts';
import { authApi } from '../api/auth.api.ts';
import { AuthContext, type AuthContextValue, type AuthStatus } from '../auth-context.ts';

/**
 * Auth state (spec part 1 §4): loading, then signed-in or signed-out. The stored session is restored on
 * start behind a centred spinner.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<AuthStatus>('loading');
  const [user, setUser] = useState<User | null>(null);

  useEffect(() => {
    const session = readSession();
    setUser(session?.user ?? null);
    setStatus(session ? 'signed-in' : 'signed-out');
  }, []);

  const login = useCallback(
    async (credentials: LoginBody) => {
      clearSession();
      queryClient.clear();
      const { access_token, user: signedIn } = await authApi.login(credentials);
      saveSession(access_token, signedIn);
      setUser(signedIn);
      setStatus('signed-in');
      return signedIn;
    },
    [queryClient],
  );

  /**
   * Sign out (spec part 1 §4): the server ends the session first, so the token is dead even if a copy
   * of it survives somewhere; when the server cannot be reached the local session is cleared anyway.
   */
  const logout = useCallback(async () => {
    await authApi.logout().catch(() => undefined);
    clearSession();
    queryClient.clear();
    window.location.assign('/login');
  }, [queryClient]);

  const updateUser = useCallback((fields: Partial<User>) => {
    setUser((current) => {
      if (!current) return current;
      const next = { ...current, ...fields };
      saveUser(next);
      return next;
    });
  }, []);

  const setToken = useCallback((token: string) => saveToken(token), []);

  const value = useMemo<AuthContextValue>(
    () => ({ status, user, login, logout, updateUser, setToken }),
    [status, user, login, logout, updateUser, setToken],
  );

  if (status === 'loading') return <CenteredLoader label="Loading your session" />;
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

import type { LoginBody, User } from '@csp/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  clearSession,
  endSession,
  readSession,
  saveSession,
  saveToken,
  saveUser,
} from '../../../lib/session.ts';
import { authApi, authKeys } from '../api/auth.api.ts';
import { AuthContext, type AuthContextValue } from '../../../lib/auth-context.ts';

/** How long the signed-in user counts as fresh; any change made here is written in at once anyway. */
const ME_STALE_MS = 60_000;

/**
 * Auth state (spec part 1 §4). The signed-in user has one source, the authKeys.me() query
 * (GET /api/auth/profile): it starts from the user stored with the session, so a reload shows the
 * shell at once, and is refreshed from the server straight away (signed picture links expire). Every
 * change of the user — profile, picture, one's own user record — is written into that query; the
 * stored session user (localStorage 'user', spec part 1 §3) is a copy that follows it.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // The session's token as it was signed in with (renewals keep the same session): whether, and as
  // whom, someone is signed in. A new sign-in always changes it.
  const [sessionToken, setSessionToken] = useState(() => readSession()?.token ?? null);

  const me = useQuery({
    queryKey: authKeys.me(),
    queryFn: authApi.me,
    enabled: sessionToken !== null,
    initialData: () => readSession()?.user,
    // The stored user is as old as the session: refresh it at once.
    initialDataUpdatedAt: 0,
    staleTime: ME_STALE_MS,
    meta: { silent: true },
  });
  const user = sessionToken ? (me.data ?? null) : null;

  // The stored copy follows the one source.
  useEffect(() => {
    if (user) saveUser(user);
  }, [user]);

  const login = useCallback(
    async (credentials: LoginBody) => {
      // Not clearSession: the tab's unfinished work may be this person's, whose session had ended
      // (saveSession removes it when someone else signs in).
      endSession();
      queryClient.clear();
      const { access_token, user: signedIn } = await authApi.login(credentials);
      saveSession(access_token, signedIn);
      queryClient.setQueryData(authKeys.me(), signedIn);
      setSessionToken(access_token);
      return signedIn;
    },
    [queryClient],
  );

  /**
   * Sign out (spec part 1 §4): the server ends the session first, so the token is dead even if a copy
   * of it survives somewhere; when the server cannot be reached the local session is cleared anyway.
   * The user menu warns first when records wait in the outbox.
   */
  const logout = useCallback(async () => {
    const signedIn = readSession()?.user?.id;
    await authApi.logout().catch(() => undefined);
    // Nothing of the person's records stays on the phone: their offline copy and their outbox go too
    // (sent or not).
    if (signedIn) {
      const [copy, outbox] = await Promise.all([
        import('../../../lib/offline-copy.ts'),
        import('../../../lib/outbox-sender.ts'),
      ]);
      await Promise.all([copy.deleteOfflineCopy(signedIn), outbox.deleteStoreOf(signedIn)]);
    }
    clearSession();
    queryClient.clear();
    window.location.assign('/login');
  }, [queryClient]);

  const updateUser = useCallback(
    (fields: Partial<User>) =>
      queryClient.setQueryData<User>(authKeys.me(), (current) => current && { ...current, ...fields }),
    [queryClient],
  );

  const setToken = useCallback((token: string) => saveToken(token), []);

  const value = useMemo<AuthContextValue>(
    () => ({ status: user ? 'signed-in' : 'signed-out', user, login, logout, updateUser, setToken }),
    [user, login, logout, updateUser, setToken],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

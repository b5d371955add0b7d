import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../../../lib/auth-context.ts';

/** Where a visitor was going when sent to /login (kept in the location state). */
export interface LoginRedirectState {
  from?: { pathname: string; search?: string; hash?: string };
}

/** Protected routes: no signed-in user → /login, remembering the page they came from. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const location = useLocation();
  if (!user) {
    const state: LoginRedirectState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to="/login" replace state={state} />;
  }
  return <>{children}</>;
}

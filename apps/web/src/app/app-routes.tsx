import { Center, Loader } from '@mantine/core';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { RequireAuth } from '../features/auth/components/RequireAuth.tsx';
import { LoginPage } from '../features/auth/pages/LoginPage.tsx';
import { RouteError } from './RouteError.tsx';
import { protectedRoutes } from './routes.tsx';
import { ShellSkeleton } from './ShellSkeleton.tsx';

/**
 * Shown while the chunks of a public page load on the first visit (the signed-in pages show their frame,
 * ShellSkeleton; later navigations keep the current page on screen until the next one is in).
 */
function FirstPageLoading() {
  return (
    <Center h="100dvh" role="status" aria-label="Loading">
      <Loader size="sm" />
    </Center>
  );
}

/**
 * Public pages, then the protected layout at '/' ('/' → /dashboard, unknown paths → /dashboard).
 * /login comes with the entry (the first page of a visit without a session); every other page, and
 * the protected layout (top bar, sidebar, search), is a lazy route whose chunk loads on the first
 * visit, in parallel with the page's own. The browser's router is router.tsx; the build renders /login
 * and the signed-in pages' frame (at /dashboard, before any lazy route has loaded: ShellSkeleton) with
 * these routes in a memory router (src/prerender.tsx).
 */
export const appRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage />, ErrorBoundary: RouteError },
  {
    path: '/register',
    HydrateFallback: FirstPageLoading,
    ErrorBoundary: RouteError,
    lazy: () =>
      import('../features/auth/pages/RegisterPage.tsx').then((m) => ({ Component: m.RegisterPage })),
  },
  {
    path: '/forgot-password',
    HydrateFallback: FirstPageLoading,
    ErrorBoundary: RouteError,
    lazy: () =>
      import('../features/auth/pages/ForgotPasswordPage.tsx').then((m) => ({
        Component: m.ForgotPasswordPage,
      })),
  },
  {
    path: '/',
    element: (
      <RequireAuth>
        <Outlet />
      </RequireAuth>
    ),
    HydrateFallback: ShellSkeleton,
    // The layout's own chunk failing leaves no layout: the message takes the whole screen.
    ErrorBoundary: RouteError,
    children: [
      {
        lazy: () => import('./shell/AppLayout.tsx').then((m) => ({ Component: m.AppLayout })),
        children: [
          { index: true, element: <Navigate to="/dashboard" replace /> },
          // A page that fails shows the message in its place, inside the layout.
          ...protectedRoutes.map((route) => ({ ...route, ErrorBoundary: RouteError })),
          { path: '*', element: <Navigate to="/dashboard" replace /> },
        ],
      },
    ],
  },
];

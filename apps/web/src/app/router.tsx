import { createBrowserRouter, Navigate } from 'react-router';
import { RequireAuth } from '../features/auth/components/RequireAuth.tsx';
import { ForgotPasswordPage } from '../features/auth/pages/ForgotPasswordPage.tsx';
import { LoginPage } from '../features/auth/pages/LoginPage.tsx';
import { RegisterPage } from '../features/auth/pages/RegisterPage.tsx';
import { protectedRoutes } from './routes.tsx';
import { AppLayout } from './shell/AppLayout.tsx';

/** Public pages, then the protected layout at '/' ('/' → /dashboard, unknown paths → /dashboard). */
export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  {
    path: '/',
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      ...protectedRoutes,
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
]);

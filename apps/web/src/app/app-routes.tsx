import { PUBLIC_PAGE_PATHS } from '@csp/contracts';
import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentType } from 'react';
import { matchPath, Navigate, Route, Routes, useLocation } from 'react-router';
import { RequireAuth } from '../features/auth/components/RequireAuth.tsx';
import { guardedPageLoad } from '../lib/chunk-reload.ts';
import { RouteBoundary } from './RouteError.tsx';
import { protectedRoutes } from './routes.tsx';
import { ShellSkeleton } from './ShellSkeleton.tsx';

/**
 * A lazy page, and the start of its load (the same load React starts when it first renders the page).
 * Once loaded, the page renders at once, without suspending: a page loaded before the first render
 * (the prerendered sign-in page, main.tsx) hydrates its markup as it is.
 */
function lazyPage(load: () => Promise<ComponentType>) {
  const guarded = guardedPageLoad(load);
  let loaded: ComponentType | undefined;
  const preload = () =>
    guarded().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(preload);
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return { Page, preload };
}

const login = lazyPage(() => import('../features/auth/pages/LoginPage.tsx').then((m) => m.LoginPage));
const layout = lazyPage(() => import('./shell/AppLayout.tsx').then((m) => m.AppLayout));
const register = lazyPage(() =>
  import('../features/auth/pages/RegisterPage.tsx').then((m) => m.RegisterPage),
);
const forgotPassword = lazyPage(() =>
  import('../features/auth/pages/ForgotPasswordPage.tsx').then((m) => m.ForgotPasswordPage),
);
/**
 * A page's load with the other pages' Mantine styles (mantine-styles.ts): each page but the dashboard,
 * whose components' styles come with the layout (mantine-styles-shell.ts), so a first visit to the
 * dashboard loads only those.
 */
const withPageStyles =
  (load: () => Promise<ComponentType>): (() => Promise<ComponentType>) =>
  () =>
    Promise.all([import('./mantine-styles.ts'), load()]).then(([, Page]) => Page);
const pages = protectedRoutes.map(({ path, load }) => ({
  path,
  ...lazyPage(path === 'dashboard' ? load : withPageStyles(load)),
}));

const isPublic = (pathname: string) => (PUBLIC_PAGE_PATHS as readonly string[]).includes(pathname);

/**
 * Starts loading the page at `pathname`: the sign-in page, or a page under the protected layout (with a
 * session) together with the layout's own load (which React starts only once it renders the layout, and
 * the page only once the layout is in), so a first visit to a signed-in page downloads both at once.
 * main.tsx calls it before the first render, and waits for the sign-in page, whose prerendered markup
 * it hydrates; the build's prerender waits for it too.
 */
export async function preloadPageAt(pathname: string, signedIn: boolean): Promise<void> {
  if (pathname === '/login') await login.preload();
  else if (signedIn && !isPublic(pathname)) {
    void layout.preload();
    void pages.find(({ path }) => matchPath(`/${path}`, pathname))?.preload();
  }
}

/**
 * What shows while the first page of a visit loads: the signed-in pages' frame (ShellSkeleton), or a
 * loader for a public page. Later navigations keep the current page on screen until the next one is in
 * (they are transitions, and this boundary is already shown).
 */
function FirstPageLoading() {
  const { pathname } = useLocation();
  if (!isPublic(pathname)) return <ShellSkeleton />;
  return (
    <Center h="100dvh" role="status" aria-label="Loading">
      <Loader size="sm" />
    </Center>
  );
}

/**
 * Public pages, then the protected layout at '/' ('/' → /dashboard, unknown paths → /dashboard).
 * Every page, and the protected layout (top bar, sidebar, search), is lazy: its chunk loads on the first
 * visit (the layout's in parallel with the page's own, preloadPageAt). The sign-in page's chunk comes
 * with /login's HTML (login.html preloads it), and no signed-in page loads it (signing out, or a session
 * that ends, opens /login anew). A page that fails shows RouteError in its place inside the layout; the
 * layout's own chunk failing, or a public page's, takes the whole screen. The build renders /login with
 * these routes in a memory router (src/prerender.tsx).
 */
export function AppRoutes() {
  return (
    <RouteBoundary>
      <Suspense fallback={<FirstPageLoading />}>
        <Routes>
          <Route path="/login" element={<login.Page />} />
          <Route path="/register" element={<register.Page />} />
          <Route path="/forgot-password" element={<forgotPassword.Page />} />
          <Route
            path="/"
            element={
              <RequireAuth>
                <layout.Page />
              </RequireAuth>
            }
          >
            <Route index element={<Navigate to="/dashboard" replace />} />
            {/* A page that fails shows the message in its place, inside the layout (the navigation stays). */}
            {pages.map(({ path, Page }) => (
              <Route
                key={path}
                path={path}
                element={
                  <RouteBoundary>
                    <Page />
                  </RouteBoundary>
                }
              />
            ))}
            <Route path="*" element={<Navigate to="/dashboard" replace />} />
          </Route>
        </Routes>
      </Suspense>
    </RouteBoundary>
  );
}

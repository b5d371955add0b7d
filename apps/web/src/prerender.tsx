/**
 * Build-time renders for the first paint before any script (vite.config.ts, prerenderLogin): the app as
 * main.tsx renders it, with a memory router and no session, to HTML strings (main.tsx hydrates the
 * sign-in page and replaces the frame).
 * /login goes into login.html, which the server sends for GET /login; the sign-in page does not depend
 * on the session, so a signed-in visitor's /login hydrates the same markup (and stays on /login, as
 * before). The signed-in pages' loading frame goes into index.html, which the server sends for every
 * other app path but the public pages'.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { App } from './app/App.tsx';
import { appRoutes } from './app/app-routes.tsx';
import { documentTitle } from './components/PageTitle.tsx';

/** An empty localStorage (no session) for the render, where Node has none. */
const emptyStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
  getItem: () => null,
  setItem: () => undefined,
  removeItem: () => undefined,
};

/** The app rendered to a string at `path` in a memory router, with an empty localStorage. */
function renderAt(path: string): string {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const hadStorage = 'localStorage' in globalThis;
  if (!hadStorage) Object.assign(globalThis, { localStorage: emptyStorage });
  try {
    return renderToString(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  } finally {
    router.dispose();
    if (!hadStorage) delete (globalThis as { localStorage?: unknown }).localStorage;
  }
}

/**
 * The sign-in page's markup, and its tab title: the one PageTitle sets when the page runs (its effect
 * does not run in a render to a string), from the page's h1.
 */
export function renderLogin(): { markup: string; title: string } {
  const markup = renderAt('/login');
  const h1 = /<h1[^>]*>([^<]+)<\/h1>/.exec(markup);
  if (!h1) throw new Error('the prerendered sign-in page has no h1');
  return { markup, title: documentTitle(h1[1]) };
}

/**
 * The signed-in pages' frame (ShellSkeleton), for index.html: what a signed-in path shows until React's
 * first commit replaces it (main.tsx: by the frame again, or by the page when its lazy routes are in by
 * then). Rendered at /dashboard; the frame is the same at every path under the protected layout.
 */
export function renderShell(): string {
  const markup = renderAt('/dashboard');
  if (!markup.includes('role="status"')) throw new Error('the prerendered frame is not the loading frame');
  return markup;
}

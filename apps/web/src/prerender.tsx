/**
 * Build-time render of /login for the first paint before any script (vite.config.ts, prerenderLogin):
 * the app as main.tsx renders it, with a memory router at /login and no session, to an HTML string that
 * the build writes into login.html, which the server sends for GET /login. main.tsx hydrates it.
 * The sign-in page does not depend on the session, so a signed-in visitor's /login hydrates the same
 * markup (and stays on /login, as before).
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

/**
 * The sign-in page's markup, and its tab title: the one PageTitle sets when the page runs (its effect
 * does not run in a render to a string), from the page's h1.
 */
export function renderLogin(): { markup: string; title: string } {
  const router = createMemoryRouter(appRoutes, { initialEntries: ['/login'] });
  const hadStorage = 'localStorage' in globalThis;
  if (!hadStorage) Object.assign(globalThis, { localStorage: emptyStorage });
  try {
    const markup = renderToString(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
    const h1 = /<h1[^>]*>([^<]+)<\/h1>/.exec(markup);
    if (!h1) throw new Error('the prerendered sign-in page has no h1');
    return { markup, title: documentTitle(h1[1]) };
  } finally {
    if (!hadStorage) delete (globalThis as { localStorage?: unknown }).localStorage;
  }
}

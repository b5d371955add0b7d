/**
 * Build-time renders for the first paint before any script (vite.config.ts, prerenderLogin), to HTML
 * strings, with no session: the app as main.tsx renders it at /login, in a memory router (main.tsx
 * hydrates it), and the signed-in pages' frame (main.tsx replaces it).
 * /login goes into login.html, which the server sends for GET /login; the sign-in page does not depend
 * on the session, so a signed-in visitor's /login hydrates the same markup (and stays on /login, as
 * before). The signed-in pages' loading frame goes into index.html, which the server sends for every
 * other app path but the public pages'.
 */
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { App } from './app/App.tsx';
import { preloadPageAt } from './app/app-routes.tsx';
import { AppProviders } from './app/providers.tsx';
import { ShellSkeleton } from './app/ShellSkeleton.tsx';
import { documentTitle } from './components/PageTitle.tsx';

/** An empty localStorage (no session) for the render, where Node has none. */
const emptyStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
  getItem: () => null,
  setItem: () => undefined,
  removeItem: () => undefined,
};

/** `render()` to a string, with an empty localStorage. */
function renderWithoutSession(render: () => ReactNode): string {
  const hadStorage = 'localStorage' in globalThis;
  if (!hadStorage) Object.assign(globalThis, { localStorage: emptyStorage });
  try {
    return renderToString(<StrictMode>{render()}</StrictMode>);
  } finally {
    if (!hadStorage) delete (globalThis as { localStorage?: unknown }).localStorage;
  }
}

/**
 * The sign-in page's markup, and its tab title: the one PageTitle sets when the page runs (its effect
 * does not run in a render to a string), from the page's h1. The page's code is loaded first, as
 * main.tsx does before it hydrates the markup.
 */
export async function renderLogin(): Promise<{ markup: string; title: string }> {
  await preloadPageAt('/login', false);
  const markup = renderWithoutSession(() => (
    <App router={({ children }) => <MemoryRouter initialEntries={['/login']}>{children}</MemoryRouter>} />
  ));
  const h1 = /<h1[^>]*>([^<]+)<\/h1>/.exec(markup);
  if (!h1) throw new Error('the prerendered sign-in page has no h1');
  return { markup, title: documentTitle(h1[1]) };
}

/**
 * The signed-in pages' frame (ShellSkeleton), for index.html: what a signed-in path shows until React's
 * first commit replaces it (main.tsx: by the frame again, or by the page when its lazy code is in by
 * then). It is what the app shows at any signed-in path until the layout and the page are in
 * (app-routes.tsx, FirstPageLoading), here with the providers it renders in.
 */
export function renderShell(): string {
  const markup = renderWithoutSession(() => (
    <AppProviders>
      <ShellSkeleton />
    </AppProviders>
  ));
  if (!markup.includes('role="status"')) throw new Error('the prerendered frame is not the loading frame');
  return markup;
}

import type { ReactNode } from 'react';
import { UpdateReadyNotice } from '../components/UpdateReadyNotice.tsx';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './app-routes.tsx';

/**
 * The app inside a router: the browser's (`BrowserRouter`) in main.tsx, a memory router at /login when
 * the build prerenders the sign-in page (src/prerender.tsx). Both render the same tree, so the browser
 * hydrates the prerendered markup. The new-release notice stands outside the pages, on every one.
 */
export function App({ router: Router }: { router: (props: { children: ReactNode }) => ReactNode }) {
  return (
    <AppProviders>
      <Router>
        <AppRoutes />
      </Router>
      <UpdateReadyNotice />
    </AppProviders>
  );
}

import type { ComponentProps } from 'react';
import { RouterProvider } from 'react-router';
import { AppProviders } from './providers.tsx';

/**
 * The app with its router: the browser's (router.tsx) in main.tsx, a memory router at /login when the
 * build prerenders the sign-in page (src/prerender.tsx). Both render the same tree, so the browser
 * hydrates the prerendered markup.
 */
export function App({ router }: { router: ComponentProps<typeof RouterProvider>['router'] }) {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

// Mantine styles of the first paint: core's global files first (in this order), then the components the
// entry renders — the sign-in page, its frame and the loading screen — in the order of
// @mantine/core/styles.css. The other components' files come with the protected layout
// (app/shell/mantine-styles.ts), the register page and the toasts, each after these.
// A component the sign-in page starts to use needs its file here (@mantine/core/styles/<Component>.css).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Title.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/App.tsx';
import { preloadPageAt } from './app/app-routes.tsx';
import { getToken } from './lib/session.ts';
import { installChunkReload } from './lib/chunk-reload.ts';
import { registerServiceWorker } from './lib/service-worker.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A lazy page whose chunk is gone after a release reloads the page once (lib/chunk-reload.ts).
installChunkReload();
// The first page's code: with a session, a signed-in page's and the layout's at once; the sign-in page's
// before React hydrates its prerendered markup (login.html preloads it), so the first render is that markup.
const firstPage = preloadPageAt(window.location.pathname, getToken() !== null);

const app = (
  <StrictMode>
    <App router={BrowserRouter} />
  </StrictMode>
);

// The first render as a transition: React renders it in slices of a few milliseconds, yielding to the
// browser between them, instead of in one long task (Lighthouse's Total Blocking Time). /login comes
// with the sign-in page already in #root (login.html, prerendered by the build: src/prerender.tsx),
// which React hydrates once the page's code is in, so the first render is that markup. A signed-in path
// comes with the pages' loading frame in #root (index.html, `data-frame`), which React replaces at its
// first commit: the layout and the page are lazy, and once their files are in (they are preloaded)
// React's first render may be the page, not the frame. Hydrating the frame failed then (React's error
// #418) and React rendered the whole page a second time, in one long task. Public pages start from an
// empty #root.
if (root.firstElementChild && !root.hasAttribute('data-frame')) {
  // (The load never fails: a page whose code cannot be loaded renders its error, lib/chunk-reload.ts.)
  void firstPage.then(() => startTransition(() => void hydrateRoot(root, app)));
} else startTransition(() => void createRoot(root).render(app));

// The offline app (decision 0036): its worker is registered once the first page is idle.
registerServiceWorker();

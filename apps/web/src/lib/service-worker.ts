import { markUpdateReady, setUpdateActivation } from './app-update.ts';
import { whenIdle } from './idle.ts';

/** How often an open app asks the server whether there is a new release: teachers keep it open for days. */
export const UPDATE_CHECK_MS = 60 * 60_000;

/**
 * Registers the service worker (src/sw.ts, decision 0036) once the first page is idle, so neither its
 * script nor its precaching competes with the first load. Not in development, where Vite serves the
 * modules itself. Only main.tsx calls this: the prerendered pages (src/prerender.tsx) have no worker.
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  whenIdle(() => {
    void import('workbox-window').then(async ({ Workbox }) => {
      const worker = new Workbox('/sw.js', { scope: '/' });
      // A new release installed and waits for this page's Reload.
      worker.addEventListener('waiting', markUpdateReady);
      setUpdateActivation(async () => {
        // Reloads once the waiting worker has taken over: whether the page had a worker when it
        // loaded or got its first one since, so not on workbox's own "is an update" signal.
        navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
          once: true,
        });
        worker.messageSkipWaiting();
      });
      // A browser that refuses the worker (storage off, a private window, a policy) keeps the app as it
      // is online: nothing to show, nothing to report.
      const registration = await worker.register().catch(() => undefined);
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update();
      }, UPDATE_CHECK_MS);
    });
  });
}

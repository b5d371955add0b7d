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
    void import('virtual:pwa-register').then(({ registerSW }) => {
      const update = registerSW({
        onNeedRefresh: markUpdateReady,
        onRegisteredSW(_url, registration) {
          if (!registration) return;
          setInterval(() => {
            if (navigator.onLine) void registration.update();
          }, UPDATE_CHECK_MS);
        },
      });
      setUpdateActivation(() => update(true));
    });
  });
}

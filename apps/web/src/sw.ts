/// <reference lib="webworker" />
/**
 * The service worker (decision 0036), built by vite-plugin-pwa's injectManifest from this file with
 * Workbox: it precaches the build (every chunk, style, font, icon and the three documents) at install,
 * so any page opens without a connection once the app was opened with one, and it answers navigations
 * from that cache. It caches no API answer: those hold private data about children, and the offline
 * copy of them belongs to the signed-in user's own store in IndexedDB.
 */
// The plain constants only: the worker has no use for the contracts' schemas (zod).
import { PUBLIC_PAGE_PATHS } from '@csp/contracts/constants';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { OUTBOX_SYNC_TAG, SEND_OUTBOX_MESSAGE } from './lib/outbox-constants.ts';

declare let self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// At the first install the tab that installed the worker is served by it at once (a later release
// waits instead: see below), so a teacher who lost the signal right after can still open other pages.
clientsClaim();

// The same document per path as the server sends (apps/api/src/app.ts): /login the prerendered sign-in
// page, the other public pages the one without the signed-in preloads, every other path the app's.
const publicPages = new Set<string>(PUBLIC_PAGE_PATHS.filter((p) => p !== '/login'));
const login = createHandlerBoundToURL('/login.html');
const publicDocument = createHandlerBoundToURL('/public.html');
const appDocument = createHandlerBoundToURL('/index.html');

registerRoute(
  new NavigationRoute(
    (options) => {
      const { pathname } = options.url;
      if (pathname === '/login') return login(options);
      return publicPages.has(pathname) ? publicDocument(options) : appDocument(options);
    },
    // The API's own paths (the OpenAPI pages among them) are never the app's.
    { denylist: [/^\/api(\/|$)/] },
  ),
);

// A new release waits until the person chooses "Reload" (lib/app-update.ts): the pages open now keep
// the release they were loaded with, and never mix two.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Background Sync (where the browser has it): the connection is back, so the open pages of the app are
// asked to send their outbox. The worker sends nothing itself: the records and the session belong to
// the signed-in page (lib/outbox-sender.ts), which also sends on its own 'online' event and at start.
self.addEventListener('sync', (event: Event) => {
  const sync = event as ExtendableEvent & { tag?: string };
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((pages) => {
      for (const page of pages) page.postMessage({ type: SEND_OUTBOX_MESSAGE });
    }),
  );
});

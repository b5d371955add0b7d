import type { RouteObject } from 'react-router';

/**
 * A page left open across a release (field workers keep the app open on their phones for days) still
 * asks for the previous build's hashed chunks, which the server no longer has: the next lazy page fails
 * to load. Such a failure reloads the page once, which brings the new build. A tab that reloaded for
 * this within the last CHUNK_RELOAD_WINDOW_MS does not reload again (the chunk is missing for another
 * reason: a lost connection, a broken release), so the error shows instead of a reload loop.
 */

/** sessionStorage key: when this tab last reloaded for a chunk that failed to load (ms since 1970). */
export const CHUNK_RELOAD_KEY = 'chunkReloadAt';

/** A chunk that fails again this soon after such a reload lets the error show. */
export const CHUNK_RELOAD_WINDOW_MS = 10_000;

/**
 * A script or style of the build that could not be loaded: a failed dynamic import (Chromium, Firefox,
 * Safari) or a style sheet Vite preloads with a chunk.
 */
const CHUNK_LOAD_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_LOAD_ERROR.test(error.message);
}

export interface ChunkReloadEnv {
  /** The tab's sessionStorage (reading it can throw where storage is disabled). */
  storage: () => Pick<Storage, 'getItem' | 'setItem'>;
  now: () => number;
  reload: () => void;
}

/**
 * Tells, for an error, whether the page reloads: true when a reload is under way (the caller waits for
 * it; a second failure while it starts, as Vite's event and the import's rejection both report one
 * chunk, reloads once), false when the error is the caller's to show: not a chunk that failed to load,
 * a reload for one within the window, or no storage to remember the reload in.
 */
export function chunkReloader(env: ChunkReloadEnv): (error: unknown) => boolean {
  let reloading = false;
  return (error) => {
    if (!isChunkLoadError(error)) return false;
    if (reloading) return true;
    try {
      const storage = env.storage();
      const now = env.now();
      if (now - Number(storage.getItem(CHUNK_RELOAD_KEY)) < CHUNK_RELOAD_WINDOW_MS) return false;
      storage.setItem(CHUNK_RELOAD_KEY, String(now));
    } catch {
      return false;
    }
    reloading = true;
    env.reload();
    return true;
  };
}

/**
 * A page in place of one whose code could not be loaded: it throws the load's error when shown, so the
 * route's error element shows it. (A `lazy` that rejects while the app first loads leaves its route
 * unloaded, and React Router then renders nothing at all: an empty screen.)
 */
function failedPage(error: unknown): { Component: () => never } {
  return {
    Component: () => {
      throw error;
    },
  };
}

/**
 * The routes with each `lazy` guarded: a chunk that fails to load and reloads the page keeps the current
 * page on screen until the reload (the load never settles); any other failure becomes a page that
 * throws it, for the route's error element to show.
 */
export function withChunkReload(routes: RouteObject[], reloads: (error: unknown) => boolean): RouteObject[] {
  return routes.map((route) => {
    const { lazy } = route;
    const guarded: RouteObject =
      typeof lazy === 'function'
        ? {
            ...route,
            lazy: () =>
              lazy().catch((error: unknown) =>
                reloads(error) ? new Promise<never>(() => {}) : failedPage(error),
              ),
          }
        : { ...route };
    if (guarded.children) guarded.children = withChunkReload(guarded.children, reloads);
    return guarded;
  });
}

/**
 * This tab's reloader, also listening to Vite's `vite:preloadError` (a chunk's import or preloaded style
 * that failed, lazy routes and lazy components alike). It goes to `destination()` when that gives an
 * address (the page a navigation waits to open), else reloads the current page.
 */
export function installChunkReload(destination: () => string | undefined): (error: unknown) => boolean {
  const reloads = chunkReloader({
    storage: () => window.sessionStorage,
    now: () => Date.now(),
    reload: () => {
      const to = destination();
      if (to) window.location.assign(to);
      else window.location.reload();
    },
  });
  window.addEventListener('vite:preloadError', (event) => void reloads(event.payload));
  return reloads;
}

import type { ComponentType } from 'react';

/**
 * A page left open across a release (field workers keep the app open on their phones for days) still
 * asks for the previous build's hashed chunks, which the server no longer has: the next lazy page fails
 * to load. Such a failure reloads the page once, which brings the new build. A reload only follows when
 * the server answers that the chunk is gone: a chunk that failed on a connection that is down (no answer)
 * shows its error in place, as a reload then would only swap the page for the browser's offline page.
 * A tab that reloaded for this within the last CHUNK_RELOAD_WINDOW_MS does not reload again (the chunk
 * is missing for another reason: a broken release), so the error shows instead of a reload loop.
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

/** The address of the file a chunk load error names (Chromium, Firefox, Vite's style preload; Safari names none). */
export function chunkAddressOf(error: Error): string | undefined {
  return /(?:https?:\/\/|\/)\S+\.(?:js|css)\b/.exec(error.message)?.[0];
}

export interface ChunkReloadEnv {
  /** The tab's sessionStorage (reading it can throw where storage is disabled). */
  storage: () => Pick<Storage, 'getItem' | 'setItem'>;
  now: () => number;
  reload: () => void;
  /**
   * Whether the server says the file is gone (a release replaced it); false when it has the file or
   * gives no answer. `undefined`: the error named no file; then whether the server answers at all.
   */
  chunkGone: (address: string | undefined) => Promise<boolean>;
}

/**
 * Asks the server for the file (a HEAD, past the browser's cache): gone when it answers 404 or 410.
 * Without a file named, the app's own address: gone when the server answers, as before a release's
 * files could be told apart (Safari).
 */
export async function askServerIfGone(address: string | undefined): Promise<boolean> {
  try {
    const response = await fetch(address ?? window.location.href, { method: 'HEAD', cache: 'no-store' });
    return address === undefined || response.status === 404 || response.status === 410;
  } catch {
    return false;
  }
}

/**
 * Tells, for an error, whether the page reloads: true when a reload is under way (the caller waits for
 * it; a second failure while the first is looked into or the reload starts, as Vite's event and the
 * import's rejection both report one chunk, shares the first's answer and reloads once), false when the
 * error is the caller's to show: not a chunk that failed to load, a reload for one within the window,
 * no storage to remember the reload in, or a chunk the server still has or did not answer for.
 */
export function chunkReloader(env: ChunkReloadEnv): (error: unknown) => Promise<boolean> {
  let answer: Promise<boolean> | undefined;
  const decide = async (error: Error): Promise<boolean> => {
    let storage: Pick<Storage, 'getItem' | 'setItem'>;
    try {
      storage = env.storage();
      if (env.now() - Number(storage.getItem(CHUNK_RELOAD_KEY)) < CHUNK_RELOAD_WINDOW_MS) return false;
    } catch {
      return false;
    }
    if (!(await env.chunkGone(chunkAddressOf(error)))) return false;
    try {
      storage.setItem(CHUNK_RELOAD_KEY, String(env.now()));
    } catch {
      return false;
    }
    env.reload();
    return true;
  };
  return (error) => {
    if (!isChunkLoadError(error)) return Promise.resolve(false);
    answer ??= decide(error as Error).then((reloading) => {
      if (!reloading) answer = undefined;
      return reloading;
    });
    return answer;
  };
}

/**
 * A page in place of one whose code could not be loaded: it throws the load's error when shown, so the
 * nearest error boundary (app/RouteError.tsx) shows it.
 */
function failedPage(error: unknown): () => never {
  return () => {
    throw error;
  };
}

/** This tab's reloader once installChunkReload has run (none in the build's prerender, or in tests). */
let installed: (error: unknown) => Promise<boolean> = () => Promise.resolve(false);

/**
 * A page's load for `React.lazy`, guarded: a chunk that fails to load and reloads the page keeps the
 * current page on screen until the reload (the load never settles, and the navigation is a transition);
 * any other failure becomes a page that throws it, for the error boundary to show. Loaded once: calling
 * it again (a preload, then React's own call) gives the same promise.
 */
export function guardedPageLoad(
  load: () => Promise<ComponentType>,
  reloads: (error: unknown) => Promise<boolean> = (error) => installed(error),
): () => Promise<{ default: ComponentType }> {
  let loading: Promise<{ default: ComponentType }> | undefined;
  return () =>
    (loading ??= load().then(
      (Page) => ({ default: Page }),
      async (error: unknown) =>
        (await reloads(error)) ? new Promise<never>(() => {}) : { default: failedPage(error) },
    ));
}

/**
 * Installs this tab's reloader (for guardedPageLoad) and listens to Vite's `vite:preloadError` (a
 * chunk's import or preloaded style that failed, lazy pages and lazy parts alike). A reload reloads the
 * address shown, which is the page being opened: the router changes the address when a navigation
 * starts, and keeps the current page on screen while the next one loads.
 */
export function installChunkReload(): (error: unknown) => Promise<boolean> {
  const reloads = chunkReloader({
    storage: () => window.sessionStorage,
    now: () => Date.now(),
    reload: () => window.location.reload(),
    chunkGone: askServerIfGone,
  });
  installed = reloads;
  window.addEventListener('vite:preloadError', (event) => void reloads(event.payload));
  return reloads;
}

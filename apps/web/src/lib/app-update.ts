/**
 * Whether a new release waits (decision 0036). A new service worker installs in the background and
 * waits; the app then says "A new version is ready", and its Reload hands over to the new worker and
 * reloads, so no page ever runs half of one release and half of another. (lib/chunk-reload.ts stays
 * the last resort for a page that is older than its worker.) lib/service-worker.ts registers the
 * worker and tells this module.
 */

type Listener = () => void;

let waiting = false;
let activate: (() => Promise<void>) | undefined;
const listeners = new Set<Listener>();

/** The "new version" state, for `useSyncExternalStore` (components/UpdateReadyNotice.tsx). */
export const appUpdate = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isReady: (): boolean => waiting,
  /** Lets the waiting worker take over; the page reloads once it has. */
  reload: (): Promise<void> => activate?.() ?? Promise.resolve(),
};

/** A new worker has installed and waits. */
export function markUpdateReady(): void {
  waiting = true;
  for (const listener of listeners) listener();
}

/** How Reload lets the waiting worker take over (the registration's own). */
export function setUpdateActivation(takeOver: () => Promise<void>): void {
  activate = takeOver;
}

import { useSyncExternalStore } from 'react';

/**
 * Whether the browser has a network connection, as it tells (`navigator.onLine` and its `online` and
 * `offline` events). "Online" only means a network is there, not that the server answers; a request
 * that gets no answer is still handled where it is made.
 */
function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useOnline(): boolean {
  // The prerendered pages are rendered as online.
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

import type { QueryClient } from '@tanstack/react-query';
import { keepOfflineCopy, stopOfflineCopy } from '../lib/offline-copy.ts';

/**
 * Starts the signed-in teacher's offline copy (lib/offline-copy.ts): what was saved comes back into the
 * pages, what they receive is saved, and while online the rest of the caseload is fetched
 * (app/caseload.ts, loaded from here so that the shell does not carry its list of chunks). Answers the
 * stop.
 */
export function startFieldCopy(client: QueryClient, userId: string): () => void {
  let stopped = false;
  const fetchCaseload = () =>
    void import('./caseload.ts')
      .then((m) => (stopped ? undefined : m.fetchCaseload(client, userId)))
      .catch(() => {});
  void keepOfflineCopy(client, userId).then(() => {
    if (stopped) return;
    if (navigator.onLine) fetchCaseload();
    else window.addEventListener('online', fetchCaseload, { once: true });
  });
  return () => {
    stopped = true;
    window.removeEventListener('online', fetchCaseload);
    stopOfflineCopy();
  };
}

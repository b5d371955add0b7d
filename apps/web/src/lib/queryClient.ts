import { MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { errorStatus, getErrorMessage } from './api.ts';
import { installFileLinkRefresh } from './file-link-refresh.ts';
import { toastError } from './notify.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Do not show the generic error toast when this query fails (background polls, refreshes). */
      silent?: boolean;
      /** Default text of the error toast when the response has no message. */
      errorMessage?: string;
    };
    mutationMeta: {
      /** Show an error toast with the server message, else this text, when the mutation fails. */
      errorMessage?: string;
    };
  }
}

/**
 * Queries retry once and do not refetch when the window regains focus (spec part 1 §7). A failed query
 * shows an error toast with the response's message (spec part 1 §8 "Generic"), except after a 401,
 * which ends the session instead (lib/api.ts).
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (query.meta?.silent || errorStatus(error) === 401) return;
      toastError(getErrorMessage(error, query.meta?.errorMessage));
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      const fallback = mutation.meta?.errorMessage;
      if (fallback === undefined || errorStatus(error) === 401) return;
      toastError(getErrorMessage(error, fallback));
    },
  }),
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false },
    mutations: { retry: 0 },
  },
});

// An app opened with no connection (from the service worker) starts offline: its queries wait for the
// connection, or show the offline copy, instead of failing (TanStack assumes "online" until told).
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine !== false);

// Answers with pictures and documents are fetched again before their links expire.
installFileLinkRefresh(queryClient);

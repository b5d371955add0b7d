import { useQuery, type QueryKey } from '@tanstack/react-query';
import { errorStatus } from './api.ts';

/** 404 (missing, deleted or outside one's scope) and 400 (not a valid id): there is nothing to show. */
export function isRecordMissing(error: unknown): boolean {
  const status = errorStatus(error);
  return status === 404 || status === 400;
}

/**
 * One record for its page (components/RecordPage.tsx). Silent: the page shows 'not found' or the
 * failure itself; a missing or forbidden record is not asked for again, another failure once.
 */
export function useRecordQuery<T>(
  queryKey: QueryKey,
  fetch: () => Promise<T>,
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey,
    queryFn: fetch,
    retry: (failures, error) => failures < 1 && !isRecordMissing(error) && errorStatus(error) !== 403,
    meta: { silent: true },
    enabled: options.enabled,
  });
}

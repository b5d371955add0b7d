import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorStatus } from '../lib/api.ts';
import { isRecordMissing } from '../lib/record-query.ts';
import { PageLoader } from './PageLoader.tsx';
import { LoadFailurePage, NotFoundPage } from './PageStates.tsx';

export interface RecordPageProps<T> {
  /** The record (lib/record-query.ts `useRecordQuery`). */
  query: UseQueryResult<T>;
  /** The page's h1, kept on every state. */
  title: string;
  /** The spinner's name for assistive technology ('Loading gift'). */
  loadingLabel: string;
  /** A missing, deleted or out-of-scope record: the spec's sentence ('Gift not found.') and the way back. */
  notFound: { message: string; backTo: string; backLabel: string };
  /** Whether this reader may use the page for this record (an edit page: its owner only). */
  allowed?: (record: T) => boolean;
  /**
   * What the page shows instead when `allowed` says no or the server answers 403 (a <ForbiddenPage>, or
   * a redirect); without it a 403 reads as a load failure.
   */
  forbidden?: ReactNode;
  children: (record: T) => ReactNode;
}

/** Every page about one record: loading, not found, forbidden, a failed load with a retry, the record. */
export function RecordPage<T>({
  query,
  title,
  loadingLabel,
  notFound,
  allowed,
  forbidden,
  children,
}: RecordPageProps<T>) {
  if (query.isPending) return <PageLoader label={loadingLabel} />;
  if (query.isError) {
    if (isRecordMissing(query.error)) return <NotFoundPage title={title} {...notFound} />;
    if (forbidden !== undefined && errorStatus(query.error) === 403) return forbidden;
    return <LoadFailurePage title={title} error={query.error} onRetry={() => query.refetch()} />;
  }
  if (allowed && !allowed(query.data)) return forbidden;
  return children(query.data);
}

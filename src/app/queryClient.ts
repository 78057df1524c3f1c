import { QueryCache, QueryClient, type DefaultOptions, type QueryKey, type SetDataOptions } from '@tanstack/react-query';
import { isListRow, isRecordQueryKey, rememberListRows } from './recordCache';

/** A remount (tab switch, back to the list) within this window reuses the answer instead of refetching. */
export const STALE_TIME_MS = 30_000;

/** Retries after the first failure: a blip in the network or a restarting service, not more. */
export const MAX_RETRIES = 2;

const statusOf = (error: unknown): number | undefined => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
};

/**
 * Only failures that may pass are retried: no answer at all (status 0, or fetch's TypeError) and
 * 5xx. A 4xx is the server's final word (a missing record stays missing), and any other error is
 * a bug that a retry would only repeat.
 */
export const shouldRetry = (failureCount: number, error: unknown): boolean => {
  if (failureCount >= MAX_RETRIES) return false;
  const status = statusOf(error);
  if (status === undefined) return error instanceof TypeError;
  return status === 0 || status >= 500;
};

/**
 * The app's query client (tests pass `overrides`, e.g. no retries): answers stay fresh for STALE_TIME_MS, failures retry by shouldRetry,
 * and a list row is never filed as a record (./recordCache.ts): a detail, a tab or a form always
 * renders from the record's own answer, whatever a list has cached.
 */
export const createQueryClient = (overrides: DefaultOptions = {}) => {
  const queryClient = new QueryClient({
    queryCache: new QueryCache({ onSuccess: (data, query) => rememberListRows(query.queryKey, data) }),
    defaultOptions: {
      ...overrides,
      queries: { staleTime: STALE_TIME_MS, retry: shouldRetry, ...overrides.queries },
    },
  });
  // react-query types setQueryData by the key's tag; this guard sees every key, so it works on
  // the untyped shape and hands the typed method back.
  type UntypedSetQueryData = (queryKey: QueryKey, updater: unknown, options?: SetDataOptions) => unknown;
  const setQueryData: UntypedSetQueryData = queryClient.setQueryData.bind(queryClient);
  const setRecordSafely: UntypedSetQueryData = (queryKey, updater, options) => {
    if (!isRecordQueryKey(queryKey)) return setQueryData(queryKey, updater, options);
    // Returning undefined leaves the query as it was (react-query's rule for updaters).
    const guarded = (previous: unknown) => {
      const next = typeof updater === 'function' ? (updater as (old: unknown) => unknown)(previous) : updater;
      return isListRow(next) ? undefined : next;
    };
    return setQueryData(queryKey, guarded, options);
  };
  queryClient.setQueryData = setRecordSafely as QueryClient['setQueryData'];
  return queryClient;
};

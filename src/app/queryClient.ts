import { QueryClient } from '@tanstack/react-query';

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

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { staleTime: STALE_TIME_MS, retry: shouldRetry },
    },
  });

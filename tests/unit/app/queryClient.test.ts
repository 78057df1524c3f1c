import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { HttpError } from 'ra-core';
import { createQueryClient, MAX_RETRIES, shouldRetry, STALE_TIME_MS } from '../../../src/app/queryClient';

const httpError = (status: number) => new HttpError('failed', status, { messages: [], errors: {} });

describe('shouldRetry', () => {
  it('never retries a 4xx, whatever the attempt', () => {
    fc.assert(
      fc.property(fc.integer({ min: 400, max: 499 }), fc.nat({ max: 10 }), (status, failureCount) => !shouldRetry(failureCount, httpError(status))),
    );
  });

  it('retries a 5xx or a network failure at most twice', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 500, max: 599 }), fc.constant(0)), fc.nat({ max: 10 }), (status, failureCount) =>
        shouldRetry(failureCount, httpError(status)) === failureCount < MAX_RETRIES,
      ),
    );
    expect(MAX_RETRIES).toBe(2);
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(2, new TypeError('Failed to fetch'))).toBe(false);
  });

  it('does not retry an error that carries no status (a bug, not a blip)', () => {
    expect(shouldRetry(0, new Error('release descriptor lacks path or version'))).toBe(false);
    expect(shouldRetry(0, undefined)).toBe(false);
    expect(shouldRetry(0, { status: '500' })).toBe(false);
  });
});

describe('createQueryClient', () => {
  it('keeps answers fresh for 30 s and uses the retry policy', () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(STALE_TIME_MS).toBe(30_000);
    expect(queries?.staleTime).toBe(STALE_TIME_MS);
    expect(queries?.retry).toBe(shouldRetry);
  });
});

// Query defaults of the specification: stale at once, refetch on focus, 3 retries except for 4xx.
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { createQueryClient, shouldRetry } from './query-client.ts';

describe('query client', () => {
  it('retries server and network failures up to 3 times', () => {
    expect(shouldRetry(0, new ApiError('x', 500))).toBe(true);
    expect(shouldRetry(2, new ApiError('x', 0))).toBe(true);
    expect(shouldRetry(3, new ApiError('x', 503))).toBe(false);
    expect(shouldRetry(0, new Error('x'))).toBe(true);
  });

  it('never retries a 4xx', () => {
    for (const status of [400, 401, 403, 404, 429]) expect(shouldRetry(0, new ApiError('x', status))).toBe(false);
  });

  it('is stale immediately and refetches on window focus', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.staleTime).toBe(0);
    expect(defaults?.refetchOnWindowFocus).toBe(true);
    expect(defaults?.retry).toBe(shouldRetry);
  });
});

// TanStack Query defaults of the specification: stale at once, refetched on window focus, 3 retries (never for a 4xx).
import { QueryClient } from '@tanstack/react-query';
import { isClientError } from './api-client.ts';

export const MAX_QUERY_RETRIES = 3;

/** A 4xx will answer the same on every try (bad input, not found, signed out): retrying only delays the message. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return !isClientError(error) && failureCount < MAX_QUERY_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 0, refetchOnWindowFocus: true, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}

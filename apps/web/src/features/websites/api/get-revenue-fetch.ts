// GET /api/websites/:id/revenue-imports/fetch: the daily fetch of a website's ad-server report, and how the last went.
import type { RevenueFetchResponse } from '@foldline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { revenueImportsQueryKey } from './get-revenue-imports.ts';

export function getRevenueFetch(websiteId: string, signal?: AbortSignal): Promise<RevenueFetchResponse> {
  return api.get(`/websites/${encodeURIComponent(websiteId)}/revenue-imports/fetch`, undefined, signal);
}

/** Under the imports' key: a fetch imports, so the two are refetched together. */
export const revenueFetchQueryKey = (websiteId: string) => [...revenueImportsQueryKey(websiteId), 'fetch'] as const;

export function getRevenueFetchQueryOptions(websiteId: string) {
  return queryOptions({ queryKey: revenueFetchQueryKey(websiteId), queryFn: ({ signal }) => getRevenueFetch(websiteId, signal) });
}

export function useRevenueFetch(websiteId: string) {
  return useQuery(getRevenueFetchQueryOptions(websiteId));
}

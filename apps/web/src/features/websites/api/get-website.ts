// GET /api/websites/:id: one website with its pages.
import type { WebsiteWithPages } from '@foldline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function getWebsite(websiteId: string, signal?: AbortSignal): Promise<{ website: WebsiteWithPages }> {
  return api.get(`/websites/${encodeURIComponent(websiteId)}`, undefined, signal);
}

export const websiteQueryKey = (websiteId: string) => ['websites', websiteId] as const;

export function getWebsiteQueryOptions(websiteId: string) {
  return queryOptions({ queryKey: websiteQueryKey(websiteId), queryFn: ({ signal }) => getWebsite(websiteId, signal) });
}

export function useWebsite(websiteId: string) {
  return useQuery(getWebsiteQueryOptions(websiteId));
}

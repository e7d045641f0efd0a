// GET /api/websites: the signed-in user's websites.
import type { WebsiteListResponse } from '@foldline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function getWebsites(signal?: AbortSignal): Promise<WebsiteListResponse> {
  return api.get('/websites', undefined, signal);
}

export const websitesQueryKey = ['websites'] as const;

export function getWebsitesQueryOptions() {
  return queryOptions({ queryKey: websitesQueryKey, queryFn: ({ signal }) => getWebsites(signal) });
}

export function useWebsites() {
  return useQuery(getWebsitesQueryOptions());
}

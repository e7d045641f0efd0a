// GET /api/websites: the user's websites, for the Website filter and the Your Websites table of the dashboard home.
import type { WebsiteListResponse } from '@foldline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function getWebsites(signal?: AbortSignal): Promise<WebsiteListResponse> {
  return api.get('/websites', undefined, signal);
}

export function getWebsitesQueryOptions() {
  return queryOptions({ queryKey: ['websites'] as const, queryFn: ({ signal }) => getWebsites(signal) });
}

export function useWebsites() {
  return useQuery(getWebsitesQueryOptions());
}

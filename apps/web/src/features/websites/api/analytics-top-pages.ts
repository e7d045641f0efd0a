// GET /api/analytics/top-pages for one website: the overview's Top Performing Pages.
import type { Period, TopPagesResponse } from '@foldline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type GetWebsiteTopPagesParams = { period: Period; limit: number; websiteId?: string };

export function getWebsiteTopPages(params: GetWebsiteTopPagesParams, signal?: AbortSignal): Promise<TopPagesResponse> {
  return api.get('/analytics/top-pages', { ...params }, signal);
}

export function getWebsiteTopPagesQueryOptions(params: GetWebsiteTopPagesParams) {
  return queryOptions({ queryKey: ['analytics', 'top-pages', params] as const, queryFn: ({ signal }) => getWebsiteTopPages(params, signal) });
}

export function useWebsiteTopPages(params: GetWebsiteTopPagesParams) {
  return useQuery(getWebsiteTopPagesQueryOptions(params));
}

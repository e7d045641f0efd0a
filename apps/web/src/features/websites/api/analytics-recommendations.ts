// GET /api/analytics/recommendations for a website: the recommendations of all its pages, largest gain first, with
// the server's word on each page and device. The first call may take seconds (pages are rendered to find their
// content breaks); later ones are fast.
import type { RecommendationsResponse } from '@foldline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type GetWebsiteRecommendationsParams = { websiteId: string };

export function getWebsiteRecommendations(params: GetWebsiteRecommendationsParams, signal?: AbortSignal): Promise<RecommendationsResponse> {
  return api.get('/analytics/recommendations', { ...params }, signal);
}

export function getWebsiteRecommendationsQueryOptions(params: GetWebsiteRecommendationsParams) {
  return queryOptions({ queryKey: ['analytics', 'recommendations', params] as const, queryFn: ({ signal }) => getWebsiteRecommendations(params, signal) });
}

export function useWebsiteRecommendations(params: GetWebsiteRecommendationsParams) {
  return useQuery(getWebsiteRecommendationsQueryOptions(params));
}

// GET /api/analytics/recommendations for one page: moves, format changes and new placements on every device, with
// the server's word on each device's analysis (the last 30 days, whatever period the screen shows).
import type { RecommendationsResponse } from '@foldline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type GetPageRecommendationsParams = { pageId: string };

export function getPageRecommendations(params: GetPageRecommendationsParams, signal?: AbortSignal): Promise<RecommendationsResponse> {
  return api.get('/analytics/recommendations', { ...params }, signal);
}

export function getPageRecommendationsQueryOptions(params: GetPageRecommendationsParams) {
  return queryOptions({ queryKey: ['analytics', 'recommendations', params] as const, queryFn: ({ signal }) => getPageRecommendations(params, signal) });
}

export function usePageRecommendations(params: GetPageRecommendationsParams) {
  return useQuery(getPageRecommendationsQueryOptions(params));
}

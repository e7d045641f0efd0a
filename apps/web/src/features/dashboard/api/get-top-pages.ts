// GET /api/analytics/top-pages: the pages with the most sessions, for the dashboard home.
import type { Period, TopPagesResponse } from '@foldline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type GetTopPagesParams = { period: Period; limit: number; websiteId?: string };

export function getTopPages(params: GetTopPagesParams, signal?: AbortSignal): Promise<TopPagesResponse> {
  return api.get('/analytics/top-pages', { ...params }, signal);
}

export function getTopPagesQueryOptions(params: GetTopPagesParams) {
  return queryOptions({ queryKey: ['analytics', 'top-pages', params] as const, queryFn: ({ signal }) => getTopPages(params, signal) });
}

export function useTopPages(params: GetTopPagesParams) {
  return useQuery(getTopPagesQueryOptions(params));
}

// GET /api/analytics/ad-performance: the ad units of one page with viewability, CTR and impressions.
import type { AdPerformanceResponse, DeviceFilter, Period } from '@foldline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type GetAdPerformanceParams = { pageId: string; period: Period; deviceType: DeviceFilter };

export function getAdPerformance(params: GetAdPerformanceParams, signal?: AbortSignal): Promise<AdPerformanceResponse> {
  return api.get('/analytics/ad-performance', { ...params }, signal);
}

export function getAdPerformanceQueryOptions(params: GetAdPerformanceParams) {
  return queryOptions({ queryKey: ['analytics', 'ad-performance', params] as const, queryFn: ({ signal }) => getAdPerformance(params, signal) });
}

export function useAdPerformance(params: GetAdPerformanceParams) {
  return useQuery(getAdPerformanceQueryOptions(params));
}

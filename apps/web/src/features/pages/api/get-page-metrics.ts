// GET /api/analytics/page-metrics: total views, average time on page and scroll depth of one page.
import type { DeviceFilter, PageMetricsResponse, Period } from '@foldline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type GetPageMetricsParams = { pageId: string; period: Period; deviceType: DeviceFilter };

export function getPageMetrics(params: GetPageMetricsParams, signal?: AbortSignal): Promise<PageMetricsResponse> {
  return api.get('/analytics/page-metrics', { ...params }, signal);
}

export function getPageMetricsQueryOptions(params: GetPageMetricsParams) {
  return queryOptions({ queryKey: ['analytics', 'page-metrics', params] as const, queryFn: ({ signal }) => getPageMetrics(params, signal) });
}

export function usePageMetrics(params: GetPageMetricsParams) {
  return useQuery(getPageMetricsQueryOptions(params));
}

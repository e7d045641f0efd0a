// GET /api/analytics/page-metrics: total views, average time on page and scroll depth of one page, of every visitor or
// of a segment (a traffic source, a browser family: the heatmaps' segment, issue 26).
import type { DeviceFilter, PageMetricsResponse, Period, VisitorSegment } from '@foldline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type GetPageMetricsParams = VisitorSegment & { pageId: string; period: Period; deviceType: DeviceFilter };

export function getPageMetrics(params: GetPageMetricsParams, signal?: AbortSignal): Promise<PageMetricsResponse> {
  return api.get('/analytics/page-metrics', { ...params }, signal);
}

export function getPageMetricsQueryOptions(params: GetPageMetricsParams) {
  return queryOptions({ queryKey: ['analytics', 'page-metrics', params] as const, queryFn: ({ signal }) => getPageMetrics(params, signal) });
}

export function usePageMetrics(params: GetPageMetricsParams) {
  return useQuery(getPageMetricsQueryOptions(params));
}

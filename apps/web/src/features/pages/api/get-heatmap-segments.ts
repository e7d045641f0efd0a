// GET /api/analytics/heatmap-segments: the pageviews of each traffic source and browser family of one page on one
// device in the period, for the heatmap card's segment selectors.
import type { DeviceFilter, HeatmapPeriod, HeatmapSegmentsResponse } from '@foldline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type GetHeatmapSegmentsParams = { pageId: string; period: HeatmapPeriod; deviceType: DeviceFilter };

export function getHeatmapSegments(params: GetHeatmapSegmentsParams, signal?: AbortSignal): Promise<HeatmapSegmentsResponse> {
  return api.get('/analytics/heatmap-segments', { ...params }, signal);
}

export function getHeatmapSegmentsQueryOptions(params: GetHeatmapSegmentsParams) {
  return queryOptions({ queryKey: ['analytics', 'heatmap-segments', params] as const, queryFn: ({ signal }) => getHeatmapSegments(params, signal) });
}

export function useHeatmapSegments(params: GetHeatmapSegmentsParams) {
  return useQuery(getHeatmapSegmentsQueryOptions(params));
}

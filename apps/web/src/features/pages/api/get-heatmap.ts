// GET /api/analytics/heatmap/{type}: the click, scroll or engagement map of one page on one device — of every visitor
// or of a segment, for the period or the one before it.
import type { ClickFilter, DeviceFilter, HeatmapPeriod, HeatmapResponse, HeatmapSegment, HeatmapType, HeatmapWindow } from '@foldline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type GetHeatmapParams<T extends HeatmapType = HeatmapType> = HeatmapSegment & {
  type: T;
  pageId: string;
  period: HeatmapPeriod;
  deviceType: DeviceFilter;
  window?: HeatmapWindow;
  /** The click map only: its rage or dead clicks alone. */
  only?: ClickFilter;
};

export function getHeatmap<T extends HeatmapType>({ type, ...query }: GetHeatmapParams<T>, signal?: AbortSignal): Promise<HeatmapResponse<T>> {
  return api.get(`/analytics/heatmap/${encodeURIComponent(type)}`, { ...query }, signal);
}

export function getHeatmapQueryOptions<T extends HeatmapType>(params: GetHeatmapParams<T>) {
  return queryOptions({ queryKey: ['analytics', 'heatmap', params] as const, queryFn: ({ signal }) => getHeatmap(params, signal) });
}

export function useHeatmap<T extends HeatmapType>(params: GetHeatmapParams<T>) {
  return useQuery(getHeatmapQueryOptions(params));
}

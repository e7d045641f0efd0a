// GET /api/analytics/clicked-elements: the element list beside the click map of one page on one device.
import type { ClickedElementsResponse, DeviceFilter, HeatmapPeriod } from '@foldline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type GetClickedElementsParams = { pageId: string; period: HeatmapPeriod; deviceType: DeviceFilter };

export function getClickedElements(params: GetClickedElementsParams, signal?: AbortSignal): Promise<ClickedElementsResponse> {
  return api.get('/analytics/clicked-elements', { ...params }, signal);
}

export function getClickedElementsQueryOptions(params: GetClickedElementsParams) {
  return queryOptions({ queryKey: ['analytics', 'clicked-elements', params] as const, queryFn: ({ signal }) => getClickedElements(params, signal) });
}

/** Asked only where a click map is shown (`enabled`). */
export function useClickedElements(params: GetClickedElementsParams, enabled = true) {
  return useQuery({ ...getClickedElementsQueryOptions(params), enabled });
}

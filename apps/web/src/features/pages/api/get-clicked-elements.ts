// GET /api/analytics/clicked-elements: the element list beside the click map of one page on one device, of every
// visitor or of a segment, for the period or the one before it; of every click, or only dead or rage clicks (`only`).
import type { ClickedElementsResponse, ClickFilter, DeviceFilter, HeatmapPeriod, HeatmapSegment, HeatmapWindow } from '@foldline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type GetClickedElementsParams = HeatmapSegment & { pageId: string; period: HeatmapPeriod; deviceType: DeviceFilter; window?: HeatmapWindow; only?: ClickFilter };

/** The list with the query it answers, so that the list can ask the same narrowed to dead or rage clicks itself. */
export type ClickedElementsList = ClickedElementsResponse & { params: GetClickedElementsParams };

export function getClickedElements(params: GetClickedElementsParams, signal?: AbortSignal): Promise<ClickedElementsResponse> {
  return api.get('/analytics/clicked-elements', { ...params }, signal);
}

export function getClickedElementsQueryOptions(params: GetClickedElementsParams) {
  return queryOptions({ queryKey: ['analytics', 'clicked-elements', params] as const, queryFn: ({ signal }) => getClickedElements(params, signal) });
}

/** Asked only where a click map is shown (`enabled`). */
export function useClickedElements(params: GetClickedElementsParams, enabled = true) {
  return useQuery({ ...getClickedElementsQueryOptions(params), enabled, select: (data): ClickedElementsList => ({ ...data, params }) });
}

// GET /api/analytics/ad-units/figures: the time in view and layout shift of the units on the Ad Units tab's screen,
// asked once their rows have come (read from raw events: the table does not wait for them).
import type { AdUnitFiguresResponse, Period } from '@foldline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type GetAdUnitFiguresParams = { websiteId: string; period: Period; pageId?: string; adUnitIds: readonly string[] };

export function getAdUnitFigures({ adUnitIds, ...params }: GetAdUnitFiguresParams, signal?: AbortSignal): Promise<AdUnitFiguresResponse> {
  return api.get('/analytics/ad-units/figures', { ...params, adUnitIds: adUnitIds.join(',') }, signal);
}

export function getAdUnitFiguresQueryOptions(params: GetAdUnitFiguresParams) {
  return queryOptions({ queryKey: ['analytics', 'ad-unit-figures', params] as const, queryFn: ({ signal }) => getAdUnitFigures(params, signal) });
}

export function useAdUnitFigures(params: GetAdUnitFiguresParams) {
  return useQuery({ ...getAdUnitFiguresQueryOptions(params), enabled: params.adUnitIds.length > 0 });
}

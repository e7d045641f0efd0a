// GET /api/analytics/ad-units: a website's ad units with metrics and performance, filtered, sorted and paged on the
// server; PATCH /api/ad-units/:adUnitId: the name a publisher gives a unit.
import type { AdUnitSort, AdUnitsResponse, Period, RenameAdUnitResponse, SortOrder } from '@foldline/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type GetAdUnitsParams = {
  websiteId: string;
  period: Period;
  pageId?: string;
  format?: string;
  status: 'all' | 'active' | 'inactive';
  search?: string;
  sort: AdUnitSort;
  order: SortOrder;
  limit: number;
  offset: number;
};

export function getAdUnits(params: GetAdUnitsParams, signal?: AbortSignal): Promise<AdUnitsResponse> {
  return api.get('/analytics/ad-units', { ...params }, signal);
}

export function getAdUnitsQueryOptions(params: GetAdUnitsParams) {
  return queryOptions({ queryKey: ['analytics', 'ad-units', params] as const, queryFn: ({ signal }) => getAdUnits(params, signal) });
}

export function useAdUnits(params: GetAdUnitsParams) {
  // The page being left stays on screen (dimmed) until the next one arrives, so the pager does not jump.
  return useQuery({ ...getAdUnitsQueryOptions(params), placeholderData: keepPreviousData });
}

export function renameAdUnit(adUnitId: string, name: string | null): Promise<RenameAdUnitResponse> {
  return api.patch(`/ad-units/${encodeURIComponent(adUnitId)}`, { name });
}

export function useRenameAdUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ adUnitId, name }: { adUnitId: string; name: string | null }) => renameAdUnit(adUnitId, name),
    // The name shows in the ad units list, page analytics and the recommendations' texts.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['analytics'] }),
  });
}

// GET /api/analytics/ad-units: a website's ad units with metrics and performance, filtered and sorted on the server.
import type { AdUnitSort, AdUnitsResponse, Period, SortOrder } from '@foldline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type GetAdUnitsParams = { websiteId: string; period: Period; pageId?: string; format?: string; status: 'all' | 'active' | 'inactive'; search?: string; sort: AdUnitSort; order: SortOrder };

export function getAdUnits(params: GetAdUnitsParams, signal?: AbortSignal): Promise<AdUnitsResponse> {
  return api.get('/analytics/ad-units', { ...params }, signal);
}

export function getAdUnitsQueryOptions(params: GetAdUnitsParams) {
  return queryOptions({ queryKey: ['analytics', 'ad-units', params] as const, queryFn: ({ signal }) => getAdUnits(params, signal) });
}

export function useAdUnits(params: GetAdUnitsParams) {
  return useQuery(getAdUnitsQueryOptions(params));
}

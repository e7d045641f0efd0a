// GET /api/analytics/timeseries for one website: the overview chart, days in the website's timezone.
import type { Period, TimeseriesResponse } from '@foldline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type GetWebsiteTimeseriesParams = { period: Period; websiteId?: string };

export function getWebsiteTimeseries(params: GetWebsiteTimeseriesParams, signal?: AbortSignal): Promise<TimeseriesResponse> {
  return api.get('/analytics/timeseries', { ...params }, signal);
}

export function getWebsiteTimeseriesQueryOptions(params: GetWebsiteTimeseriesParams) {
  return queryOptions({ queryKey: ['analytics', 'timeseries', params] as const, queryFn: ({ signal }) => getWebsiteTimeseries(params, signal) });
}

export function useWebsiteTimeseries(params: GetWebsiteTimeseriesParams) {
  return useQuery(getWebsiteTimeseriesQueryOptions(params));
}

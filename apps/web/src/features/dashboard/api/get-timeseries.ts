// GET /api/analytics/timeseries: impressions and viewability over the period, for the dashboard chart.
import type { Period, TimeseriesResponse } from '@foldline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type GetTimeseriesParams = { period: Period; websiteId?: string };

export function getTimeseries(params: GetTimeseriesParams, signal?: AbortSignal): Promise<TimeseriesResponse> {
  return api.get('/analytics/timeseries', { ...params }, signal);
}

export function getTimeseriesQueryOptions(params: GetTimeseriesParams) {
  return queryOptions({ queryKey: ['analytics', 'timeseries', params] as const, queryFn: ({ signal }) => getTimeseries(params, signal) });
}

export function useTimeseries(params: GetTimeseriesParams) {
  return useQuery(getTimeseriesQueryOptions(params));
}

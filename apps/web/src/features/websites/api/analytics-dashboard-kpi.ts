// GET /api/analytics/dashboard-kpi for one website: the overview's ad KPIs, and revenue and RPM, with their change.
import type { DashboardKpiResponse, Period } from '@foldline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type GetWebsiteKpiParams = { period: Period; websiteId?: string };

export function getWebsiteKpi(params: GetWebsiteKpiParams, signal?: AbortSignal): Promise<DashboardKpiResponse> {
  return api.get('/analytics/dashboard-kpi', { ...params }, signal);
}

export function getWebsiteKpiQueryOptions(params: GetWebsiteKpiParams) {
  return queryOptions({ queryKey: ['analytics', 'dashboard-kpi', params] as const, queryFn: ({ signal }) => getWebsiteKpi(params, signal) });
}

export function useWebsiteKpi(params: GetWebsiteKpiParams) {
  return useQuery(getWebsiteKpiQueryOptions(params));
}

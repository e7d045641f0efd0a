// GET /api/analytics/dashboard-kpi: the four KPIs of the dashboard home, and revenue and RPM, with their change.
import type { DashboardKpiResponse, Period } from '@foldline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type GetDashboardKpiParams = { period: Period; websiteId?: string };

export function getDashboardKpi(params: GetDashboardKpiParams, signal?: AbortSignal): Promise<DashboardKpiResponse> {
  return api.get('/analytics/dashboard-kpi', { ...params }, signal);
}

export function getDashboardKpiQueryOptions(params: GetDashboardKpiParams) {
  return queryOptions({ queryKey: ['analytics', 'dashboard-kpi', params] as const, queryFn: ({ signal }) => getDashboardKpi(params, signal) });
}

export function useDashboardKpi(params: GetDashboardKpiParams) {
  return useQuery(getDashboardKpiQueryOptions(params));
}

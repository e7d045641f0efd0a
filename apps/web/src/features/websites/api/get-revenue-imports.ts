// GET /api/websites/:id/revenue-imports: what a website holds of the ad servers' imported revenue reports.
import type { RevenueImportListResponse } from '@foldline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { websiteQueryKey } from './get-website.ts';

export function getRevenueImports(websiteId: string, signal?: AbortSignal): Promise<RevenueImportListResponse> {
  return api.get(`/websites/${encodeURIComponent(websiteId)}/revenue-imports`, undefined, signal);
}

/** Under the website's key: refetching the website refetches it too. */
export const revenueImportsQueryKey = (websiteId: string) => [...websiteQueryKey(websiteId), 'revenue-imports'] as const;

export function getRevenueImportsQueryOptions(websiteId: string) {
  return queryOptions({ queryKey: revenueImportsQueryKey(websiteId), queryFn: ({ signal }) => getRevenueImports(websiteId, signal) });
}

export function useRevenueImports(websiteId: string) {
  return useQuery(getRevenueImportsQueryOptions(websiteId));
}

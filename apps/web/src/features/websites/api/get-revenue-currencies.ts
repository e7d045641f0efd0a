// GET /api/websites/:id/revenue-imports/currencies: the currencies of a website's revenue data, for the exchange rates
// of its Ads & revenue settings.
import type { RevenueCurrenciesResponse } from '@foldline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { revenueImportsQueryKey } from './get-revenue-imports.ts';

export function getRevenueCurrencies(websiteId: string, signal?: AbortSignal): Promise<RevenueCurrenciesResponse> {
  return api.get(`/websites/${encodeURIComponent(websiteId)}/revenue-imports/currencies`, undefined, signal);
}

/** Under the imports' key: an import refetches it (its currency may be new). */
export const revenueCurrenciesQueryKey = (websiteId: string) => [...revenueImportsQueryKey(websiteId), 'currencies'] as const;

export function getRevenueCurrenciesQueryOptions(websiteId: string) {
  return queryOptions({ queryKey: revenueCurrenciesQueryKey(websiteId), queryFn: ({ signal }) => getRevenueCurrencies(websiteId, signal) });
}

export function useRevenueCurrencies(websiteId: string) {
  return useQuery(getRevenueCurrenciesQueryOptions(websiteId));
}

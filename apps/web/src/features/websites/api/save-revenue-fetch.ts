// PUT /api/websites/:id/revenue-imports/fetch: saves the report's address, source and on/off; when on, the server
// fetches it at once and answers how that went.
import type { RevenueFetchInput, RevenueFetchResponse } from '@foldline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { revenueFetchQueryKey } from './get-revenue-fetch.ts';
import { revenueImportsQueryKey } from './get-revenue-imports.ts';

export function saveRevenueFetch(websiteId: string, input: RevenueFetchInput): Promise<RevenueFetchResponse> {
  return api.put(`/websites/${encodeURIComponent(websiteId)}/revenue-imports/fetch`, input);
}

export function useSaveRevenueFetch(websiteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RevenueFetchInput) => saveRevenueFetch(websiteId, input),
    onSuccess: (response) => {
      queryClient.setQueryData(revenueFetchQueryKey(websiteId), response);
      // The fetch may have imported: what is stored, and its currencies, changed.
      return queryClient.invalidateQueries({ queryKey: revenueImportsQueryKey(websiteId) });
    },
  });
}

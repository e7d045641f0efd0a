// DELETE /api/websites/:id/data: removes a website's collected data and answers what was deleted.
import type { ClearWebsiteDataResponse } from '@foldline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function clearWebsiteData(websiteId: string): Promise<ClearWebsiteDataResponse> {
  return api.delete(`/websites/${encodeURIComponent(websiteId)}/data`);
}

export function useClearWebsiteData(websiteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => clearWebsiteData(websiteId),
    // Pages, ad units and every analytics view of this website change; analytics keys start with the website's key
    // only if their owners chose so, so everything is refetched.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

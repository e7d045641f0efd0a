// DELETE /api/websites/:id: removes a website with all its data.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { websiteQueryKey } from './get-website.ts';
import { websitesQueryKey } from './get-websites.ts';

export function deleteWebsite(websiteId: string): Promise<unknown> {
  return api.delete(`/websites/${encodeURIComponent(websiteId)}`);
}

export function useDeleteWebsite(websiteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteWebsite(websiteId),
    onSuccess: () => {
      // The deleted website must not be refetched (it would answer 404) while the list reloads.
      queryClient.removeQueries({ queryKey: websiteQueryKey(websiteId), exact: true });
      return queryClient.invalidateQueries({ queryKey: websitesQueryKey, exact: true });
    },
  });
}

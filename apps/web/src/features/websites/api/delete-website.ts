// DELETE /api/websites/:id: removes a website with all its data.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { websitesQueryKey } from './get-websites.ts';

export function deleteWebsite(websiteId: string): Promise<unknown> {
  return api.delete(`/websites/${encodeURIComponent(websiteId)}`);
}

export function useDeleteWebsite(websiteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteWebsite(websiteId),
    // Only the list: the deleted website's own query is still observed by the screen being left, and refetching it
    // would flash a 'not found' before the navigation; unobserved, it is garbage-collected.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: websitesQueryKey, exact: true }),
  });
}

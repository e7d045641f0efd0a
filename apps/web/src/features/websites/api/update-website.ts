// PUT /api/websites/:id: saves the website's fields and settings.
import type { UpdateWebsiteBody, Website, WebsiteSettingsInput } from '@foldline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { websitesQueryKey } from './get-websites.ts';

/** The edited fields, or the whole website object as the settings cards send it, their part of the settings as a
 * request gives it (the Ads & revenue card sends null for a field back to its default); the server ignores the rest. */
export type UpdateWebsiteRequest = UpdateWebsiteBody | (Omit<Website, 'settings'> & { settings: WebsiteSettingsInput });

export function updateWebsite(websiteId: string, body: UpdateWebsiteRequest): Promise<{ website: Website }> {
  return api.put(`/websites/${encodeURIComponent(websiteId)}`, body);
}

export function useUpdateWebsite(websiteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateWebsiteRequest) => updateWebsite(websiteId, body),
    // The list and this website's detail both show the changed fields.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: websitesQueryKey }),
  });
}

// POST /api/websites: creates a website and answers it with its install snippet.
import type { CreateWebsiteBody, CreateWebsiteResponse } from '@foldline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { websitesQueryKey } from './get-websites.ts';

export function createWebsite(body: CreateWebsiteBody): Promise<CreateWebsiteResponse> {
  return api.post('/websites', body);
}

export function useCreateWebsite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebsite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: websitesQueryKey }),
  });
}

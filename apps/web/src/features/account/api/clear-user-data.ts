// POST /api/users/:id/clear-data: removes every website and its data; the account stays.
import type { SuccessResponse } from '@foldline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function clearUserData(userId: string): Promise<SuccessResponse> {
  return api.post(`/users/${encodeURIComponent(userId)}/clear-data`);
}

export function useClearUserData(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => clearUserData(userId),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

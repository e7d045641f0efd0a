// DELETE /api/users/:id: deletes the account and everything in it; the session ends with it.
import type { SuccessResponse } from '@foldline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { clearSession } from '../../../lib/session.ts';

export function deleteAccount(userId: string): Promise<SuccessResponse> {
  return api.delete(`/users/${encodeURIComponent(userId)}`);
}

export function useDeleteAccount(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteAccount(userId),
    onSuccess: () => {
      clearSession();
      // Nothing of the deleted account may be shown to whoever signs in next in this tab.
      queryClient.clear();
    },
  });
}

// DELETE /api/users/:id: deletes the account and everything in it (the caller then ends the session).
import type { SuccessResponse } from '@foldline/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function deleteAccount(userId: string): Promise<SuccessResponse> {
  return api.delete(`/users/${encodeURIComponent(userId)}`);
}

export function useDeleteAccount(userId: string) {
  return useMutation({ mutationFn: () => deleteAccount(userId) });
}

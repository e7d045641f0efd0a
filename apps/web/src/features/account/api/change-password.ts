// PUT /api/users/:id/password: changes the password after checking the current one.
import type { SuccessResponse } from '@foldline/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface ChangePasswordBody {
  currentPassword: string;
  newPassword: string;
}

export function changePassword(userId: string, body: ChangePasswordBody): Promise<SuccessResponse> {
  return api.put(`/users/${encodeURIComponent(userId)}/password`, body);
}

export function useChangePassword(userId: string) {
  return useMutation({ mutationFn: (body: ChangePasswordBody) => changePassword(userId, body) });
}

// POST /api/auth/forgot-password: asks for a reset link; the server's message is shown as is.
import type { MessageResponse } from '@foldline/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function requestPasswordReset(email: string): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/forgot-password', { email });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

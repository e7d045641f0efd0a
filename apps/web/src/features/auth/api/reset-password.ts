// GET /api/auth/validate-reset-token/:token and POST /api/auth/reset-password/:token.
import type { SessionResponse } from '@foldline/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function resetTokenQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['auth', 'reset-token', token],
    queryFn: ({ signal }) => api.get<{ valid: boolean }>(`/auth/validate-reset-token/${encodeURIComponent(token)}`, undefined, signal),
    // A link is checked once per visit; refocusing the tab must not flip a valid form back to 'Validating...'.
    refetchOnWindowFocus: false,
  });
}

export function useResetTokenValidity(token: string) {
  return useQuery(resetTokenQueryOptions(token));
}

/** The server may answer a session (then the user is signed in) or only success. */
export type ResetPasswordResponse = Partial<SessionResponse>;

export function resetPassword(token: string, password: string): Promise<ResetPasswordResponse> {
  return api.post<ResetPasswordResponse>(`/auth/reset-password/${encodeURIComponent(token)}`, { password });
}

export function useResetPassword(token: string) {
  return useMutation({ mutationFn: (password: string) => resetPassword(token, password) });
}

// POST /api/auth/login: email, password and 'Remember me'; answers tokens and the user.
import type { LoginBody, SessionResponse } from '@foldline/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function login(body: LoginBody): Promise<SessionResponse> {
  return api.post<SessionResponse>('/auth/login', body);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

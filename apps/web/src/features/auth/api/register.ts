// POST /api/auth/register: name, email, password (the confirmation stays in the browser).
import type { RegisterBody, SessionResponse } from '@foldline/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function register(body: RegisterBody): Promise<SessionResponse> {
  return api.post<SessionResponse>('/auth/register', body);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}

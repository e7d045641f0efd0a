// PUT /api/users/:id: saves the name and email; the answer replaces the stored user.
import type { User } from '@foldline/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { saveUser } from '../../../lib/session.ts';

export interface ProfileBody {
  name: string;
  email: string;
}

export function updateProfile(userId: string, body: ProfileBody): Promise<{ user: User }> {
  return api.put(`/users/${encodeURIComponent(userId)}`, body);
}

export function useUpdateProfile(userId: string) {
  return useMutation({
    mutationFn: (body: ProfileBody) => updateProfile(userId, body),
    onSuccess: ({ user }) => saveUser(user),
  });
}

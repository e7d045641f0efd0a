// POST /api/contact: name, email, subject (optional) and message.
import type { ContactBody } from '@foldline/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function sendContactMessage(body: ContactBody): Promise<unknown> {
  return api.post('/contact', body);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}

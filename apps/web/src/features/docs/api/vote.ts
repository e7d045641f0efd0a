// POST /api/docs/votes: records whether a documentation section helped.
import type { DocVoteBody } from '@foldline/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function voteOnSection(body: DocVoteBody): Promise<unknown> {
  return api.post('/docs/votes', body);
}

export function useDocVote() {
  return useMutation({ mutationFn: voteOnSection });
}

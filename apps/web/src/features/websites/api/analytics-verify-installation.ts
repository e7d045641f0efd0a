// GET /api/verify/:websiteId: checks that the tracking code is installed; a mutation, since every click asks anew.
import type { VerifyResponse } from '@foldline/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function verifyInstallation(websiteId: string): Promise<VerifyResponse> {
  return api.get(`/verify/${encodeURIComponent(websiteId)}`);
}

export function useVerifyInstallation(websiteId: string) {
  return useMutation({ mutationFn: () => verifyInstallation(websiteId) });
}

// GET /api/analytics/realtime: visitors active on a website in the last five minutes, refreshed every 30 seconds.
import type { RealtimeResponse } from '@foldline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const REFRESH_MS = 30_000;

export function getRealtime(websiteId: string, signal?: AbortSignal): Promise<RealtimeResponse> {
  return api.get('/analytics/realtime', { websiteId }, signal);
}

export function getRealtimeQueryOptions(websiteId: string) {
  return queryOptions({ queryKey: ['analytics', 'realtime', websiteId] as const, queryFn: ({ signal }) => getRealtime(websiteId, signal), refetchInterval: REFRESH_MS });
}

export function useRealtime(websiteId: string) {
  return useQuery(getRealtimeQueryOptions(websiteId));
}

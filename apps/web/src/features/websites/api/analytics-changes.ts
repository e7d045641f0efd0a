// GET /api/analytics/changes for a website: the ad-layout changes detected on all its pages (each naming its page), and
// the advice's record over them (applied recommendations that delivered within their promised range).
import type { ChangesResponse, DeviceFilter } from '@foldline/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `window` is the days compared on each side of a change. */
export type GetWebsiteChangesParams = { websiteId: string; deviceType: DeviceFilter; window: number };

export function getWebsiteChanges(params: GetWebsiteChangesParams, signal?: AbortSignal): Promise<ChangesResponse> {
  return api.get('/analytics/changes', { ...params }, signal);
}

// The same key as page analytics builds for its website's record: a publisher going from one screen to the other
// reuses the answer.
export function getWebsiteChangesQueryOptions(params: GetWebsiteChangesParams) {
  return queryOptions({ queryKey: ['analytics', 'changes', params] as const, queryFn: ({ signal }) => getWebsiteChanges(params, signal) });
}

/** Another window keeps the answer shown until the new one arrives, rather than a spinner in its place. */
export function useWebsiteChanges(params: GetWebsiteChangesParams) {
  return useQuery({ ...getWebsiteChangesQueryOptions(params), placeholderData: keepPreviousData });
}

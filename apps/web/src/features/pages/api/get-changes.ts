// GET /api/analytics/changes: the ad-layout changes detected on one page (its timeline on page analytics), or on every
// page of its website (only the advice's record is read from that answer: the Recommendations panel's track record).
import type { ChangesResponse, DeviceFilter } from '@foldline/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** One page, or its whole website; `window` is the days compared on each side of a change. */
export type GetChangesParams = ({ pageId: string } | { websiteId: string }) & { deviceType: DeviceFilter; window: number };

export function getChanges(params: GetChangesParams, signal?: AbortSignal): Promise<ChangesResponse> {
  return api.get('/analytics/changes', { ...params }, signal);
}

// The same key as the website's Ad Units tab builds for the same parameters: the website's answer is asked once.
export function getChangesQueryOptions(params: GetChangesParams) {
  return queryOptions({ queryKey: ['analytics', 'changes', params] as const, queryFn: ({ signal }) => getChanges(params, signal) });
}

/** Another window or device keeps the answer shown until the new one arrives, rather than a spinner in its place. */
export function useChanges(params: GetChangesParams) {
  return useQuery({ ...getChangesQueryOptions(params), placeholderData: keepPreviousData });
}

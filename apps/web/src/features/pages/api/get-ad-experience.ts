// GET /api/analytics/ad-experience: what one page's ads do to its readers (fill, time in view, refreshes, layout shift).
import type { AdExperienceResponse, DeviceFilter, Period } from '@foldline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type GetAdExperienceParams = { pageId: string; period: Period; deviceType: DeviceFilter };

export function getAdExperience(params: GetAdExperienceParams, signal?: AbortSignal): Promise<AdExperienceResponse> {
  return api.get('/analytics/ad-experience', { ...params }, signal);
}

export function useAdExperience(params: GetAdExperienceParams) {
  return useQuery(queryOptions({ queryKey: ['analytics', 'ad-experience', params] as const, queryFn: ({ signal }) => getAdExperience(params, signal) }));
}

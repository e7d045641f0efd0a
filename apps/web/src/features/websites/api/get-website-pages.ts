// GET /api/websites/:id/pages: one slice of a website's pages, searched and sorted on the server.
import type { PageListParams, PageListResponse } from '@foldline/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { websiteQueryKey } from './get-website.ts';

export type GetWebsitePagesParams = PageListParams;

export function getWebsitePages(websiteId: string, params: GetWebsitePagesParams, signal?: AbortSignal): Promise<PageListResponse> {
  return api.get(`/websites/${encodeURIComponent(websiteId)}/pages`, { ...params }, signal);
}

/** Under the website's key, so refetching the website ('Refresh Pages') refetches its pages too. */
export const websitePagesQueryKey = (websiteId: string, params: GetWebsitePagesParams) => [...websiteQueryKey(websiteId), 'pages', params] as const;

export function getWebsitePagesQueryOptions(websiteId: string, params: GetWebsitePagesParams) {
  return queryOptions({
    queryKey: websitePagesQueryKey(websiteId, params),
    queryFn: ({ signal }) => getWebsitePages(websiteId, params, signal),
    // The previous slice stays on screen while the next page, sort or search loads, instead of a spinner per click.
    placeholderData: keepPreviousData,
  });
}

export function useWebsitePages(websiteId: string, params: GetWebsitePagesParams) {
  return useQuery(getWebsitePagesQueryOptions(websiteId, params));
}

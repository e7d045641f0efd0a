// GET /api/pages/:pageId: the page with its website's name and domain, for the page analytics header.
import type { PageWithWebsite } from '@foldline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function getPage(pageId: string, signal?: AbortSignal): Promise<{ page: PageWithWebsite }> {
  return api.get(`/pages/${encodeURIComponent(pageId)}`, undefined, signal);
}

export function getPageQueryOptions(pageId: string) {
  return queryOptions({ queryKey: ['pages', pageId] as const, queryFn: ({ signal }) => getPage(pageId, signal) });
}

export function usePage(pageId: string) {
  return useQuery(getPageQueryOptions(pageId));
}

// Pages of a website, registered as the tracker first sees them (specification section 3).
import { z } from 'zod';
import { SORT_ORDERS } from './analytics.ts';
import { countParam, idSchema } from './common.ts';

export const pageSchema = z.object({
  page_id: z.string(),
  website_id: z.string(),
  title: z.string(),
  url_path: z.string(),
  status: z.enum(['active', 'inactive']),
  created_at: z.string(),
  last_activity: z.string().nullable(),
});
export type Page = z.infer<typeof pageSchema>;

export const pageWithWebsiteSchema = pageSchema.extend({
  /** is_demo as on the website: the page's figures come from simulated readers. */
  website: z.object({ name: z.string(), domain: z.string(), is_demo: z.boolean() }),
  /** The page's address: the origin the tracker reported it under (scheme, host, port) and its path; before any
   * report, https on the website's domain. Screenshots are taken of it and 'View Page' opens it. */
  url: z.string(),
});
export type PageWithWebsite = z.infer<typeof pageWithWebsiteSchema>;

export const pageParamsSchema = z.object({ pageId: idSchema });
export const pageResponseSchema = z.object({ page: pageWithWebsiteSchema });

/** The Pages tab's sort fields (specification: Page Name, URL Path, Last Activity, Status). Last activity falls back to
 * the created date. Pageviews are not among them: they live in the event store, and ordering 100,000 pages by a
 * period's pageviews would aggregate every page's events per request; the overview's Top Performing Pages does that. */
export const PAGE_SORTS = ['title', 'url_path', 'last_activity', 'status'] as const;
export type PageSort = (typeof PAGE_SORTS)[number];
export const PAGE_LIST_DEFAULT_LIMIT = 50;
export const PAGE_LIST_MAX_LIMIT = 100;
/** Well past the largest website the collector lets grow (100,000 pages by default). */
const PAGE_LIST_MAX_OFFSET = 10_000_000;

/** GET /api/websites/:websiteId/pages: one page of a website's pages, searched and sorted on the server. */
export const pageListQuerySchema = z.object({
  /** Case-insensitive 'contains' on the title or the url_path. */
  search: z
    .string({ error: 'search must be text' })
    .trim()
    .max(200, 'search is too long')
    .refine((value) => !value.includes('\u0000'), 'search must not contain a NUL character')
    .optional(),
  sort: z.enum(PAGE_SORTS, { error: `sort must be one of: ${PAGE_SORTS.join(', ')}` }).default('url_path'),
  order: z.enum(SORT_ORDERS, { error: `order must be one of: ${SORT_ORDERS.join(', ')}` }).default('asc'),
  limit: countParam('limit', 1, PAGE_LIST_MAX_LIMIT, PAGE_LIST_DEFAULT_LIMIT),
  offset: countParam('offset', 0, PAGE_LIST_MAX_OFFSET, 0),
});
export type PageListQuery = z.input<typeof pageListQuerySchema>;
export type PageListParams = z.output<typeof pageListQuerySchema>;

export const pageListResponseSchema = z.object({
  pages: z.array(pageSchema),
  /** How many pages match the search (all the website's pages without one). */
  total: z.number(),
  limit: z.number(),
  offset: z.number(),
});
export type PageListResponse = z.infer<typeof pageListResponseSchema>;

/** A page's address: the origin the tracker reported it under, else https on the website's domain. */
export function pageUrl(origin: string | null | undefined, domain: string, urlPath: string): string {
  return `${origin || `https://${domain}`}${urlPath.startsWith('/') ? urlPath : `/${urlPath}`}`;
}

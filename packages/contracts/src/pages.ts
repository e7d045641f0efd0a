// Pages of a website, registered as the tracker first sees them (specification section 3).
import { z } from 'zod';
import { idSchema } from './common.ts';

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
  website: z.object({ name: z.string(), domain: z.string() }),
  /** The page's address: the origin the tracker reported it under (scheme, host, port) and its path; before any
   * report, https on the website's domain. Screenshots are taken of it and 'View Page' opens it. */
  url: z.string(),
});
export type PageWithWebsite = z.infer<typeof pageWithWebsiteSchema>;

export const pageParamsSchema = z.object({ pageId: idSchema });
export const pageResponseSchema = z.object({ page: pageWithWebsiteSchema });

/** A page's address: the origin the tracker reported it under, else https on the website's domain. */
export function pageUrl(origin: string | null | undefined, domain: string, urlPath: string): string {
  return `${origin || `https://${domain}`}${urlPath.startsWith('/') ? urlPath : `/${urlPath}`}`;
}

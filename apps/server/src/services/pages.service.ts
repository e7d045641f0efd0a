// What the pages routes return: a page of one of the caller's websites, and a website's pages a slice at a time.
import { pageUrl, type Page, type PageListParams, type PageListResponse, type PageWithWebsite } from '@foldline/contracts';
import type { PageRow } from '@foldline/metadata';
import { findPageOfUser, listPagesOfWebsite } from '@foldline/metadata/pages/pages.repository';
import { findWebsiteOfUser } from '@foldline/metadata/websites/websites.repository';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors.ts';
import { demoWebsiteTest } from './demo-websites.ts';

export const toPage = (row: PageRow): Page => ({
  page_id: row.id,
  website_id: row.website_id,
  title: row.title,
  url_path: row.url_path,
  status: row.status === 'active' ? 'active' : 'inactive',
  created_at: row.created_at,
  last_activity: row.last_activity,
});

export async function getPage(app: FastifyInstance, userId: string, pageId: string): Promise<{ page: PageWithWebsite }> {
  const row = await findPageOfUser(app.metadata.db, userId, pageId);
  if (!row) throw notFound('Page not found');
  const isDemo = await demoWebsiteTest(app.metadata.db, userId, [row.website_domain]);
  const website = { name: row.website_name, domain: row.website_domain, is_demo: isDemo(row.website_domain) };
  return { page: { ...toPage(row), website, url: pageUrl(row.origin, row.website_domain, row.url_path) } };
}

/** GET /api/websites/:websiteId/pages: a slice of the website's pages, searched and sorted by the store's indexes. */
export async function listPages(app: FastifyInstance, userId: string, websiteId: string, query: PageListParams): Promise<PageListResponse> {
  if (!(await findWebsiteOfUser(app.metadata.db, userId, websiteId))) throw notFound('Website not found');
  const { rows, total } = await listPagesOfWebsite(app.metadata.db, userId, websiteId, query);
  return { pages: rows.map(toPage), total, limit: query.limit, offset: query.offset };
}

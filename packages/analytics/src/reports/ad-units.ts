// GET /api/analytics/ad-units: a website's ad units, filtered and sorted, with their metrics and performance score.
import {
  adPerformanceScore,
  performanceLabel,
  type AdUnitRow,
  type AdUnitSort,
  type AdUnitsResponse,
  type Period,
  type SortOrder,
} from '@foldline/contracts';
import { ratio, type AnalyticsContext } from '../context.ts';
import { runQuery } from '../execute.ts';
import { periodWindows } from '../periods.ts';
import { adUnitsInScope, NotFoundError, websitesInScope } from '../scope.ts';

export interface AdUnitsParams {
  websiteId: string;
  period: Period;
  pageId?: string | undefined;
  format?: string | undefined;
  status: 'all' | 'active' | 'inactive';
  search?: string | undefined;
  sort: AdUnitSort;
  order: SortOrder;
}

export async function adUnits(context: AnalyticsContext, params: AdUnitsParams): Promise<AdUnitsResponse> {
  const [website] = await websitesInScope(context.db, context.userId, params.websiteId);
  const all = await adUnitsInScope(context.db, { websiteIds: [website!.id] });
  if (params.pageId && !(await pageBelongs(context, website!.id, params.pageId))) throw new NotFoundError('Page not found');
  const search = params.search?.toLowerCase();
  const units = all.filter(
    (unit) =>
      (!params.pageId || unit.page_id === params.pageId) &&
      (!params.format || unit.ad_format === params.format) &&
      (params.status === 'all' || unit.status === params.status) &&
      (!search || unit.name.toLowerCase().includes(search)),
  );
  const rows = await runQuery(context.events, {
    metrics: ['impressions', 'viewable_impressions', 'ad_clicks'],
    dimensions: ['ad_unit_id'],
    filters: { websiteIds: [website!.id], ...(params.pageId ? { pageIds: [params.pageId] } : {}) },
    range: periodWindows(params.period, context.now).current,
  });
  const metrics = new Map(rows.map((row) => [row.dimensions.ad_unit_id, row.metrics]));
  let impressionsTotal = 0;
  let viewableTotal = 0;
  const result: AdUnitRow[] = units.map((unit) => {
    const m = metrics.get(unit.id);
    const impressions = m?.impressions ?? 0;
    const viewable = m?.viewable_impressions ?? 0;
    const clicks = m?.ad_clicks ?? 0;
    impressionsTotal += impressions;
    viewableTotal += viewable;
    const viewability = ratio(viewable, impressions);
    const ctr = ratio(clicks, impressions);
    const score = adPerformanceScore(viewability, ctr);
    return {
      ad_unit_id: unit.id,
      page_id: unit.page_id,
      page_title: unit.page_title,
      page_url_path: unit.page_url_path,
      name: unit.name,
      google_ad_slot_id: unit.google_ad_slot_id,
      ad_format: unit.ad_format,
      width: unit.width,
      height: unit.height,
      status: unit.status,
      created_at: unit.created_at,
      last_detected: unit.last_detected,
      viewability,
      ctr,
      impressions,
      clicks,
      performance: { score, label: performanceLabel(score) },
    };
  });
  result.sort(comparator(params.sort, params.order));
  return {
    ad_units: result,
    formats: [...new Set(all.map((unit) => unit.ad_format))].sort(),
    pages: pagesOf(all),
    summary: { total_units: result.length, avg_viewability: ratio(viewableTotal, impressionsTotal), total_impressions: impressionsTotal },
  };
}

/** The pages the units sit on, once each, by title (the path when untitled), for the page filter. */
function pagesOf(units: readonly { page_id: string; page_title: string; page_url_path: string }[]): AdUnitsResponse['pages'] {
  const pages = new Map(units.map((unit) => [unit.page_id, { page_id: unit.page_id, title: unit.page_title, url_path: unit.page_url_path }]));
  const label = (page: { title: string; url_path: string }) => page.title || page.url_path;
  return [...pages.values()].sort((a, b) => label(a).localeCompare(label(b)) || a.url_path.localeCompare(b.url_path));
}

async function pageBelongs(context: AnalyticsContext, websiteId: string, pageId: string): Promise<boolean> {
  const page = await context.db.selectFrom('pages').select('id').where('id', '=', pageId).where('website_id', '=', websiteId).executeTakeFirst();
  return page !== undefined;
}

function comparator(sort: AdUnitSort, order: SortOrder) {
  const direction = order === 'asc' ? 1 : -1;
  const value = (row: AdUnitRow): string | number => (sort === 'format' ? row.ad_format : row[sort]);
  return (a: AdUnitRow, b: AdUnitRow): number => {
    const x = value(a);
    const y = value(b);
    const primary = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    // Ties keep a stable order by name so the table does not shuffle between refetches.
    return primary !== 0 ? primary * direction : a.name.localeCompare(b.name) || a.ad_unit_id.localeCompare(b.ad_unit_id);
  };
}

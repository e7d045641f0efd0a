// GET /api/analytics/ad-units: a website's ad units, one row per unit with its pages as a breakdown, filtered, sorted
// and paged, with their metrics, the specification's performance score, and viewability against the site's median.
import {
  adPerformanceScore,
  performanceLabel,
  type AdUnitPlacementRow,
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
import { mapInSlices, yieldToEventLoop } from '../event-loop.ts';

export interface AdUnitsParams {
  websiteId: string;
  period: Period;
  pageId?: string | undefined;
  format?: string | undefined;
  status: 'all' | 'active' | 'inactive';
  search?: string | undefined;
  sort: AdUnitSort;
  order: SortOrder;
  limit: number;
  offset: number;
}

type Slot = Awaited<ReturnType<typeof adUnitsInScope>>[number];

export async function adUnits(context: AnalyticsContext, params: AdUnitsParams): Promise<AdUnitsResponse> {
  const [website] = await websitesInScope(context.db, context.userId, params.websiteId);
  const slots = await adUnitsInScope(context.db, { websiteIds: [website!.id] });
  if (params.pageId && !(await pageBelongs(context, website!.id, params.pageId))) throw new NotFoundError('Page not found');
  // Per slot (a slot is one page's), over the whole website: the site's median needs every unit, whatever the filters.
  const rows = await runQuery(context.events, {
    metrics: ['impressions', 'viewable_impressions', 'ad_clicks'],
    dimensions: ['ad_unit_id'],
    filters: { websiteIds: [website!.id] },
    range: periodWindows(params.period, context.now).current,
  });
  const metrics = new Map(rows.map((row) => [row.dimensions.ad_unit_id, row.metrics]));
  const placement = (slot: Slot): AdUnitPlacementRow & { viewable: number } => {
    const m = metrics.get(slot.id);
    const impressions = m?.impressions ?? 0;
    const viewable = m?.viewable_impressions ?? 0;
    const clicks = m?.ad_clicks ?? 0;
    return {
      ad_unit_id: slot.id,
      page_id: slot.page_id,
      page_title: slot.page_title,
      page_url_path: slot.page_url_path,
      ad_format: slot.ad_format,
      status: slot.status,
      viewability: ratio(viewable, impressions),
      ctr: ratio(clicks, impressions),
      impressions,
      clicks,
      viewable,
    };
  };

  await yieldToEventLoop();
  const units = await mapInSlices([...groupBy(slots, (slot) => slot.unit_key).values()], (unitSlots) => unitRow(unitSlots, unitSlots.map(placement)));
  await yieldToEventLoop();
  const median = medianOf(units.filter((unit) => unit.impressions > 0).map((unit) => unit.viewability));
  const search = params.search?.toLowerCase();
  const matching = units
    .filter(
      (unit) =>
        (!params.format || unit.slots.some((slot) => slot.ad_format === params.format)) &&
        (params.status === 'all' || unit.status === params.status) &&
        (!search || unit.name.toLowerCase().includes(search)),
    )
    // With a page chosen, a unit is what it does on that page.
    .flatMap((unit) => {
      if (!params.pageId) return [unit];
      const onPage = unit.slots.filter((slot) => slot.page_id === params.pageId);
      return onPage.length === 0 ? [] : [unitRow(onPage, onPage.map(placement))];
    });
  await yieldToEventLoop();
  matching.sort(comparator(params.sort, params.order));

  const impressionsTotal = matching.reduce((sum, unit) => sum + unit.impressions, 0);
  const viewableTotal = matching.reduce((sum, unit) => sum + unit.viewable, 0);
  return {
    ad_units: matching.slice(params.offset, params.offset + params.limit).map(({ slots: _slots, viewable: _viewable, ...unit }) => ({
      ...unit,
      viewability_vs_site_median_pp: median === null || unit.impressions === 0 ? null : unit.viewability - median,
    })),
    formats: [...new Set(slots.map((slot) => slot.ad_format))].sort(),
    pages: pagesOf(slots),
    summary: { total_units: matching.length, avg_viewability: ratio(viewableTotal, impressionsTotal), total_impressions: impressionsTotal },
    limit: params.limit,
    offset: params.offset,
    site_median_viewability: median,
  };
}

/** A unit from its slots (all share its key) and their measured placements. */
function unitRow(slots: Slot[], placements: (AdUnitPlacementRow & { viewable: number })[]) {
  const first = slots[0]!;
  const impressions = placements.reduce((sum, p) => sum + p.impressions, 0);
  const viewable = placements.reduce((sum, p) => sum + p.viewable, 0);
  const clicks = placements.reduce((sum, p) => sum + p.clicks, 0);
  const viewability = ratio(viewable, impressions);
  const ctr = ratio(clicks, impressions);
  const score = adPerformanceScore(viewability, ctr);
  // The largest size stands for the unit where one width and height are asked for.
  const largest = slots.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
  const row: Omit<AdUnitRow, 'viewability_vs_site_median_pp'> & { slots: Slot[]; viewable: number } = {
    ad_unit_id: first.id,
    unit_key: first.unit_key,
    name: first.name,
    named_by_publisher: first.named_by_publisher,
    google_ad_slot_id: first.google_ad_slot_id,
    ad_format: [...new Set(slots.map((slot) => slot.ad_format))].sort().join(', '),
    width: largest.width,
    height: largest.height,
    status: slots.some((slot) => slot.status === 'active') ? 'active' : 'inactive',
    created_at: slots.map((slot) => slot.created_at).sort()[0]!,
    last_detected: slots.map((slot) => slot.last_detected).sort().at(-1)!,
    viewability,
    ctr,
    impressions,
    clicks,
    performance: { score, label: performanceLabel(score) },
    page_count: new Set(slots.map((slot) => slot.page_id)).size,
    pages: placements
      .map(({ viewable: _viewable, ...p }) => p)
      .sort((a, b) => b.impressions - a.impressions || a.page_url_path.localeCompare(b.page_url_path) || a.ad_unit_id.localeCompare(b.ad_unit_id)),
    slots,
    viewable,
  };
  return row;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** The median, or null for no values. */
export function medianOf(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
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
  const value = (row: Pick<AdUnitRow, 'name' | 'ad_format' | 'viewability' | 'ctr' | 'impressions'>): string | number =>
    sort === 'format' ? row.ad_format : row[sort];
  return (a: Pick<AdUnitRow, 'name' | 'ad_format' | 'viewability' | 'ctr' | 'impressions' | 'unit_key'>, b: typeof a): number => {
    const x = value(a);
    const y = value(b);
    const primary = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    // Ties keep a stable order by name so the table does not shuffle between refetches.
    return primary !== 0 ? primary * direction : a.name.localeCompare(b.name) || a.unit_key.localeCompare(b.unit_key);
  };
}

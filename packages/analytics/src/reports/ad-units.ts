// GET /api/analytics/ad-units: a website's ad units, one row per unit with its pages as a breakdown, filtered, sorted
// and paged, with their metrics, the specification's performance score, viewability against the site's median, and
// their revenue figures (revenue/: revenue, eCPM, viewable eCPM, fill rate, Prebid win share). What only raw events
// tell (time in view, layout shift) the tab asks apart, for the units on its screen (ad-unit-figures.ts).
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
import { periodWindows } from '../periods.ts';
import { adUnitsInScope, NotFoundError, websitesInScope } from '../scope.ts';
import { mapInSlices, yieldToEventLoop } from '../event-loop.ts';
import { unitRevenueFigures } from '../revenue/figures.ts';
import { readRevenue } from '../revenue/revenue.ts';

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

/** A slot's figures with the counts its unit adds up. */
type Placement = AdUnitPlacementRow & { viewable: number; counts: RevenueCounts };
interface RevenueCounts {
  revenue: number;
  auctions: number;
  wins: number;
  empties: number;
}

export async function adUnits(context: AnalyticsContext, params: AdUnitsParams): Promise<AdUnitsResponse> {
  const [website] = await websitesInScope(context.db, context.userId, params.websiteId);
  const slots = await adUnitsInScope(context.db, { websiteIds: [website!.id] });
  if (params.pageId && !(await pageBelongs(context, website!.id, params.pageId))) throw new NotFoundError('Page not found');
  // Per slot (a slot is one page's), over the whole website: the site's median needs every unit, whatever the filters.
  // Their impressions, viewable impressions and clicks in the statement that reads their Prebid figures.
  const range = periodWindows(params.period, context.now).current;
  const revenue = await readRevenue(context, { websiteIds: [website!.id], range, by: 'ad_unit_id', with: ['impressions', 'viewable_impressions', 'ad_clicks'] });
  const currency = revenue.currencies.get(website!.id) ?? null;
  const placement = (slot: Slot): Placement => {
    const m = revenue.metrics('current', slot.id);
    const impressions = m.impressions;
    const viewable = m.viewable_impressions;
    const clicks = m.ad_clicks;
    const earned = revenue.of('current', slot.id);
    const counts = { revenue: earned.revenue, auctions: earned.auctions, wins: earned.wins, empties: earned.empties };
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
      ...unitRevenueFigures({ ...counts, revenue: currency === null ? null : counts.revenue, impressions, viewable }),
      viewable,
      counts,
    };
  };
  // Imported revenue of a unit's days without impressions is the unit's, on no page: on its row, not when a page is chosen.
  const unitOnly = (unitKey: string) => (params.pageId ? 0 : revenue.unitOnly('current', website!.id, unitKey));

  await yieldToEventLoop();
  const units = await mapInSlices([...groupBy(slots, (slot) => slot.unit_key).values()], (unitSlots) =>
    unitRow(unitSlots, unitSlots.map(placement), currency, unitOnly(unitSlots[0]!.unit_key)),
  );
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
      return onPage.length === 0 ? [] : [unitRow(onPage, onPage.map(placement), currency, 0)];
    });
  await yieldToEventLoop();
  matching.sort(comparator(params.sort, params.order));

  const impressionsTotal = matching.reduce((sum, unit) => sum + unit.impressions, 0);
  const viewableTotal = matching.reduce((sum, unit) => sum + unit.viewable, 0);
  const revenueTotal = matching.reduce((sum, unit) => sum + unit.earned, 0);
  const shown = matching.slice(params.offset, params.offset + params.limit);
  return {
    ad_units: shown.map(({ slots: _slots, viewable: _viewable, earned: _earned, ...unit }) => ({
      ...unit,
      viewability_vs_site_median_pp: median === null || unit.impressions === 0 ? null : unit.viewability - median,
    })),
    formats: [...new Set(slots.map((slot) => slot.ad_format))].sort(),
    pages: pagesOf(slots),
    summary: { total_units: matching.length, avg_viewability: ratio(viewableTotal, impressionsTotal), total_impressions: impressionsTotal },
    limit: params.limit,
    offset: params.offset,
    site_median_viewability: median,
    revenue: { currency, sources: revenue.sources, unconverted: revenue.unconverted('current'), total: currency === null ? null : revenueTotal },
  };
}

/** A unit from its slots (all share its key) and their measured placements, with its revenue on no page (`unitOnly`). */
function unitRow(slots: Slot[], placements: Placement[], currency: string | null, unitOnly: number) {
  const first = slots[0]!;
  const impressions = placements.reduce((sum, p) => sum + p.impressions, 0);
  const viewable = placements.reduce((sum, p) => sum + p.viewable, 0);
  const clicks = placements.reduce((sum, p) => sum + p.clicks, 0);
  const counts = placements.reduce(
    (sum, { counts: p }) => ({ revenue: sum.revenue + p.revenue, auctions: sum.auctions + p.auctions, wins: sum.wins + p.wins, empties: sum.empties + p.empties }),
    { revenue: unitOnly, auctions: 0, wins: 0, empties: 0 },
  );
  const viewability = ratio(viewable, impressions);
  const ctr = ratio(clicks, impressions);
  const score = adPerformanceScore(viewability, ctr);
  // The largest size stands for the unit where one width and height are asked for.
  const largest = slots.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
  const row: Omit<AdUnitRow, 'viewability_vs_site_median_pp'> & { slots: Slot[]; viewable: number; earned: number } = {
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
      .map(({ viewable: _viewable, counts: _counts, ...p }) => p)
      .sort((a, b) => b.impressions - a.impressions || a.page_url_path.localeCompare(b.page_url_path) || a.ad_unit_id.localeCompare(b.ad_unit_id)),
    ...unitRevenueFigures({ ...counts, revenue: currency === null ? null : counts.revenue, impressions, viewable }),
    slots,
    viewable,
    earned: counts.revenue,
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

type Sortable = Pick<AdUnitRow, 'name' | 'ad_format' | 'viewability' | 'ctr' | 'impressions' | 'unit_key' | 'revenue' | 'ecpm'>;

function comparator(sort: AdUnitSort, order: SortOrder) {
  const direction = order === 'asc' ? 1 : -1;
  const value = (row: Sortable): string | number | null => (sort === 'format' ? row.ad_format : (row[sort] ?? null));
  return (a: Sortable, b: Sortable): number => {
    const x = value(a);
    const y = value(b);
    // A unit without the figure (no impressions for an eCPM, no revenue data) comes last either way.
    if ((x === null) !== (y === null)) return x === null ? 1 : -1;
    const primary = typeof x === 'number' && typeof y === 'number' ? x - y : x === null ? 0 : String(x).localeCompare(String(y));
    // Ties keep a stable order by name so the table does not shuffle between refetches.
    return primary !== 0 ? primary * direction : a.name.localeCompare(b.name) || a.unit_key.localeCompare(b.unit_key);
  };
}

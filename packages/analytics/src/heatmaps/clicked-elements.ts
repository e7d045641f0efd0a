// GET /api/analytics/clicked-elements (issue 26): the element list beside a click map. Per clicked selector of one page,
// device and period (raw clicks, bounded by the page): clicks, pageviews that clicked it, pageviews with a rage burst
// on it and its dead clicks (rage-clicks.ts says what each is). Ad units join the list with their estimated clicks (the
// page never sees a click inside an ad's frame). Labels come from the page's rendering: a click lands on the innermost
// element (a span in a link), so the nearest labelled ancestor names it. A segment keeps the clicks, ad clicks and
// pageviews of its pageviews only (heatmap-segment.ts); `window` picks the period or the one before it; `only` narrows
// the list to dead clicks or to the clicks of rage bursts (without ad units, whose clicks are estimated).
import {
  heatmapDevice,
  MAX_CLICKED_ELEMENTS,
  pageUrl,
  type ClickedElement,
  type ClickFilter,
  type ClickedElementsResponse,
  type DeviceFilter,
  type HeatmapPeriod,
  type HeatmapSegment,
  type HeatmapWindow,
} from '@foldline/contracts';
import { toEventTime } from '@foldline/event-store';
import type { AnalyticsContext } from '../context.ts';
import { periodWindows, wholeHours } from '../periods.ts';
import { isSegmented, PAGEVIEW_SEGMENTS, readSegmentPageviews, segmentCondition, segmentPageviewsSql } from './heatmap-segment.ts';
import { clickFilterSql, clicksWithRageSql, RAGE_SQL, RAGE_WINDOW_SQL } from './rage-clicks.ts';
import type { LayoutSource, RenderedLayout } from '../reports/heatmap.ts';
import { adUnitsInScope, pageInScope } from '../scope.ts';

/** Distinct selectors read at most: a hostile page may send any number; the list shows the most clicked. */
const MAX_SELECTORS_READ = 500;
const MAX_EXECUTION_TIME = 20;
/** Steps up from the clicked element looked at for a labelled ancestor. */
const LABEL_ANCESTORS = 4;

export async function clickedElements(
  context: AnalyticsContext,
  params: HeatmapSegment & { pageId: string; period: HeatmapPeriod; deviceType: DeviceFilter; window?: HeatmapWindow; only?: ClickFilter },
  layoutOf: LayoutSource,
): Promise<ClickedElementsResponse> {
  const page = await pageInScope(context.db, context.userId, params.pageId);
  const device = heatmapDevice(params.deviceType);
  // The map's window (whole hours), so that the list counts the clicks the map draws.
  const range = wholeHours(periodWindows(params.period, context.now)[params.window ?? 'current']);
  const values: Record<string, unknown> = { websiteId: page.website_id, pageId: page.id, device, start: toEventTime(range.start), end: toEventTime(range.end) };
  const period = `website_id = {websiteId:UUID} AND page_id = {pageId:UUID} AND device = {device:String} AND ts >= {start:DateTime64(3, 'UTC')} AND ts < {end:DateTime64(3, 'UTC')}`;
  // A segment: the events of its pageviews, and its pageviews themselves, read once.
  const segmented = isSegmented(params);
  const read = segmented ? await readSegmentPageviews(context.events, { websiteId: page.website_id, pageId: page.id, device, range, segment: params }) : undefined;
  const scope = segmented ? `${period} AND ${segmentPageviewsSql(params, range, values, read?.ids)}` : period;
  const options = { readonly: true, maxExecutionTime: MAX_EXECUTION_TIME } as const;
  // Every click of the scope is read (a rage burst needs the clicks around it); a filter picks which of them count.
  const only = params.only;
  const counted = only ? clickFilterSql(only) : '1';
  const clicksSql = only === 'rage' ? clicksWithRageSql(scope) : `SELECT selector, pageview_id, dead, ${RAGE_SQL} AS rage FROM foldline.clicks WHERE ${scope} ${RAGE_WINDOW_SQL}`;
  const selectorsSql = `SELECT 0 AS ad, selector, countIf(${counted}) AS clicks, uniqExactIf(pageview_id, ${counted}) AS pageviews,
         uniqExactIf(pageview_id, rage) AS rage_pageviews, countIf(dead = 1) AS dead_clicks, uniqExactIf(pageview_id, dead = 1) AS dead_pageviews,
         count() OVER () AS selectors, sum(countIf(${counted})) OVER () AS all_clicks
       FROM (${clicksSql})
       GROUP BY selector HAVING clicks > 0 ORDER BY clicks DESC, selector LIMIT ${MAX_SELECTORS_READ}`;
  // Ad clicks are estimated: never dead, nor part of a burst. Read in the selectors' statement, their rows marked: on the
  // embedded engine a statement costs some 15–25 ms before it reads anything. From ad_clicks (event-store migration
  // 030), sorted by page: ad_events, sorted by website, day and slot, held a page's few clicks among every row of its
  // slots. Only the page's named slots: one the metadata no longer has would have no name to list it under.
  const units = await adUnitsInScope(context.db, { websiteIds: [page.website_id], pageId: page.id });
  values.slots = units.map((unit) => unit.id);
  const adsSql = `SELECT 1 AS ad, toString(ad_unit_id) AS selector, count() AS clicks, uniqExact(pageview_id) AS pageviews, 0, 0, 0, 0, 0
       FROM foldline.ad_clicks WHERE ${scope} AND ad_unit_id IN {slots:Array(UUID)} GROUP BY ad_unit_id`;
  const [counts, viewRows] = await Promise.all([
    context.events.query<Record<string, unknown>>(only || units.length === 0 ? selectorsSql : `SELECT * FROM (${selectorsSql}) UNION ALL ${adsSql}`, values, options),
    // A segment's read counted its pageviews already.
    read
      ? [{ pageviews: read.pageviews }]
      : context.events.query<Record<string, unknown>>(`SELECT count() AS pageviews FROM ${segmented ? `${PAGEVIEW_SEGMENTS} WHERE ${period} AND ${segmentCondition(params, values)}` : `foldline.pageviews WHERE ${period}`}`, values, options),
  ]);
  const rows = counts.filter((row) => Number(row.ad) === 0);
  const adRows = counts.filter((row) => Number(row.ad) === 1).map((row) => ({ unit: row.selector, clicks: row.clicks, pageviews: row.pageviews }));
  const pageviews = Number(viewRows[0]?.pageviews ?? 0);
  const adClicks = adRows.reduce((sum, row) => sum + Number(row.clicks), 0);
  const clicks = Number(rows[0]?.all_clicks ?? 0) + adClicks;

  let layout: Pick<RenderedLayout, 'elements' | 'labels'> = { elements: {} };
  let captured: { captured: boolean; message?: string } = { captured: false, message: 'No clicks to place' };
  if (rows.length + adRows.length > 0) {
    try {
      layout = await layoutOf(pageUrl(page.origin, page.domain, page.url_path), device);
      captured = { captured: true };
    } catch (error) {
      captured = { captured: false, message: error instanceof Error ? error.message : 'The page could not be rendered' };
    }
  }
  const share = (part: number, whole: number) => (whole > 0 ? Math.round((1000 * part) / whole) / 10 : 0);
  const unitById = new Map(units.map((unit) => [unit.id, unit]));
  const elements: ClickedElement[] = [
    ...rows.map((row): ClickedElement => {
      const selector = String(row.selector);
      const named = nameOf(selector, layout.labels ?? {});
      return {
        selector,
        label: named.label,
        kind: named.kind,
        ad_unit_id: null,
        clicks: Number(row.clicks),
        click_share: share(Number(row.clicks), clicks),
        pageviews: Number(row.pageviews),
        pageview_share: share(Number(row.pageviews), pageviews),
        rage_pageviews: Number(row.rage_pageviews),
        dead_clicks: Number(row.dead_clicks),
        dead_pageviews: Number(row.dead_pageviews),
        box: boxOf(layout.elements[selector]),
      };
    }),
    ...adRows.flatMap((row): ClickedElement[] => {
      const unit = unitById.get(String(row.unit));
      if (!unit) return [];
      return [
        {
          selector: unit.position_selector,
          label: unit.name,
          kind: 'ad',
          ad_unit_id: unit.id,
          clicks: Number(row.clicks),
          click_share: share(Number(row.clicks), clicks),
          pageviews: Number(row.pageviews),
          pageview_share: share(Number(row.pageviews), pageviews),
          rage_pageviews: 0,
          dead_clicks: 0,
          dead_pageviews: 0,
          box: boxOf(layout.elements[`slot:${unit.slot_key}`] ?? layout.elements[unit.position_selector]),
        },
      ];
    }),
  ].sort((a, b) => b.clicks - a.clicks || a.label.localeCompare(b.label));
  const listed = elements.slice(0, MAX_CLICKED_ELEMENTS);
  const distinct = Number(rows[0]?.selectors ?? 0) + adRows.length;
  return { data: { pageviews, clicks, elements: listed, more: Math.max(0, distinct - listed.length) }, meta: { layout: captured, ...(only ? { only } : {}) } };
}

const boxOf = (box: readonly [number, number, number, number] | undefined): ClickedElement['box'] => (box ? [box[0], box[1], box[2], box[3]] : null);

const KIND_OF_TAG: Record<string, ClickedElement['kind']> = { a: 'link', button: 'button', input: 'input', select: 'input', textarea: 'input', label: 'input', summary: 'button', img: 'image' };

/** The tag of a selector's last step ('div>a:nth-of-type(2)' → 'a'; '#subscribe' → ''). */
const lastTag = (selector: string) => /(?:^|>)([a-z][a-z0-9-]*)[^>]*$/i.exec(selector)?.[1]?.toLowerCase() ?? '';

/** The element's readable name and kind: its own label or its nearest labelled ancestor's, else its id or tag. */
export function nameOf(selector: string, labels: Readonly<Record<string, readonly [string, string]>>): { label: string; kind: ClickedElement['kind'] } {
  let candidate = selector;
  for (let step = 0; step <= LABEL_ANCESTORS && candidate; step++) {
    const labelled = labels[candidate];
    if (labelled) return { label: labelled[1], kind: kindOf(labelled[0]) };
    const cut = candidate.lastIndexOf('>');
    candidate = cut > 0 ? candidate.slice(0, cut) : '';
  }
  const last = selector.slice(selector.lastIndexOf('>') + 1);
  return { label: last.startsWith('#') ? last : `<${lastTag(selector) || last}>`, kind: kindOf(lastTag(selector)) };
}

function kindOf(tag: string): ClickedElement['kind'] {
  if (/^h[1-6]$/.test(tag)) return 'heading';
  return KIND_OF_TAG[tag] ?? 'other';
}

// The recommendations engine's evidence, read from the event store for a set of pages over a window: pageviews and
// the readers' viewport height per page and device, each ad unit's place and outcome, and — for the rectangles the
// engine asks about — how many pageviews had each in view by the MRC rule, computed from the viewport spans.
import type { DeviceType } from '@foldline/contracts';
import { toEventTime, type EventStore } from '@foldline/event-store';
import { probeKey, type Probe } from '@foldline/recommendations';
import { runQuery } from '../execute.ts';
import type { TimeWindow } from '../query.ts';

/** A dashboard call must not run away on a page with millions of spans. */
const MAX_EXECUTION_TIME = 20;
/** Spans further apart than this (ms) are not one continuous look: the tab was hidden, or the reader scrolled away
 * and back faster than the tracker reports (it keeps spans of 100 ms and more, checked every 250 ms). */
export const CONTINUITY_GAP_MS = 300;
/** The MRC rule's continuous time in view. */
export const VIEW_MS = 1000;
/** Pageviews per page and device the seen counts are computed on, at most: a deterministic sample by pageview id
 * beyond it keeps a page with millions of views as fast as one with thousands (the counts are scaled back). */
export const MAX_SAMPLED_PAGEVIEWS = 50_000;
/** Probes bound in one statement, at most (about 80 bytes each): a ClickHouse server takes the bound values in the
 * request's URL, 1 MiB by default, and a website's recommendations (or every website's, for the KPIs) ask about all
 * their measured pages at once. chDB binds in memory and has no such limit. */
export const MAX_PROBES_PER_STATEMENT = 2_000;

export interface PageDeviceTraffic {
  pageId: string;
  device: DeviceType;
  pageviews: number;
  viewportHeight: number;
}

export interface UnitOutcome {
  pageId: string;
  adUnitId: string;
  device: DeviceType;
  impressions: number;
  viewable: number;
  /** Median top, px, and the size the unit rendered at most often, from its impressions of the last PLACE_DAYS. */
  y: number;
  width: number;
  height: number;
}

// Result aliases never reuse a column's name: ClickHouse would read the alias in WHERE (a String against UUIDs).
const scope = (alias = '') =>
  `${alias}website_id IN {websiteIds:Array(UUID)} AND ${alias}page_id IN {pageIds:Array(UUID)} AND ${alias}ts >= {start:DateTime64(3, 'UTC')} AND ${alias}ts < {end:DateTime64(3, 'UTC')}`;

const params = (websiteIds: readonly string[], pageIds: readonly string[], range: TimeWindow) => ({
  websiteIds,
  pageIds,
  start: toEventTime(range.start),
  end: toEventTime(range.end),
});

export async function readTraffic(events: EventStore, websiteIds: readonly string[], pageIds: readonly string[], range: TimeWindow): Promise<PageDeviceTraffic[]> {
  if (pageIds.length === 0) return [];
  const rows = await events.query<Record<string, unknown>>(
    `SELECT toString(page_id) AS page, device, count() AS pageviews, quantileExact(0.5)(viewport_h) AS viewport_h
     FROM foldline.pageviews WHERE ${scope()} GROUP BY page_id, device`,
    params(websiteIds, pageIds, range),
    { readonly: true, maxExecutionTime: MAX_EXECUTION_TIME },
  );
  return rows.map((row) => ({
    pageId: String(row.page),
    device: row.device as DeviceType,
    pageviews: Number(row.pageviews),
    viewportHeight: Number(row.viewport_h),
  }));
}

/** Where a unit sits and the size it renders at are read from its impressions of the window's last days (the page as
 * it is now); a unit with none then, from the whole window. */
export const PLACE_DAYS = 7;

/** Each unit's impressions and viewable impressions per page and device over the window, from the ad rollups (as the
 * Ad Units tab counts them), with its place. */
export async function readUnitOutcomes(events: EventStore, websiteIds: readonly string[], pageIds: readonly string[], range: TimeWindow): Promise<UnitOutcome[]> {
  if (pageIds.length === 0) return [];
  const counts = (
    await runQuery(events, { metrics: ['impressions', 'viewable_impressions'], dimensions: ['page_id', 'ad_unit_id', 'device'], filters: { websiteIds, pageIds }, range })
  ).filter((row) => row.metrics.impressions > 0);
  const recent = { start: new Date(Math.max(range.start.getTime(), range.end.getTime() - PLACE_DAYS * 86_400_000)), end: range.end };
  const places = await readPlaces(events, websiteIds, pageIds, recent);
  const placeless = [...new Set(counts.filter((row) => !places.has(placeKey(row.dimensions))).map((row) => row.dimensions.ad_unit_id!))];
  if (placeless.length > 0) for (const [key, place] of await readPlaces(events, websiteIds, pageIds, range, placeless)) if (!places.has(key)) places.set(key, place);
  return counts.flatMap((row) => {
    const place = places.get(placeKey(row.dimensions));
    if (!place) return [];
    return [
      {
        pageId: row.dimensions.page_id!,
        adUnitId: row.dimensions.ad_unit_id!,
        device: row.dimensions.device as DeviceType,
        impressions: row.metrics.impressions,
        viewable: row.metrics.viewable_impressions,
        ...place,
      },
    ];
  });
}

type Place = Pick<UnitOutcome, 'y' | 'width' | 'height'>;
const placeKey = (of: { page_id?: string; ad_unit_id?: string; device?: string }) => `${of.page_id} ${of.ad_unit_id} ${of.device}`;

/** The median top (px) of each unit's impressions per page and device, and the size it rendered at most often. */
async function readPlaces(events: EventStore, websiteIds: readonly string[], pageIds: readonly string[], range: TimeWindow, adUnitIds?: readonly string[]): Promise<Map<string, Place>> {
  const rows = await events.query<Record<string, unknown>>(
    `SELECT toString(page_id) AS page, toString(ad_unit_id) AS unit, device AS device_class,
       quantileExact(0.5)(position_y) AS y, topK(1)(tuple(width, height))[1] AS size
     FROM foldline.ad_events WHERE ${scope()} AND kind = 'impression' ${adUnitIds ? 'AND ad_unit_id IN {adUnitIds:Array(UUID)}' : ''}
     GROUP BY page_id, ad_unit_id, device`,
    { ...params(websiteIds, pageIds, range), ...(adUnitIds ? { adUnitIds } : {}) },
    { readonly: true, maxExecutionTime: MAX_EXECUTION_TIME },
  );
  return new Map(
    rows.map((row) => {
      const size = row.size as [number, number];
      return [placeKey({ page_id: String(row.page), ad_unit_id: String(row.unit), device: String(row.device_class) }), { y: Number(row.y), width: Number(size[0]), height: Number(size[1]) }];
    }),
  );
}

export interface ProbeRequest {
  websiteId: string;
  pageId: string;
  device: DeviceType;
  /** All the page's pageviews on the device in the window (the sample is drawn from them). */
  pageviews: number;
  probes: readonly Probe[];
}

export interface ProbeCount {
  pageId: string;
  device: DeviceType;
  probe: Probe;
  seen: number;
}

/** One UTC day's part of a seen count; `seen` is scaled back from the sample and not rounded, so days add up. */
export interface DayCount extends ProbeCount {
  /** The day's start, ms since the epoch. */
  day: number;
}

/**
 * For each probe, the pageviews in which at least its share of pixels stood in the viewport through consecutive
 * spans adding up to a second (spans are reported only while the tab is visible).
 */
export async function readSeenCounts(
  events: EventStore,
  websiteIds: readonly string[],
  requests: readonly ProbeRequest[],
  range: TimeWindow,
  probesPerStatement = MAX_PROBES_PER_STATEMENT,
): Promise<ProbeCount[]> {
  return sumOfDays(await readSeenCountsByDay(events, websiteIds, requests, [range], probesPerStatement));
}

/** What a seen count is of: a page, a device and a probe. */
export const countKey = (pageId: string, device: string, probe: Probe) => `${pageId} ${device} ${probeKey(probe)}`;

/** The day parts added up per page, device and probe, rounded once. */
export function sumOfDays(parts: readonly ProbeCount[]): ProbeCount[] {
  const sums = new Map<string, ProbeCount>();
  for (const part of parts) {
    const key = countKey(part.pageId, part.device, part.probe);
    const sum = sums.get(key);
    if (sum) sum.seen += part.seen;
    else sums.set(key, { pageId: part.pageId, device: part.device, probe: part.probe, seen: part.seen });
  }
  return [...sums.values()].map((sum) => ({ ...sum, seen: Math.round(sum.seen) }));
}

/**
 * The seen counts per UTC day over one or more windows, each pageview on the day of its first span read: a count of a
 * past day never changes once no beacon can land in it (seen-days.ts keeps them). One statement for every page and
 * device asked about (up to `probesPerStatement` probes): each pageview's spans in time order, joined with its page's
 * probes, cut into runs.
 */
export async function readSeenCountsByDay(
  events: EventStore,
  websiteIds: readonly string[],
  requests: readonly ProbeRequest[],
  ranges: readonly TimeWindow[],
  probesPerStatement = MAX_PROBES_PER_STATEMENT,
): Promise<DayCount[]> {
  const windows = ranges.filter((range) => range.start < range.end);
  if (windows.length === 0) return [];
  // Whole pages and devices per statement: each count is of one page and device, so where the split falls changes none.
  const counts: DayCount[] = [];
  for (const chunk of chunksOf(requests, probesPerStatement)) counts.push(...(await seenCountsOf(events, websiteIds, chunk, windows)));
  return counts;
}

/** The requests in order, cut into runs of at most `limit` probes (a request with more stays whole). */
function chunksOf(requests: readonly ProbeRequest[], limit: number): ProbeRequest[][] {
  const chunks: ProbeRequest[][] = [];
  let current: ProbeRequest[] = [];
  let probes = 0;
  for (const request of requests) {
    if (current.length > 0 && probes + request.probes.length > limit) {
      chunks.push(current);
      current = [];
      probes = 0;
    }
    current.push(request);
    probes += request.probes.length;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

async function seenCountsOf(events: EventStore, websiteIds: readonly string[], requests: readonly ProbeRequest[], ranges: readonly TimeWindow[]): Promise<DayCount[]> {
  const probes = requests.flatMap((request) => request.probes.map((probe) => ({ ...probe, pageId: request.pageId, device: request.device })));
  if (probes.length === 0) return [];
  const pageIds = [...new Set(requests.map((request) => request.pageId))];
  const rates = new Map(requests.map((request) => [`${request.pageId} ${request.device}`, Math.min(1, MAX_SAMPLED_PAGEVIEWS / Math.max(1, request.pageviews))]));
  // The sample's test costs a map per span: left out when every page and device is read whole.
  const sampled = [...rates.values()].some((rate) => rate < 1);
  const inRanges = ranges.map((_, i) => `(ts >= {start${i}:DateTime64(3, 'UTC')} AND ts < {end${i}:DateTime64(3, 'UTC')})`).join(' OR ');
  // s = (start ms, scroll_y, viewport_h, duration_ms). A pageview's spans are cut into runs before each span without
  // the probe in view and each span after a gap longer than the continuity; the longest run's time decides. (One
  // arrayFold through the spans, carrying the run along, gave the same counts 20 % slower at 100 M events.)
  // On a reflowed page (a probe with a cut), a span whose viewport's centre is at or below the cut sees the rectangle
  // `lift` px higher (evidence.ts, Probe). Probes without one have cut -1 and lift 0.
  const top = (y: string, height: string) => `if(p_cut >= 0 AND ${y} * 2 + ${height} >= p_cut * 2, p_y - p_lift, p_y)`;
  const inView = (y: string, height: string) => `least(${top(y, height)} + p_h, ${y} + ${height}) - greatest(${top(y, height)}, ${y}) >= p_h * p_share`;
  // Whether a pageview's whole extent could hold the rectangle in view wherever it stands (a cheap test before the runs).
  const mayView = (y: string, height: string) => `least(greatest(p_y, p_y - p_lift) + p_h, ${y} + ${height}) - greatest(least(p_y, p_y - p_lift), ${y}) >= p_h * p_share`;
  const longestRun = `arrayMax(arrayMap(run -> arraySum(run), arraySplit((ms, cut) -> cut,
        arrayMap(s -> if(${inView('s.2', 's.3')}, s.4, 0), spans),
        arrayMap((s, gap) -> NOT (${inView('s.2', 's.3')}) OR gap > ${CONTINUITY_GAP_MS}, spans, gaps))))`;
  // Only pageviews with a second of spans, and only the probes their viewports ever covered enough, can count: the
  // others are left out before the runs are followed (their probes' counts are 0, which callers read when absent).
  // Grouped by the probe's index, one integer, rather than by its page, device and rectangle: a third faster.
  const sql = `
    SELECT p_index, toString(span_day) AS day_start, countIf(${longestRun} >= ${VIEW_MS}) AS seen
    FROM (
      SELECT page_id, device, span_day, spans, pv_top, pv_bottom,
        arrayMap((s, i) -> if(i = 1, 0, s.1 - spans[i - 1].1 - spans[i - 1].4), spans, arrayEnumerate(spans)) AS gaps
      FROM (
        SELECT page_id, device, toDate(min(ts)) AS span_day,
          arraySort(groupArray((toInt64(toUnixTimestamp64Milli(ts)), toInt64(scroll_y), toInt64(viewport_h), toInt64(duration_ms)))) AS spans,
          toInt64(min(scroll_y)) AS pv_top, toInt64(max(scroll_y + viewport_h)) AS pv_bottom
        FROM foldline.viewport_spans
        WHERE website_id IN {websiteIds:Array(UUID)} AND page_id IN {pageIds:Array(UUID)} AND (${inRanges})
          ${sampled ? `AND cityHash64(pageview_id) % 1000000 < mapFromArrays({rateKeys:Array(String)}, {rateValues:Array(Float64)})[concat(toString(page_id), ' ', device)] * 1000000` : ''}
        GROUP BY page_id, device, pageview_id
        HAVING sum(duration_ms) >= ${VIEW_MS}
      )
    ) AS pv
    INNER JOIN (
      SELECT toUUID(t.1) AS page_id, t.2 AS device, toInt64(t.3) AS p_y, toInt64(t.4) AS p_h, t.5 AS p_share, t.6 AS p_cut, t.7 AS p_lift, t.8 AS p_index
      FROM (SELECT arrayJoin(arrayZip({probePages:Array(String)}, {probeDevices:Array(String)}, {probeY:Array(UInt32)}, {probeHeight:Array(UInt32)}, {probeShare:Array(Float64)}, {probeCut:Array(Int64)}, {probeLift:Array(Int64)}, range(length({probePages:Array(String)})))) AS t)
    ) AS p ON pv.page_id = p.page_id AND pv.device = p.device
    WHERE ${mayView('pv_top', '(pv_bottom - pv_top)')}
    GROUP BY p_index, span_day
    HAVING seen > 0`;
  const bounds = Object.fromEntries(ranges.flatMap((range, i) => [[`start${i}`, toEventTime(range.start)], [`end${i}`, toEventTime(range.end)]]));
  const rows = await events.query<Record<string, unknown>>(
    sql,
    {
      websiteIds,
      pageIds,
      ...bounds,
      // Parallel arrays: the client binds arrays of scalars, not of tuples or maps.
      probePages: probes.map((probe) => probe.pageId),
      probeDevices: probes.map((probe) => probe.device),
      probeY: probes.map((probe) => probe.y),
      probeHeight: probes.map((probe) => probe.height),
      probeShare: probes.map((probe) => probe.share),
      probeCut: probes.map((probe) => (probe.lift ? (probe.cut ?? 0) : -1)),
      probeLift: probes.map((probe) => probe.lift ?? 0),
      ...(sampled ? { rateKeys: [...rates.keys()], rateValues: [...rates.values()] } : {}),
    },
    { readonly: true, maxExecutionTime: MAX_EXECUTION_TIME },
  );
  return rows.map((row) => {
    const probe = probes[Number(row.p_index)]!;
    return {
      pageId: probe.pageId,
      device: probe.device,
      day: Date.parse(`${String(row.day_start)}T00:00:00Z`),
      probe: probe.lift ? { y: probe.y, height: probe.height, share: probe.share, cut: probe.cut, lift: probe.lift } : { y: probe.y, height: probe.height, share: probe.share },
      // A sampled page's count stands for all its pageviews.
      seen: Number(row.seen) / (rates.get(`${probe.pageId} ${probe.device}`) ?? 1),
    };
  });
}

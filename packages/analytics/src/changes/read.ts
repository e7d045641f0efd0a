// What change detection and the before/after figures read from the event store, per UTC day: each unit's place and size
// (raw impressions, one pass), and the pages' pageviews and units' counts (the daily rollups).
import type { DeviceType } from '@foldline/contracts';
import { toEventTime, type EventStore } from '@foldline/event-store';
import type { AdCounts } from './compare.ts';
import { DAY_MS, dayOfText, dayText, HOLD_SHARE, MIN_HOLD_DAYS, MIN_MOVE_PX, type UnitSeries } from './detect.ts';

/** A website's 90 days of raw impressions are read in one statement: give it time, but not forever. */
const MAX_EXECUTION_TIME = 20;
/** Page ids bound in one statement, at most: a ClickHouse server takes the bound values in the request's URL. */
const MAX_PAGES_PER_STATEMENT = 2_000;
const options = { readonly: true, maxExecutionTime: MAX_EXECUTION_TIME } as const;
/** The quantile below which at most 1 − HOLD_SHARE of a day's tops lie; a constant of the code, written into the SQL
 * (an aggregate's parameter cannot be bound). */
const LEVEL = Number((1 - HOLD_SHARE).toFixed(6));

export interface ChangeScope {
  websiteIds: readonly string[];
  /** One page, with its ad units (they narrow the read to the units' part of each day); every page when absent. */
  page?: { id: string; adUnitIds: readonly string[] };
  device?: DeviceType | undefined;
}

/**
 * Per unit, page, device and UTC day in [first, last]: impressions, the median top and the tops that HOLD_SHARE of
 * them are at or below / at or above (exact quantiles; ClickHouse's quantileExact(q) is the value at rank ⌊q·n⌋), and
 * the most frequent size with its impressions. Only the series that could hold a change come back — whose median top
 * spread more than MIN_MOVE_PX, whose most frequent size varied, or that miss a day between the look-back's ends —
 * so a website's steady units cost the statement, not the answer.
 */
export async function readUnitSeries(events: EventStore, scope: ChangeScope, range: { first: number; last: number }): Promise<UnitSeries[]> {
  if (scope.websiteIds.length === 0 || scope.page?.adUnitIds.length === 0) return [];
  const rows = await events.query<Record<string, unknown>>(
    `SELECT page, unit, device_class, toString(d) AS day_text, impressions, y, low, high, size, size_impressions
     FROM (
       SELECT *,
         max(y) OVER series - min(y) OVER series AS spread,
         min(size) OVER series != max(size) OVER series AS resized,
         min(d) OVER series AS first_day, max(d) OVER series AS last_day, count() OVER series AS days
       FROM (
         SELECT page, unit, device_class, d, sum(c) AS impressions,
           quantilesExactMerge(0.5, ${LEVEL})(tops) AS q, q[1] AS y, q[2] AS low, -quantileExactMerge(${LEVEL})(negated) AS high,
           argMax(tuple(width, height), tuple(c, width, height)) AS size, max(c) AS size_impressions
         FROM (
           SELECT toString(page_id) AS page, toString(ad_unit_id) AS unit, device AS device_class, toDate(ts) AS d, width, height, count() AS c,
             quantilesExactState(0.5, ${LEVEL})(position_y) AS tops, quantileExactState(${LEVEL})(-toInt64(position_y)) AS negated
           FROM foldline.ad_events
           WHERE ${scopeSql(scope)} AND ts >= {start:DateTime64(3, 'UTC')} AND ts < {end:DateTime64(3, 'UTC')} AND kind = 'impression'
           GROUP BY page, unit, device_class, d, width, height
         )
         GROUP BY page, unit, device_class, d
       )
       WINDOW series AS (PARTITION BY page, unit, device_class)
     )
     WHERE spread > {minMove:UInt32} OR resized OR first_day > {settled:Date} OR last_day < {lastPresent:Date} OR days < dateDiff('day', first_day, last_day) + 1
     ORDER BY page, unit, device_class, d`,
    {
      ...scopeParams(scope),
      start: toEventTime(range.first * DAY_MS),
      end: toEventTime((range.last + 1) * DAY_MS),
      minMove: MIN_MOVE_PX,
      // A unit can have appeared only after MIN_HOLD_DAYS days without it, and disappeared only if missing on the last
      // MIN_HOLD_DAYS days (or on days in between: a gap).
      settled: dayText(range.first + MIN_HOLD_DAYS - 1),
      lastPresent: dayText(range.last - MIN_HOLD_DAYS + 1),
    },
    options,
  );
  const series = new Map<string, UnitSeries & { days: UnitSeries['days'][number][] }>();
  for (const row of rows) {
    const key = `${row.page} ${row.unit} ${row.device_class}`;
    let entry = series.get(key);
    if (!entry) series.set(key, (entry = { pageId: String(row.page), adUnitId: String(row.unit), device: row.device_class as DeviceType, days: [] }));
    const [width, height] = row.size as [number, number];
    entry.days.push({
      day: dayOfText(String(row.day_text)),
      impressions: Number(row.impressions),
      y: Number(row.y),
      low: Number(row.low),
      high: Number(row.high),
      width: Number(width),
      height: Number(height),
      sizeImpressions: Number(row.size_impressions),
    });
  }
  return [...series.values()];
}

export interface DailyStats {
  /** Pageviews per page and device (pageKey), per UTC day number. */
  pageviews: Map<string, Map<number, number>>;
  /** Per page and device (pageKey), each unit's impressions, viewable impressions and clicks per UTC day number. */
  units: Map<string, Map<string, Map<number, AdCounts>>>;
  /** Per page and device (pageKey), each unit's most frequent size over the range ('300x250'): what its viewable
   * impressions are valued at (a unit's size differs by device, so the unit's record cannot say). */
  sizes: Map<string, Map<string, string>>;
}

export const pageKey = (pageId: string, device: string) => `${pageId} ${device}`;

/** The pages' pageviews and their units' counts per device and UTC day in [first, last], from the daily rollups (a
 * past day's row is complete; every report counts from the same rollups). */
export async function readDailyStats(events: EventStore, scope: ChangeScope, pageIds: readonly string[], range: { first: number; last: number }): Promise<DailyStats> {
  const stats: DailyStats = { pageviews: new Map(), units: new Map(), sizes: new Map() };
  for (let i = 0; i < pageIds.length; i += MAX_PAGES_PER_STATEMENT) {
    const params = {
      websiteIds: scope.websiteIds,
      pageIds: pageIds.slice(i, i + MAX_PAGES_PER_STATEMENT),
      first: dayText(range.first),
      last: dayText(range.last),
      ...(scope.device ? { device: scope.device } : {}),
    };
    const where = `website_id IN {websiteIds:Array(UUID)} AND page_id IN {pageIds:Array(UUID)} AND day >= {first:Date} AND day <= {last:Date}${scope.device ? ' AND device = {device:String}' : ''}`;
    const [pages, units, sizes] = await Promise.all([
      events.query<Record<string, unknown>>(
        `SELECT toString(page_id) AS page, device AS device_class, toString(day) AS day_text, sum(pageviews) AS views
         FROM foldline.page_stats_daily WHERE ${where} GROUP BY page_id, device, day`,
        params,
        options,
      ),
      events.query<Record<string, unknown>>(
        `SELECT toString(page_id) AS page, toString(ad_unit_id) AS unit, device AS device_class, toString(day) AS day_text,
           sum(impressions) AS shown, sum(viewable) AS seen, sum(clicks) AS clicked
         FROM foldline.ad_stats_daily WHERE ${where} GROUP BY page_id, ad_unit_id, device, day`,
        params,
        options,
      ),
      events.query<Record<string, unknown>>(
        `SELECT toString(page_id) AS page, toString(ad_unit_id) AS unit, device AS device_class, topK(1)(tuple(width, height))[1] AS size
         FROM foldline.ad_events WHERE website_id IN {websiteIds:Array(UUID)} AND page_id IN {pageIds:Array(UUID)}
           AND ts >= toDateTime64({first:Date}, 3, 'UTC') AND kind = 'impression'${scope.device ? ' AND device = {device:String}' : ''}
         GROUP BY page_id, ad_unit_id, device`,
        params,
        options,
      ),
    ]);
    for (const row of sizes) {
      const key = pageKey(String(row.page), String(row.device_class));
      let page = stats.sizes.get(key);
      if (!page) stats.sizes.set(key, (page = new Map()));
      const [width, height] = row.size as [number, number];
      page.set(String(row.unit), `${width}x${height}`);
    }
    for (const row of pages) {
      const key = pageKey(String(row.page), String(row.device_class));
      let days = stats.pageviews.get(key);
      if (!days) stats.pageviews.set(key, (days = new Map()));
      days.set(dayOfText(String(row.day_text)), Number(row.views));
    }
    for (const row of units) {
      const key = pageKey(String(row.page), String(row.device_class));
      let page = stats.units.get(key);
      if (!page) stats.units.set(key, (page = new Map()));
      let days = page.get(String(row.unit));
      if (!days) page.set(String(row.unit), (days = new Map()));
      days.set(dayOfText(String(row.day_text)), { impressions: Number(row.shown), viewable: Number(row.seen), clicks: Number(row.clicked) });
    }
  }
  return stats;
}

/** The raw ad events of the scope: a page's are read by its units, which the table's order (website, day, unit) finds
 * without scanning the website's other units. */
function scopeSql(scope: ChangeScope): string {
  const page = scope.page ? ' AND page_id = {pageId:UUID} AND ad_unit_id IN {adUnitIds:Array(UUID)}' : '';
  return `website_id IN {websiteIds:Array(UUID)}${page}${scope.device ? ' AND device = {device:String}' : ''}`;
}

function scopeParams(scope: ChangeScope): Record<string, unknown> {
  return {
    websiteIds: scope.websiteIds,
    ...(scope.page ? { pageId: scope.page.id, adUnitIds: scope.page.adUnitIds } : {}),
    ...(scope.device ? { device: scope.device } : {}),
  };
}

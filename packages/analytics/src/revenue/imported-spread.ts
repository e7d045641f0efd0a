// The ad servers' imported revenue (metadata's revenue_days, per website, day and unit) as the reports count it: per
// unit-day and currency, what the report adds beyond Prebid's own revenue of that unit-day, spread over the unit-day's
// impressions by page and device, in the share of the day that lies in each period. One bound ClickHouse statement:
// the imported unit-days and the unit of every slot go in as array parameters.
//
// - No double count: an ad server's report already includes the revenue of Prebid's line items, so a unit-day counts
//   max(0, imported − Prebid's revenue that unit-day, same currency) on top of Prebid's.
// - Spread: a slot's share of a unit-day is its impressions on a device that day ÷ the unit's impressions that day
//   (every page and device: ad_stats_daily). A unit-day without measured impressions has nothing to spread over: it
//   stays the unit's (`unit` set, no page), and only unit and website figures count it.
// - Days: report days are taken as UTC days (the rollups' own). A period that starts or ends inside a day takes the
//   share of the day's 24 hours it covers.
import type { DeviceType } from '@foldline/contracts';
import type { EventStore } from '@foldline/event-store';
import type { TimeWindow } from '../query.ts';

/** What the rows are per. */
export type RevenueKey = 'ad_unit_id' | 'page_id' | 'website_id';

export interface ImportedSpreadQuery {
  websiteIds: readonly string[];
  /** Every slot of the units with imported revenue (all their pages, not only the ones asked about), with its unit's
   * number in `rows`. */
  slots: ReadonlyArray<{ id: string; unit: number }>;
  /** Imported revenue per unit (1-based number), UTC day and currency, in millionths. */
  rows: ReadonlyArray<{ unit: number; day: string; currency: string; micros: number }>;
  range: TimeWindow;
  comparison?: TimeWindow | undefined;
  by: RevenueKey;
  pageIds?: readonly string[] | undefined;
  device?: DeviceType | undefined;
  /** Count unit-days without measured impressions (the unit's, no page's). */
  unspread: boolean;
}

export interface ImportedSpreadRow {
  period: 'current' | 'previous';
  /** The slot, page or website; '' for a unit's unspread revenue. */
  key: string;
  /** The website of a spread row; '' for an unspread one (its unit says). */
  websiteId: string;
  /** The unit's number for unspread revenue, else 0. */
  unit: number;
  currency: string;
  /** Units of the currency. */
  amount: number;
}

const DAY_MS = 86_400_000;
const ZERO_UUID = '00000000-0000-0000-0000-000000000000';
const MAX_EXECUTION_TIME = 10;

const dayOf = (time: number) => new Date(Math.floor(time / DAY_MS) * DAY_MS).toISOString().slice(0, 10);

/** The UTC days a window touches, first and the one after the last. */
export function daysOf(window: TimeWindow): { first: string; after: string } {
  return { first: dayOf(window.start.getTime()), after: dayOf(Math.ceil(window.end.getTime() / DAY_MS) * DAY_MS) };
}

/** The statement; exported for its test. */
export function importedSpreadSql(query: ImportedSpreadQuery): { sql: string; params: Record<string, unknown> } {
  const start = (query.comparison ?? query.range).start;
  const days = daysOf({ start, end: query.range.end });
  // A unit whose slots are all gone still has its unspread revenue: transform() takes no empty arrays.
  const slots = query.slots.length > 0 ? query.slots : [{ id: ZERO_UUID, unit: 0 }];
  const params: Record<string, unknown> = {
    website_ids: query.websiteIds,
    slot_ids: slots.map((slot) => slot.id),
    slot_units: slots.map((slot) => slot.unit),
    imported_units: query.rows.map((row) => row.unit),
    imported_days: query.rows.map((row) => row.day),
    imported_currencies: query.rows.map((row) => row.currency),
    imported_micros: query.rows.map((row) => row.micros),
    first_day: days.first,
    after_day: days.after,
    current_start: query.range.start.getTime(),
    current_end: query.range.end.getTime(),
  };
  // The share of a day (its 24 UTC hours) inside a window.
  const dayStart = 'toInt64(toUnixTimestamp(toDateTime(day, \'UTC\'))) * 1000';
  const share = (from: string, to: string) => `greatest(0, least(${dayStart} + ${DAY_MS}, {${to}:Int64}) - greatest(${dayStart}, {${from}:Int64})) / ${DAY_MS}`;
  const periods = [`('current', ${share('current_start', 'current_end')})`];
  if (query.comparison) {
    params.previous_start = query.comparison.start.getTime();
    periods.push(`('previous', ${share('previous_start', 'current_start')})`);
  }
  const filters: string[] = [];
  if (query.pageIds) {
    params.page_ids = query.pageIds;
    filters.push('page_id IN {page_ids:Array(UUID)}');
  }
  if (query.device) {
    params.device = query.device;
    filters.push('device = {device:String}');
  }
  // A website's total needs no spread: every unit-day's revenue is the website's, on whichever page and device.
  const whole = query.by === 'website_id' && query.unspread && filters.length === 0;
  const spreadRows = ['spread', ...filters].join(' AND ');
  const kept = query.unspread ? `((${spreadRows}) OR NOT spread)` : spreadRows;
  const unitOf = 'transform(ad_unit_id, {slot_ids:Array(UUID)}, {slot_units:Array(UInt32)}, toUInt32(0))';
  const sql = `WITH
  imported AS (
    SELECT tupleElement(entry, 1) AS unit, tupleElement(entry, 2) AS day, tupleElement(entry, 3) AS currency, tupleElement(entry, 4) / 1000000 AS gross
    FROM (SELECT arrayJoin(arrayZip({imported_units:Array(UInt32)}, {imported_days:Array(Date)}, {imported_currencies:Array(String)}, {imported_micros:Array(Int64)})) AS entry)
  ),
  prebid AS (
    SELECT ${unitOf} AS unit, day, currency, sum(revenue) AS prebid_revenue
    FROM foldline.ad_revenue_daily
    WHERE website_id IN {website_ids:Array(UUID)} AND ad_unit_id IN {slot_ids:Array(UUID)} AND day >= {first_day:Date} AND day < {after_day:Date} AND currency != ''
    GROUP BY unit, day, currency
  ),
  net AS (
    SELECT imported.unit AS unit, imported.day AS day, imported.currency AS currency, greatest(0, imported.gross - prebid.prebid_revenue) AS net_revenue
    FROM imported LEFT JOIN prebid ON imported.unit = prebid.unit AND imported.day = prebid.day AND imported.currency = prebid.currency
  ),
  shown AS (
    SELECT website_id, page_id, ad_unit_id, device, unit, day, impressions, sum(impressions) OVER (PARTITION BY unit, day) AS unit_impressions
    FROM (
      SELECT website_id, page_id, ad_unit_id, device, ${unitOf} AS unit, day, sum(impressions) AS impressions
      FROM foldline.ad_stats_daily
      WHERE website_id IN {website_ids:Array(UUID)} AND ad_unit_id IN {slot_ids:Array(UUID)} AND day >= {first_day:Date} AND day < {after_day:Date}
      GROUP BY website_id, page_id, ad_unit_id, device, unit, day
      HAVING impressions > 0
    )
  )
SELECT tupleElement(period_share, 1) AS period, if(spread, ${query.by}, toUUID('${ZERO_UUID}')) AS key, if(spread, website_id, toUUID('${ZERO_UUID}')) AS website,
  if(spread, toUInt32(0), net_unit) AS unit, currency, sum(net_revenue * slot_share * tupleElement(period_share, 2)) AS amount
FROM (
  ${
    whole
      ? `SELECT net.unit AS net_unit, net.day AS day, net.currency AS currency, net.net_revenue AS net_revenue, false AS spread, 1 AS slot_share,
    toUUID('${ZERO_UUID}') AS website_id
  FROM net`
      : // The unit-days (few) are the join's table in memory; the slots' days stream past it, and a unit-day none matched
        // comes out with no impressions: unspread.
        `SELECT net.unit AS net_unit, net.day AS day, net.currency AS currency, net.net_revenue AS net_revenue, shown.unit_impressions > 0 AS spread,
    if(spread, shown.impressions / shown.unit_impressions, 1) AS slot_share,
    shown.website_id AS website_id, shown.page_id AS page_id, shown.ad_unit_id AS ad_unit_id, shown.device AS device
  FROM shown RIGHT JOIN net ON shown.unit = net.unit AND shown.day = net.day`
  }
  WHERE net.net_revenue > 0
)
ARRAY JOIN [${periods.join(', ')}] AS period_share
WHERE tupleElement(period_share, 2) > 0 AND ${kept}
GROUP BY period, key, website, unit, currency`;
  return { sql, params };
}

/** The imported revenue per period, key and currency (and per unit where it has no page). */
export async function readImportedSpread(events: EventStore, query: ImportedSpreadQuery): Promise<ImportedSpreadRow[]> {
  if (query.rows.length === 0 || query.websiteIds.length === 0) return [];
  const { sql, params } = importedSpreadSql(query);
  const rows = await events.query<{ period: string; key: string; website: string; unit: number | string; currency: string; amount: number | string }>(sql, params, {
    readonly: true,
    maxExecutionTime: MAX_EXECUTION_TIME,
  });
  return rows.map((row) => ({
    period: row.period === 'previous' ? 'previous' : 'current',
    key: row.key === ZERO_UUID ? '' : row.key,
    websiteId: row.website === ZERO_UUID ? '' : row.website,
    unit: Number(row.unit),
    currency: row.currency,
    amount: Number(row.amount),
  }));
}

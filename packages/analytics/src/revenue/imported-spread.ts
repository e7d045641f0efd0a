// The ad servers' imported revenue (metadata's revenue_days, per website, day and unit) as the reports count it: per
// unit-day and currency, what the report adds beyond Prebid's own revenue of that unit-day, spread over the unit-day's
// impressions by page and device, in the share of the day that lies in each period.
//
// - No double count: an ad server's report already includes the revenue of Prebid's line items, so a unit-day counts
//   max(0, imported − Prebid's revenue that unit-day, same currency) on top of Prebid's. Where the publisher gave
//   exchange rates, or an imported report gave that day's (imported-rates.ts), Prebid's revenue in the other rated
//   currencies is converted and taken off too: a report in euros of a website paid in dollars includes the dollar bids
//   Prebid won.
// - Spread: a slot's share of a unit-day is its impressions on a device that day ÷ the unit's impressions that day
//   (every page and device: ad_stats_daily). A unit-day without measured impressions has nothing to spread over: it
//   stays the unit's (`unitKey` set, no page), and only unit and website figures count it.
// - Days: report days are taken as UTC days (the rollups' own). A period that starts or ends inside a day takes the
//   share of the day's 24 hours it covers.
//
// Kept, not joined on every call: the spread of a website is written to the event store's imported_revenue_spread
// (migration 025) once per state of its imports (writeSpread), per website, page and slot, and a report reads the rows
// of its own keys with one short statement (readImportedSpread). Joining the imported days with every slot's
// impressions took 60 to 200 ms a call at 10 M events on the embedded engine, which runs one statement at a time. The
// state is the website's count of imported unit-days and their latest import time, its exchange rates if it has any
// (the publisher's, and the imported reports' per day), and for a website with days of the last two days also the
// hour: those days' impressions may still arrive, so their spread is written again each hour.
// A process writes a version it finds no finished write of, and then reads that one write's rows (two processes
// writing at once each read their own: nothing counts twice). The rows stay in the report's currency; the read
// converts them at the imported reports' rate of their day where the publisher gave none.
import { createHash, randomUUID } from 'node:crypto';
import { adUnitKey, type DeviceType } from '@foldline/contracts';
import { NIL_UUID, type EventStore } from '@foldline/event-store';
import type { MetadataDb } from '@foldline/metadata';
import { importedRevenue, importedRevenueStates, type ImportedRevenueState } from '@foldline/metadata/revenue-days/revenue-days.repository';
import { forEachInSlices, yieldToEventLoop } from '../event-loop.ts';
import type { TimeWindow } from '../query.ts';
import { readByIdInChunks } from '../scope.ts';
import { websiteMoney, type WebsiteMoney } from './currencies.ts';
import { forgetSpreadRows, heldSpreadRows, sumSpreadRows, type SpreadSum } from './spread-rows.ts';
import { importedDayFactors, type DayFactors } from './imported-rates.ts';

/** What the rows are per. */
export type RevenueKey = 'ad_unit_id' | 'page_id' | 'website_id';

/** The write of a website's spread to read. */
export interface SpreadWrite {
  version: string;
  writer: string;
  /** The imported reports' rates into the website's currency per day, for the currencies the publisher gave none:
   * the read converts with them. */
  days?: DayFactors | undefined;
}

export interface ImportedSpreadQuery {
  /** Each website with imported revenue and the write of its spread to read (importedSpreads). */
  spreads: ReadonlyMap<string, SpreadWrite>;
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
  websiteId: string;
  /** The unit's key for unspread revenue, else ''. */
  unitKey: string;
  currency: string;
  /** Units of the currency; with `converted`, of the website's currency. */
  amount: number;
  /** Converted into the website's currency at the imported reports' rates of its days. */
  converted?: true;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MAX_EXECUTION_TIME = 10;
/** Days of imported revenue spread in one statement: their unit-days go in as array parameters. */
const DAYS_PER_WRITE = 31;
/** Days before today whose impressions may still arrive: a website with imported days this recent is spread again
 * each hour. */
const RECENT_DAYS = 2;
/** How long a process trusts that a version it wrote is still there (another process may clear the website's data). */
const TRUSTED_MS = 10 * 60_000;

const dayOf = (time: number) => new Date(Math.floor(time / DAY_MS) * DAY_MS).toISOString().slice(0, 10);

/** The UTC days a window touches: the first, the last, and the one after the last. */
export function daysOf(window: TimeWindow): { first: string; last: string; after: string } {
  const after = Math.ceil(window.end.getTime() / DAY_MS) * DAY_MS;
  return { first: dayOf(window.start.getTime()), last: dayOf(after - DAY_MS), after: dayOf(after) };
}

/** A website's currency and what 1 of each other rated currency is worth in it, for the spread's no-double-count. */
export interface SpreadRates {
  currency: string;
  factors: ReadonlyMap<string, number>;
  /** The imported reports' rates per day, for the currencies `factors` leaves out. */
  days?: DayFactors | undefined;
}

/** The version of a website's spread for a state of its imports (and its rates), at a time. */
function spreadVersion(websiteId: string, state: ImportedRevenueState, now: number, rates?: SpreadRates): string {
  const recent = state.lastDay >= dayOf(now - RECENT_DAYS * DAY_MS);
  const sorted = (map: ReadonlyMap<string, number>) => [...map].sort(([a], [b]) => a.localeCompare(b));
  const rated = rates
    ? `/r${createHash('sha256')
        .update(JSON.stringify([rates.currency, ...sorted(rates.factors), ...(rates.days ? ['days', ...sorted(rates.days)] : [])]))
        .digest('hex')
        .slice(0, 12)}`
    : '';
  return `${websiteId}/${state.rows}/${state.lastImport}${rated}${recent ? `/${Math.floor(now / HOUR_MS)}` : ''}`;
}

/** The spread's rates of a website: none without exchange rates, the publisher's or the imported reports'. */
function ratesOf(money: WebsiteMoney, websiteId: string, days: DayFactors | undefined): SpreadRates | undefined {
  const currency = money.currencies.get(websiteId);
  const factors = money.rates.get(websiteId) ?? new Map<string, number>();
  if (!currency || (factors.size === 0 && !days?.size)) return undefined;
  return { currency, factors, ...(days?.size ? { days } : {}) };
}

/** Per event store, each website's write this process reads and until when it trusts it is there, and the writes
 * under way. */
const known = new WeakMap<EventStore, Map<string, SpreadWrite & { until: number }>>();
const writing = new WeakMap<EventStore, Map<string, Promise<string>>>();

/** Forgets the spreads written: a website's events were deleted, and its spread with them. */
export function forgetImportedSpread(events: EventStore): void {
  known.delete(events);
  forgetSpreadRows(events);
}

/** The write to read of each website with imported revenue on the days of the window: one this process knows, else
 * the first finished one in the store, else one it writes now. `money`: the websites' currencies and rates, when the
 * caller reads them anyway (read here otherwise). */
export async function importedSpreads(
  db: MetadataDb,
  events: EventStore,
  websiteIds: readonly string[],
  window: TimeWindow,
  money?: Promise<WebsiteMoney>,
): Promise<Map<string, SpreadWrite>> {
  const spreads = new Map<string, SpreadWrite>();
  if (websiteIds.length === 0) return spreads;
  const { first, after } = daysOf(window);
  const states = await importedRevenueStates(db, websiteIds);
  const withImports = [...states.keys()];
  const rates = withImports.length === 0 ? undefined : await (money ?? websiteMoney(db, events, withImports));
  const spans = [...states.values()];
  const days = rates
    ? await importedDayFactors(db, rates, withImports, spans.map((state) => state.firstDay).sort()[0]!, spans.map((state) => state.lastDay).sort().at(-1)!)
    : new Map<string, DayFactors>();
  const now = Date.now();
  let kept = known.get(events);
  if (!kept) known.set(events, (kept = new Map()));
  const unknown = new Map<string, { version: string; state: ImportedRevenueState; rates: SpreadRates | undefined }>();
  for (const [websiteId, state] of states) {
    if (state.lastDay < first || state.firstDay >= after) continue;
    const websiteRates = rates && ratesOf(rates, websiteId, days.get(websiteId));
    const version = spreadVersion(websiteId, state, now, websiteRates);
    const mine = kept.get(websiteId);
    if (mine?.version === version && mine.until > now) spreads.set(websiteId, { version, writer: mine.writer, days: websiteRates?.days });
    else unknown.set(websiteId, { version, state, rates: websiteRates });
  }
  if (unknown.size === 0) return spreads;
  const finished = await finishedWriters(events, [...unknown].map(([websiteId, { version }]) => ({ websiteId, version })));
  let pending = writing.get(events);
  if (!pending) writing.set(events, (pending = new Map()));
  const inFlight = pending;
  const trusted = kept;
  await Promise.all(
    [...unknown].map(async ([websiteId, { version, state, rates: websiteRates }]) => {
      let writer = finished.get(version);
      if (writer === undefined) {
        let write = inFlight.get(version);
        if (!write) {
          write = writeSpread(db, events, websiteId, version, state, websiteRates).finally(() => inFlight.delete(version));
          inFlight.set(version, write);
        }
        writer = await write;
      }
      trusted.set(websiteId, { version, writer, until: Date.now() + TRUSTED_MS });
      spreads.set(websiteId, { version, writer, days: websiteRates?.days });
    }),
  );
  return spreads;
}

/** The first finished write (it has its marker row) of each version that has one. */
async function finishedWriters(events: EventStore, versions: ReadonlyArray<{ websiteId: string; version: string }>): Promise<Map<string, string>> {
  const rows = await events.query<{ version: string; writer: string }>(
    `SELECT version, min(writer) AS writer FROM foldline.imported_revenue_spread
     WHERE website_id IN {website_ids:Array(UUID)} AND version IN {versions:Array(String)} AND day = toDate(0)
     GROUP BY version`,
    { website_ids: versions.map((entry) => entry.websiteId), versions: versions.map((entry) => entry.version) },
    { readonly: true, maxExecutionTime: MAX_EXECUTION_TIME },
  );
  return new Map(rows.map((row) => [row.version, row.writer]));
}

/** Writes the spread of the websites' imported revenue for its current state (after an import, so that the next report
 * finds it written). */
export async function spreadImportedRevenue(db: MetadataDb, events: EventStore, websiteIds: readonly string[]): Promise<void> {
  await importedSpreads(db, events, websiteIds, { start: new Date(0), end: new Date(Date.now() + DAY_MS) });
}

/** Writes a website's spread under a version, a month of days per statement, then its marker row (the write is
 * finished), then deletes its older versions; gives the write's id. */
async function writeSpread(db: MetadataDb, events: EventStore, websiteId: string, version: string, state: ImportedRevenueState, rates: SpreadRates | undefined): Promise<string> {
  const slotsByUnit = await slotsOfWebsite(db, websiteId);
  const writer = randomUUID();
  for (let from = Date.parse(state.firstDay); from <= Date.parse(state.lastDay); from += DAYS_PER_WRITE * DAY_MS) {
    const to = Math.min(from + DAYS_PER_WRITE * DAY_MS, Date.parse(state.lastDay) + DAY_MS) - DAY_MS;
    const rows = await importedRevenue(db, [websiteId], dayOf(from), dayOf(to));
    if (rows.length > 0) {
      // The units with imported revenue these days, numbered from 1, and every slot of theirs on the website.
      const units = new Map<string, number>();
      const unitKeys: string[] = [];
      const imported = rows.map((row) => {
        let unit = units.get(row.unitKey);
        if (unit === undefined) {
          unitKeys.push(row.unitKey);
          units.set(row.unitKey, (unit = unitKeys.length));
        }
        return { unit, day: row.day, currency: row.currency, micros: row.revenueMicros };
      });
      const slots = [...units].flatMap(([key, unit]) => (slotsByUnit.get(key) ?? []).map((id) => ({ id, unit })));
      const { sql, params } = spreadInsertSql({ websiteId, version, writer, unitKeys, slots, rows: imported, first: dayOf(from), after: dayOf(to + DAY_MS), rates });
      await events.command(sql, params);
    }
    await yieldToEventLoop();
  }
  await events.insert('foldline.imported_revenue_spread', [
    { website_id: websiteId, version, writer, grain: 'website', key_id: websiteId, day: '1970-01-01', page_id: NIL_UUID, device: '', unit_key: '', currency: '', revenue: 0 },
  ]);
  // Older versions are of no further use; a read under way of one of them in another process may miss them.
  await events.command('DELETE FROM foldline.imported_revenue_spread WHERE website_id = {website:UUID} AND version != {version:String}', { website: websiteId, version });
  return writer;
}

/** Every slot of the website, by its unit's key. */
async function slotsOfWebsite(db: MetadataDb, websiteId: string): Promise<Map<string, string[]>> {
  const rows = await readByIdInChunks((after, limit) =>
    db
      .selectFrom('ad_units')
      .select(['id', 'google_ad_slot_id', 'slot_key'])
      .where('website_id', '=', websiteId)
      .$if(after !== undefined, (query) => query.where('id', '>', after!))
      .orderBy('id')
      .limit(limit)
      .execute(),
  );
  const slots = new Map<string, string[]>();
  await forEachInSlices(rows, (row) => {
    const key = adUnitKey(row);
    const list = slots.get(key);
    if (list) list.push(row.id);
    else slots.set(key, [row.id]);
  });
  return slots;
}

interface SpreadInsert {
  websiteId: string;
  version: string;
  /** This write's id. */
  writer: string;
  /** Each unit's key, by its number − 1. */
  unitKeys: readonly string[];
  /** Every slot of those units, with its unit's number. */
  slots: ReadonlyArray<{ id: string; unit: number }>;
  /** Imported revenue per unit (1-based number), UTC day and currency, in millionths. */
  rows: ReadonlyArray<{ unit: number; day: string; currency: string; micros: number }>;
  /** The days, first and the one after the last. */
  first: string;
  after: string;
  /** The website's exchange rates: Prebid's revenue in any rated currency is taken off a report in any other. */
  rates?: SpreadRates | undefined;
}

/** The statement that writes one stretch of days of a website's spread; exported for its test. */
export function spreadInsertSql(input: SpreadInsert): { sql: string; params: Record<string, unknown> } {
  // A unit whose slots are all gone still has its unspread revenue: transform() takes no empty arrays.
  const slots = input.slots.length > 0 ? input.slots : [{ id: NIL_UUID, unit: 0 }];
  const params: Record<string, unknown> = {
    website: input.websiteId,
    version: input.version,
    writer: input.writer,
    unit_keys: input.unitKeys,
    slot_ids: slots.map((slot) => slot.id),
    slot_units: slots.map((slot) => slot.unit),
    imported_units: input.rows.map((row) => row.unit),
    imported_days: input.rows.map((row) => row.day),
    imported_currencies: input.rows.map((row) => row.currency),
    imported_micros: input.rows.map((row) => row.micros),
    first_day: input.first,
    after_day: input.after,
  };
  const unitOf = 'transform(ad_unit_id, {slot_ids:Array(UUID)}, {slot_units:Array(UInt32)}, toUInt32(0))';
  // Prebid's revenue that unit-day to take off: in the report's currency; with rates, every rated currency's converted
  // into it through the website's (1 of a currency is `factor` of the website's, which is 1): the publisher's rate, else
  // the imported reports' of that day.
  let prebidOff = 'prebid.prebid_revenue';
  let converted = '';
  let joinConverted = '';
  if (input.rates) {
    params.rate_currencies = [input.rates.currency, ...input.rates.factors.keys()];
    params.rate_factors = [1, ...input.rates.factors.values()];
    const days = input.rates.days;
    if (days?.size) {
      params.rate_day_keys = [...days.keys()];
      params.rate_day_factors = [...days.values()];
    }
    const factorOf = (currency: string, day: string, otherwise: string) => {
      const fallback = days?.size
        ? `transform(concat(toString(${day}), '|', ${currency}), {rate_day_keys:Array(String)}, {rate_day_factors:Array(Float64)}, toFloat64(${otherwise}))`
        : `toFloat64(${otherwise})`;
      return `transform(${currency}, {rate_currencies:Array(String)}, {rate_factors:Array(Float64)}, ${fallback})`;
    };
    converted = `,
  prebid_converted AS (
    SELECT unit, day, sum(prebid_revenue * ${factorOf('currency', 'day', '0')}) AS website_revenue
    FROM prebid
    GROUP BY unit, day
  )`;
    const rated = days?.size ? `${factorOf('imported.currency', 'imported.day', '0')} > 0` : 'has({rate_currencies:Array(String)}, imported.currency)';
    prebidOff = `if(${rated}, converted.website_revenue / ${factorOf('imported.currency', 'imported.day', '1')}, prebid.prebid_revenue)`;
    joinConverted = '\n    LEFT JOIN prebid_converted AS converted ON imported.unit = converted.unit AND imported.day = converted.day';
  }
  const days = 'website_id = {website:UUID} AND ad_unit_id IN {slot_ids:Array(UUID)} AND day >= {first_day:Date} AND day < {after_day:Date}';
  const sql = `INSERT INTO foldline.imported_revenue_spread (website_id, version, writer, grain, key_id, day, page_id, device, unit_key, currency, revenue)
WITH
  imported AS (
    SELECT tupleElement(entry, 1) AS unit, tupleElement(entry, 2) AS day, tupleElement(entry, 3) AS currency, tupleElement(entry, 4) / 1000000 AS gross
    FROM (SELECT arrayJoin(arrayZip({imported_units:Array(UInt32)}, {imported_days:Array(Date)}, {imported_currencies:Array(String)}, {imported_micros:Array(Int64)})) AS entry)
  ),
  prebid AS (
    SELECT ${unitOf} AS unit, day, currency, sum(revenue) AS prebid_revenue
    FROM foldline.ad_revenue_daily
    WHERE ${days} AND currency != ''
    GROUP BY unit, day, currency
  )${converted},
  net AS (
    SELECT imported.unit AS unit, imported.day AS day, imported.currency AS currency, greatest(0, imported.gross - ${prebidOff}) AS net_revenue
    FROM imported LEFT JOIN prebid ON imported.unit = prebid.unit AND imported.day = prebid.day AND imported.currency = prebid.currency${joinConverted}
  ),
  shown AS (
    SELECT page_id, ad_unit_id, device, unit, day, impressions, sum(impressions) OVER (PARTITION BY unit, day) AS unit_impressions
    FROM (
      SELECT page_id, ad_unit_id, device, ${unitOf} AS unit, day, sum(impressions) AS impressions
      FROM foldline.ad_stats_daily
      WHERE ${days}
      GROUP BY page_id, ad_unit_id, device, unit, day
      HAVING impressions > 0
    )
  )
SELECT {website:UUID}, {version:String}, {writer:UUID}, grain,
  multiIf(grain = 'website', {website:UUID}, grain = 'page', page_id, if(spread, ad_unit_id, toUUID('${NIL_UUID}'))) AS key,
  day, if(grain = 'website' OR NOT spread, toUUID('${NIL_UUID}'), page_id) AS page, if(grain = 'website' OR NOT spread, '', device) AS on_device,
  if(grain = 'slot' AND NOT spread, arrayElement({unit_keys:Array(String)}, unit), '') AS unit_key_of, currency,
  sum(net_revenue * if(spread, impressions / unit_impressions, 1))
FROM (
  -- The unit-days (few) are the join's table in memory; the slots' days stream past it, and a unit-day none matched
  -- comes out with no impressions: unspread.
  SELECT net.unit AS unit, net.day AS day, net.currency AS currency, net.net_revenue AS net_revenue, shown.unit_impressions > 0 AS spread,
    shown.page_id AS page_id, shown.ad_unit_id AS ad_unit_id, shown.device AS device, shown.impressions AS impressions, shown.unit_impressions AS unit_impressions
  FROM shown RIGHT JOIN net ON shown.unit = net.unit AND shown.day = net.day
  WHERE net.net_revenue > 0
) AS joined
ARRAY JOIN ['website', 'page', 'slot'] AS grain
WHERE grain != 'page' OR spread
GROUP BY grain, key, day, page, on_device, unit_key_of, currency`;
  return { sql, params };
}

/** A period's share of each day: 1 for its whole days [first, after), a part for the days where it starts and ends. */
export interface DayShares {
  first: string;
  after: string;
  edges: ReadonlyMap<string, number>;
}

/** What a read of the spread takes, worked out once for the statement and for rows held in memory (spread-rows.ts). */
export interface SpreadPlan {
  grain: 'website' | 'page' | 'slot';
  /** Rows summed per website (a website's total from its page rows, for a page or device filter), else per key. */
  perWebsite: boolean;
  /** The days read, [first, after). */
  first: string;
  after: string;
  current: DayShares;
  previous?: DayShares | undefined;
  /** Filters: the pages (on the key for page rows, else on the row's page), the device, and for slot rows whether only
   * spread rows count (unspread ones too, whatever the filters, with `unspread`). */
  pageIds?: ReadonlySet<string> | undefined;
  device?: string | undefined;
  spreadOnly: boolean;
  unspread: boolean;
  /** 'website|YYYY-MM-DD|currency' → the imported reports' rate into the website's currency, for amounts without one
   * from the publisher; undefined when none applies. */
  dayRates?: ReadonlyMap<string, number> | undefined;
}

export function spreadPlan(query: ImportedSpreadQuery): SpreadPlan {
  const days = daysOf({ start: (query.comparison ?? query.range).start, end: query.range.end });
  const shares = (window: TimeWindow): DayShares => {
    const whole = { first: dayOf(Math.ceil(window.start.getTime() / DAY_MS) * DAY_MS), after: dayOf(window.end.getTime()) };
    const edges = new Map<string, number>();
    for (const time of [window.start.getTime(), window.end.getTime()]) {
      const from = Math.floor(time / DAY_MS) * DAY_MS;
      const part = Math.max(0, Math.min(from + DAY_MS, window.end.getTime()) - Math.max(from, window.start.getTime())) / DAY_MS;
      if (dayOf(from) < whole.first || dayOf(from) >= whole.after) edges.set(dayOf(from), part);
    }
    return { ...whole, edges };
  };
  const dayRates = new Map<string, number>();
  for (const [websiteId, spread] of query.spreads) {
    // Keys are 'YYYY-MM-DD|EUR': compared as text, the day decides.
    for (const [key, factor] of spread.days ?? []) if (key >= days.first && key < days.after) dayRates.set(`${websiteId}|${key}`, factor);
  }
  // Each report reads the rows of its own keys: a website's total its day rows, unless it is for a page or device.
  const filtered = query.pageIds !== undefined || query.device !== undefined;
  const grain = query.by === 'ad_unit_id' ? 'slot' : query.by === 'page_id' || filtered ? 'page' : 'website';
  return {
    grain,
    perWebsite: grain === 'page' && query.by === 'website_id',
    first: days.first,
    after: days.after,
    current: shares(query.range),
    previous: query.comparison && shares({ start: query.comparison.start, end: query.range.start }),
    pageIds: query.pageIds && new Set(query.pageIds),
    device: query.device,
    // A unit-day with nothing to spread over counts only for the unit's, and the website's, total.
    spreadOnly: grain === 'slot' && !query.unspread,
    unspread: grain === 'slot' && query.unspread,
    dayRates: dayRates.size > 0 ? dayRates : undefined,
  };
}

/** The statement that reads the spread; exported for its test. */
export function importedSpreadSql(query: ImportedSpreadQuery): { sql: string; params: Record<string, unknown> } {
  const plan = spreadPlan(query);
  const spreads = [...query.spreads.values()];
  const params: Record<string, unknown> = {
    website_ids: [...query.spreads.keys()],
    versions: spreads.map((spread) => spread.version),
    writers: spreads.map((spread) => spread.writer),
    first_day: plan.first,
    after_day: plan.after,
  };
  const share = (name: string, shares: DayShares) => {
    params[`${name}_first`] = shares.first;
    params[`${name}_after`] = shares.after;
    params[`${name}_edge_days`] = [...shares.edges.keys()];
    params[`${name}_edge_shares`] = [...shares.edges.values()];
    return `if(day >= {${name}_first:Date} AND day < {${name}_after:Date}, 1, transform(day, {${name}_edge_days:Array(Date)}, {${name}_edge_shares:Array(Float64)}, toFloat64(0)))`;
  };
  // Amounts the publisher gave no rate for, converted at the imported reports' rate of their day (dayRate > 0).
  let dayRate = '';
  let factor = '';
  if (plan.dayRates) {
    params.day_rate_keys = [...plan.dayRates.keys()];
    params.day_rate_factors = [...plan.dayRates.values()];
    dayRate = "WITH transform(concat(toString(website_id), '|', toString(day), '|', currency), {day_rate_keys:Array(String)}, {day_rate_factors:Array(Float64)}, toFloat64(0)) AS day_rate\n";
    factor = ' * if(day_rate > 0, day_rate, 1)';
  }
  const current = `sum(revenue * ${share('current', plan.current)}${factor})`;
  const previous = plan.previous ? `sum(revenue * ${share('previous', plan.previous)}${factor})` : '0';
  params.grain = plan.grain;
  const conditions = [
    'website_id IN {website_ids:Array(UUID)} AND version IN {versions:Array(String)} AND writer IN {writers:Array(UUID)} AND grain = {grain:String}',
    'day >= {first_day:Date} AND day < {after_day:Date}',
  ];
  const filters: string[] = [];
  if (plan.pageIds) {
    params.page_ids = query.pageIds;
    filters.push(`${plan.grain === 'page' ? 'key_id' : 'page_id'} IN {page_ids:Array(UUID)}`);
  }
  if (plan.device) {
    params.device = plan.device;
    filters.push('device = {device:String}');
  }
  if (plan.spreadOnly) filters.push("unit_key = ''");
  if (filters.length > 0) conditions.push(plan.unspread ? `((${filters.join(' AND ')}) OR unit_key != '')` : filters.join(' AND '));
  const key = plan.perWebsite ? 'website_id' : 'key_id';
  const sql = `${dayRate}SELECT ${key} AS key, website_id AS website, unit_key, currency, ${current} AS current, ${previous} AS previous${dayRate ? ', day_rate > 0 AS converted' : ''}
FROM foldline.imported_revenue_spread
WHERE ${conditions.join(' AND ')}
GROUP BY key, website, unit_key, currency${dayRate ? ', converted' : ''}`;
  return { sql, params };
}

/** The imported revenue per period, key and currency (and per unit where it has no page): summed in memory when the
 * writes' rows are held (spread-rows.ts), else by the store while they are read. */
export async function readImportedSpread(events: EventStore, query: ImportedSpreadQuery): Promise<ImportedSpreadRow[]> {
  if (query.spreads.size === 0) return [];
  const held = heldSpreadRows(events, query.spreads);
  let rows: SpreadSum[];
  if (held) rows = sumSpreadRows(held, spreadPlan(query));
  else {
    const { sql, params } = importedSpreadSql(query);
    rows = await events.query<SpreadSum>(sql, params, { readonly: true, maxExecutionTime: MAX_EXECUTION_TIME });
  }
  return rows.flatMap((row) => {
    const base = {
      key: row.unit_key !== '' ? '' : row.key,
      websiteId: row.website,
      unitKey: row.unit_key,
      currency: row.currency,
      ...(row.converted === true || Number(row.converted) === 1 ? { converted: true as const } : {}),
    };
    const periods: ImportedSpreadRow[] = [];
    if (Number(row.current) > 0) periods.push({ period: 'current', ...base, amount: Number(row.current) });
    if (Number(row.previous) > 0) periods.push({ period: 'previous', ...base, amount: Number(row.previous) });
    return periods;
  });
}

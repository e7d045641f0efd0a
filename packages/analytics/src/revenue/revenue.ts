// What the revenue reports read (docs/notes/revenue.md, "Revenue figures"): per slot, page or website and period, the
// revenue in the website's currency (Prebid's winning bids, plus the ad servers' imported revenue beyond them), the
// Prebid auctions and wins and the empty renders; amounts in another currency converted and added where the publisher
// gave its rate (said in `sources.converted`), else, for imported revenue, at the rate its report gave for the day
// (`sources.reportRates`), else apart, never added; and which sources there were. The Prebid
// figures come through the query model (the revenue rollups), in the statement that reads the report's other figures
// of the same keys (`with`: the embedded engine runs one statement at a time, so every statement saved is time saved);
// the imported revenue, kept spread over impressions, in one more short one, only where there is imported revenue
// (imported-spread.ts).
import type { DeviceType } from '@foldline/contracts';
import { hasImportedRevenue } from '@foldline/metadata/revenue-days/revenue-days.repository';
import type { AnalyticsContext } from '../context.ts';
import { forEachInSlices, yieldToEventLoop } from '../event-loop.ts';
import { runQuery } from '../execute.ts';
import type { AnalyticsQuery, Metric, ResultRow, TimeWindow } from '../query.ts';
import { websiteMoney } from './currencies.ts';
import { daysOf, importedSpreads, readImportedSpread, type RevenueKey } from './imported-spread.ts';

export type { RevenueKey } from './imported-spread.ts';
export type RevenuePeriod = 'current' | 'previous';

export interface RevenueRequest {
  /** In scope already (scope.ts). */
  websiteIds: readonly string[];
  range: TimeWindow;
  comparison?: TimeWindow | undefined;
  by: RevenueKey;
  pageIds?: readonly string[] | undefined;
  device?: DeviceType | undefined;
  /** Other additive metrics of the same keys, read in the same statement (`RevenueReading.metrics`). */
  with?: readonly Metric[];
  /** The rows of `prebidQuery(request)` when the caller has read them itself (with its other statements). */
  prebidRows?: readonly ResultRow[];
}

/** A slot's, page's or website's revenue and counts in a period. Amounts in its website's currency. */
export interface RevenueTotals {
  /** Prebid plus imported. */
  revenue: number;
  prebid: number;
  /** The imported revenue beyond Prebid's, spread (with a website key, also what had no impressions to spread over). */
  imported: number;
  auctions: number;
  wins: number;
  empties: number;
}

export interface CurrencyAmount {
  currency: string;
  amount: number;
}

export interface RevenueReading {
  /** Each website's currency; a website without one has no revenue data yet. */
  currencies: ReadonlyMap<string, string>;
  of(period: RevenuePeriod, key: string): RevenueTotals;
  /** Imported revenue of a unit on days it had no measured impression: the unit's, no page's (read with no page or
   * device filter only). */
  unitOnly(period: RevenuePeriod, websiteId: string, unitKey: string): number;
  /** Revenue in currencies other than its website's that have no rate, per currency, as it came: never added. */
  unconverted(period: RevenuePeriod): CurrencyAmount[];
  /** Whether the current period has Prebid auctions, and imported revenue; the currencies whose amounts the current
   * period's figures include converted at the publisher's rates, and at the rates that came with imported reports
   * (each absent when none). */
  sources: { prebid: boolean; imported: boolean; converted?: string[]; reportRates?: string[] };
  /** The `with` metrics of a key in a period (0 for a key without rows). */
  metrics(period: RevenuePeriod, key: string): Record<Metric, number>;
  /** The keys with rows in a period. */
  keys(period: RevenuePeriod): string[];
}

const PREBID_METRICS: readonly Metric[] = ['prebid_revenue', 'prebid_auctions', 'prebid_wins', 'empty_renders'];

const empty = (): RevenueTotals => ({ revenue: 0, prebid: 0, imported: 0, auctions: 0, wins: 0, empties: 0 });

/** The query of the Prebid figures (and the `with` metrics) a revenue reading rests on. */
export function prebidQuery(request: RevenueRequest): AnalyticsQuery {
  const dimensions = request.by === 'website_id' ? (['website_id', 'currency'] as const) : (['website_id', request.by, 'currency'] as const);
  const filters = { websiteIds: request.websiteIds, ...(request.pageIds ? { pageIds: request.pageIds } : {}), ...(request.device ? { device: request.device } : {}) };
  return {
    metrics: [...PREBID_METRICS, ...(request.with ?? []).filter((metric) => !PREBID_METRICS.includes(metric))],
    dimensions,
    filters,
    range: request.range,
    ...(request.comparison ? { comparison: request.comparison } : {}),
  };
}

export async function readRevenue(context: AnalyticsContext, request: RevenueRequest): Promise<RevenueReading> {
  const { db, events } = context;
  const window: TimeWindow = { start: (request.comparison ?? request.range).start, end: request.range.end };
  const currentDays = daysOf(request.range);
  const money = websiteMoney(db, events, request.websiteIds);
  const [{ currencies, rates }, spreads] = await Promise.all([money, importedSpreads(db, events, request.websiteIds, window, money)]);
  const importedNow = spreads.size > 0 && (await hasImportedRevenue(db, request.websiteIds, currentDays.first, currentDays.last));

  const [prebidRows, spreadRows] = await Promise.all([
    request.prebidRows ?? runQuery(events, prebidQuery(request)),
    readImportedSpread(events, {
      spreads,
      range: request.range,
      comparison: request.comparison,
      by: request.by,
      pageIds: request.pageIds,
      device: request.device,
      unspread: !request.pageIds && !request.device && request.by !== 'page_id',
    }),
  ]);

  const totals = { current: new Map<string, RevenueTotals>(), previous: new Map<string, RevenueTotals>() };
  const unitOnly = { current: new Map<string, number>(), previous: new Map<string, number>() };
  const unconverted = { current: new Map<string, number>(), previous: new Map<string, number>() };
  const others = { current: new Map<string, Record<string, number>>(), previous: new Map<string, Record<string, number>>() };
  const totalsOf = (period: RevenuePeriod, key: string) => {
    let entry = totals[period].get(key);
    if (!entry) totals[period].set(key, (entry = empty()));
    return entry;
  };
  const addUnconverted = (period: RevenuePeriod, currency: string, amount: number) =>
    unconverted[period].set(currency, (unconverted[period].get(currency) ?? 0) + amount);
  const converted = new Set<string>();
  const atReportRates = new Set<string>();
  /** An amount in its website's currency: as it is, converted at the publisher's rate (said on the figures), or none
   * without a rate (then it stays apart). */
  const inWebsiteCurrency = (period: RevenuePeriod, websiteId: string, currency: string, amount: number) => {
    if (currency === currencies.get(websiteId)) return amount;
    const factor = rates.get(websiteId)?.get(currency);
    if (factor === undefined) return undefined;
    if (period === 'current' && amount > 0) converted.add(currency);
    return amount * factor;
  };
  let prebid = false;

  await yieldToEventLoop();
  await forEachInSlices(prebidRows, (row) => {
    const websiteId = row.dimensions.website_id!;
    const key = request.by === 'website_id' ? websiteId : row.dimensions[request.by]!;
    if (request.with?.length) {
      let sums = others[row.period].get(key);
      if (!sums) others[row.period].set(key, (sums = {}));
      for (const metric of request.with) sums[metric] = (sums[metric] ?? 0) + row.metrics[metric];
    }
    const entry = totalsOf(row.period, key);
    entry.auctions += row.metrics.prebid_auctions;
    entry.wins += row.metrics.prebid_wins;
    entry.empties += row.metrics.empty_renders;
    if (row.period === 'current' && row.metrics.prebid_auctions > 0) prebid = true;
    const currency = row.dimensions.currency!;
    if (currency === '' || row.metrics.prebid_revenue === 0) return;
    const amount = inWebsiteCurrency(row.period, websiteId, currency, row.metrics.prebid_revenue);
    if (amount === undefined) return addUnconverted(row.period, currency, row.metrics.prebid_revenue);
    entry.prebid += amount;
    entry.revenue += amount;
  });
  await forEachInSlices(spreadRows, (row) => {
    // Converted by the read at the imported reports' rates of its days: in the website's currency already.
    if (row.converted && row.period === 'current' && row.amount > 0) atReportRates.add(row.currency);
    const amount = row.converted ? row.amount : inWebsiteCurrency(row.period, row.websiteId, row.currency, row.amount);
    if (amount === undefined) return addUnconverted(row.period, row.currency, row.amount);
    if (row.unitKey !== '' && request.by !== 'website_id') {
      const name = `${row.websiteId}\n${row.unitKey}`;
      unitOnly[row.period].set(name, (unitOnly[row.period].get(name) ?? 0) + amount);
      return;
    }
    const entry = totalsOf(row.period, row.unitKey !== '' ? row.websiteId : row.key);
    entry.imported += amount;
    entry.revenue += amount;
  });

  return {
    currencies,
    of: (period, key) => totals[period].get(key) ?? empty(),
    unitOnly: (period, websiteId, unitKey) => unitOnly[period].get(`${websiteId}\n${unitKey}`) ?? 0,
    unconverted: (period) =>
      [...unconverted[period]].map(([currency, amount]) => ({ currency, amount })).sort((a, b) => a.currency.localeCompare(b.currency)),
    sources: {
      prebid,
      imported: importedNow,
      ...(converted.size > 0 ? { converted: [...converted].sort() } : {}),
      ...(atReportRates.size > 0 ? { reportRates: [...atReportRates].sort() } : {}),
    },
    metrics: (period, key) => {
      const sums = others[period].get(key);
      return Object.fromEntries((request.with ?? []).map((metric) => [metric, sums?.[metric] ?? 0])) as Record<Metric, number>;
    },
    keys: (period) => [...new Set([...others[period].keys(), ...totals[period].keys()])],
  };
}

// What the revenue-imports routes do (issue 23 §2): read an ad server's CSV report, match its units to the website's
// ad units, store it in place of the days it covers, and say what was stored and what matched nothing; the same for a
// report fetched from the address a publisher gave (the daily fetch: saved here, run here, scheduled by
// plugins/revenue-fetch.ts); and the currencies of a website's revenue data, for its exchange rates.
import { refreshMeasuredValues } from '@foldline/analytics';
import { forEachInSlices } from '@foldline/analytics/event-loop';
import { seenCurrencies, websiteCurrencies } from '@foldline/analytics/revenue/currencies';
import { spreadImportedRevenue } from '@foldline/analytics/revenue/imported-spread';
import { parseRevenueReport, type ReportRate } from '@foldline/analytics/revenue-imports/report-csv';
import { matchReportUnits } from '@foldline/analytics/revenue-imports/unit-match';
import {
  adUnitKey,
  REVENUE_IMPORT_MAX_BYTES,
  type ImportedRates,
  type RevenueCurrenciesResponse,
  type RevenueFetchInput,
  type RevenueFetchResponse,
  type RevenueImportListResponse,
  type RevenueImportResponse,
  type RevenueSource,
} from '@foldline/contracts';
import type { WebsiteRow } from '@foldline/metadata';
import { adUnitIdentitiesOfWebsite } from '@foldline/metadata/ad-units/ad-units.repository';
import { replaceRevenueDays, revenueImportSummaries, unmatchedRevenueUnits } from '@foldline/metadata/revenue-days/revenue-days.repository';
import { revenueRateSummaries } from '@foldline/metadata/revenue-days/revenue-rates.repository';
import {
  findRevenueFetch,
  recordRevenueFetch,
  saveRevenueFetch as storeRevenueFetch,
  type FetchDue,
  type RevenueFetchRow,
} from '@foldline/metadata/revenue-fetches/revenue-fetches.repository';
import { findWebsiteOfUser } from '@foldline/metadata/websites/websites.repository';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound } from '../errors.ts';
import { checkReportAddress, checkReportHost, downloadReport, DownloadFailed } from './report-download.ts';

export interface RevenueImportOptions {
  source?: RevenueSource | undefined;
  /** For a report that names no currency. */
  currency?: string | undefined;
}

/** Websites with an import under way in this process: a second one at once (a double click) waits its turn. */
const importing = new Set<string>();

async function ownWebsite(app: FastifyInstance, userId: string, websiteId: string): Promise<WebsiteRow> {
  const row = await findWebsiteOfUser(app.metadata.db, userId, websiteId);
  if (!row) throw notFound('Website not found');
  return row;
}

/** The currency the website's "Ads & revenue" settings name, if any: a report without one is taken to be in it. */
function settingsCurrency(row: WebsiteRow): string | undefined {
  try {
    const currency = (JSON.parse(row.settings) as { ads?: { currency?: unknown } }).ads?.currency;
    return typeof currency === 'string' ? currency : undefined;
  } catch {
    return undefined;
  }
}

const toUnits = (micros: number) => micros / 1_000_000;
/** A report's or a source's exchange rates, left out when there are none. */
const withRates = (rates: ImportedRates[]) => (rates.length > 0 ? { rates } : {});

interface UnitTotals {
  days: number;
  impressions: number;
  revenueMicros: number;
}

export async function importRevenueReport(
  app: FastifyInstance,
  userId: string,
  websiteId: string,
  body: Buffer | undefined,
  options: RevenueImportOptions,
): Promise<RevenueImportResponse> {
  const website = await ownWebsite(app, userId, websiteId);
  if (!body || body.length === 0) throw badRequest('Choose a report file: the request has no CSV in its body.');
  return (await importReport(app, website, body, options)).response;
}

/** Parse → match → replace → spread: the one path of an uploaded report and a fetched one. */
async function importReport(app: FastifyInstance, website: WebsiteRow, body: Buffer, options: RevenueImportOptions): Promise<{ response: RevenueImportResponse; dayCount: number }> {
  const websiteId = website.id;
  const userId = website.user_id;
  if (importing.has(websiteId)) throw conflict('A report is being imported for this website already. Please wait until it is done.');
  importing.add(websiteId);
  try {
    // A bare exchange-rate column is in the website's currency (its setting, else the first one seen).
    const rateCurrency = (await websiteCurrencies(app.metadata.db, app.events, [websiteId])).get(websiteId);
    const report = await parseRevenueReport(body, { source: options.source, currency: options.currency ?? settingsCurrency(website), rateCurrency });
    const keys = new Set((await adUnitIdentitiesOfWebsite(app.metadata.db, websiteId)).map((slot) => adUnitKey(slot)));
    // Per report unit, not per row: a report has few units and many rows of each.
    const units = new Map<string, UnitTotals>();
    await forEachInSlices(report.unitDays, (row) => {
      const totals = units.get(row.unit);
      if (totals) {
        totals.days += 1;
        totals.impressions += row.impressions;
        totals.revenueMicros += row.revenueMicros;
      } else units.set(row.unit, { days: 1, impressions: row.impressions, revenueMicros: row.revenueMicros });
    });
    const matches = matchReportUnits(units.keys(), keys);
    const { replaced } = await replaceRevenueDays(app.metadata.db, {
      websiteId,
      source: report.source,
      currency: report.currency,
      from: report.days.from,
      to: report.days.to,
      rows: report.unitDays,
      matches,
      rates: report.rates,
      importedAt: new Date(),
    });
    // Spread now, so that the next report reads it instead of writing it; and the advice's measured values read again
    // (in the background: the next look takes them once read).
    await spreadImportedRevenue(app.metadata.db, app.events, [websiteId]);
    refreshMeasuredValues({ db: app.metadata.db, events: app.events, userId, now: new Date() }, websiteId).catch((error: unknown) =>
      app.log.warn({ err: error, websiteId }, 'measured format values could not be read after an import'),
    );

    let impressions = 0;
    let revenueMicros = 0;
    const unmatched: Array<UnitTotals & { unit: string }> = [];
    for (const [unit, totals] of units) {
      impressions += totals.impressions;
      revenueMicros += totals.revenueMicros;
      if (!matches.get(unit)) unmatched.push({ unit, ...totals });
    }
    const dayCount = new Set(report.unitDays.map((row) => row.day)).size;
    const response: RevenueImportResponse = {
      source: report.source,
      days: report.days,
      rows: report.rows,
      unitDays: report.unitDays.length,
      replaced,
      currency: report.currency,
      impressions,
      revenue: toUnits(revenueMicros),
      matchedUnits: units.size - unmatched.length,
      unmatched: unmatched
        .sort((a, b) => b.revenueMicros - a.revenueMicros || a.unit.localeCompare(b.unit))
        .map((entry) => ({ unit: entry.unit, source: report.source, currency: report.currency, days: entry.days, impressions: entry.impressions, revenue: toUnits(entry.revenueMicros) })),
      ...withRates(ratesOfReport(report.rates)),
    };
    return { response, dayCount };
  } finally {
    importing.delete(websiteId);
  }
}

/** A report's rates per currency pair: days, first and last, lowest and highest. */
function ratesOfReport(rates: readonly ReportRate[]): ImportedRates[] {
  const pairs = new Map<string, ImportedRates>();
  for (const rate of rates) {
    const key = `${rate.currency}/${rate.into}`;
    const pair = pairs.get(key);
    if (!pair) pairs.set(key, { currency: rate.currency, into: rate.into, days: 1, from: rate.day, to: rate.day, min: rate.rate, max: rate.rate });
    else {
      pair.days += 1;
      pair.to = rate.day;
      pair.min = Math.min(pair.min, rate.rate);
      pair.max = Math.max(pair.max, rate.rate);
    }
  }
  return [...pairs.values()];
}

export async function listRevenueImports(app: FastifyInstance, userId: string, websiteId: string): Promise<RevenueImportListResponse> {
  await ownWebsite(app, userId, websiteId);
  const [summaries, unmatched, rates] = await Promise.all([
    revenueImportSummaries(app.metadata.db, websiteId),
    unmatchedRevenueUnits(app.metadata.db, websiteId),
    revenueRateSummaries(app.metadata.db, websiteId),
  ]);
  return {
    imports: summaries.map((summary) => ({
      source: summary.source,
      days: { from: summary.from, to: summary.to },
      dayCount: summary.days,
      unitDays: summary.unitDays,
      impressions: summary.impressions,
      revenue: summary.revenue.map((entry) => ({ currency: entry.currency, amount: toUnits(entry.revenueMicros) })),
      matchedUnits: summary.matchedUnits,
      unmatchedUnits: summary.unmatchedUnits,
      lastImportedAt: summary.lastImportedAt,
      ...withRates(rates.filter((rate) => rate.source === summary.source).map(({ source: _source, ...rate }) => rate)),
    })),
    unmatched: unmatched.map((entry) => ({
      unit: entry.reportUnit,
      source: entry.source,
      currency: entry.currency,
      days: entry.days,
      impressions: entry.impressions,
      revenue: toUnits(entry.revenueMicros),
    })),
  };
}

export async function listRevenueCurrencies(app: FastifyInstance, userId: string, websiteId: string): Promise<RevenueCurrenciesResponse> {
  await ownWebsite(app, userId, websiteId);
  const [currencies, seen] = await Promise.all([websiteCurrencies(app.metadata.db, app.events, [websiteId]), seenCurrencies(app.metadata.db, app.events, websiteId)]);
  return { currency: currencies.get(websiteId) ?? null, firstSeen: seen.first ?? null, seen: seen.all };
}

// The daily fetch. A fetch is due a day after the last one began, or an hour after one that failed (a server that
// was down for a moment is tried again the same day).

export const FETCH_EVERY_MS = 24 * 60 * 60_000;
export const FETCH_RETRY_MS = 60 * 60_000;

/** When fetches are due at `now`. */
export const fetchDue = (now: Date): FetchDue => ({ daily: new Date(now.getTime() - FETCH_EVERY_MS), retry: new Date(now.getTime() - FETCH_RETRY_MS) });

function fetchOf(row: RevenueFetchRow): NonNullable<RevenueFetchResponse['fetch']> {
  const enabled = row.enabled === 1;
  const began = row.attempt_at ? Date.parse(row.attempt_at) : undefined;
  const next = !enabled ? null : new Date(began === undefined ? Date.now() : began + (row.outcome === 'failed' ? FETCH_RETRY_MS : FETCH_EVERY_MS)).toISOString();
  const imported = row.outcome === 'imported';
  return {
    url: row.url,
    source: row.source as RevenueSource,
    enabled,
    last:
      row.fetched_at && row.outcome
        ? {
            at: row.fetched_at,
            ok: imported,
            error: imported ? null : row.error,
            days: imported && row.from_day && row.to_day ? { from: row.from_day, to: row.to_day } : null,
            dayCount: imported ? row.day_count : null,
            units: imported ? row.units : null,
            unmatchedUnits: imported ? row.unmatched_units : null,
            currency: imported ? row.currency : null,
          }
        : null,
    next,
  };
}

export async function getRevenueFetch(app: FastifyInstance, userId: string, websiteId: string): Promise<RevenueFetchResponse> {
  await ownWebsite(app, userId, websiteId);
  const row = await findRevenueFetch(app.metadata.db, websiteId);
  return { fetch: row ? fetchOf(row) : null };
}

/**
 * Saves a website's fetch: an address the fetch would refuse (not https, or private, unless the operator allows
 * those) is a 400 and nothing is saved. When on, the report is fetched at once and the answer says how that went.
 */
export async function saveRevenueFetch(app: FastifyInstance, userId: string, websiteId: string, input: RevenueFetchInput): Promise<RevenueFetchResponse> {
  const website = await ownWebsite(app, userId, websiteId);
  const policy = app.config.fetchPolicy;
  try {
    await checkReportHost(checkReportAddress(input.url, policy), policy);
  } catch (error) {
    if (error instanceof DownloadFailed) throw badRequest(error.message);
    throw error;
  }
  const now = new Date();
  const row = await storeRevenueFetch(app.metadata.db, { websiteId, ...input }, now, input.enabled ? now : undefined);
  if (input.enabled) await runRevenueFetch(app, website, row);
  return getRevenueFetch(app, userId, websiteId);
}

/**
 * Fetches a website's report and imports it as an upload is imported (its days replaced, never doubled), and records
 * the outcome: what was stored, or the error's message (a bad file's line and column, as an upload's 400 says it).
 * The caller has taken the fetch (attempt_at). Never throws.
 */
export async function runRevenueFetch(app: FastifyInstance, website: WebsiteRow, fetch: Pick<RevenueFetchRow, 'url' | 'source'>): Promise<void> {
  const source = fetch.source as RevenueSource;
  const fetched = { websiteId: website.id, url: fetch.url, source };
  try {
    const body = await downloadReport(fetch.url, { policy: app.config.fetchPolicy, maxBytes: REVENUE_IMPORT_MAX_BYTES });
    if (body.length === 0) throw badRequest('The file at the address is empty.');
    const { response, dayCount } = await importReport(app, website, body, { source });
    await recordRevenueFetch(
      app.metadata.db,
      fetched,
      {
        ok: true,
        from: response.days.from,
        to: response.days.to,
        dayCount,
        units: response.matchedUnits + response.unmatched.length,
        unmatchedUnits: response.unmatched.length,
        currency: response.currency,
      },
      new Date(),
    );
  } catch (error) {
    // The import's own errors (a bad file, a refused address, an import under way) are the publisher's to read; any
    // other is the server's, logged and said in general words.
    const status = (error as { statusCode?: unknown }).statusCode;
    const known = error instanceof DownloadFailed || (typeof status === 'number' && status >= 400 && status < 500);
    if (!known) app.log.error({ err: error, websiteId: website.id }, 'revenue report fetch failed');
    const message = known ? (error as Error).message : 'The report could not be imported: something went wrong on our side. It is tried again within the hour.';
    await recordRevenueFetch(app.metadata.db, fetched, { ok: false, error: message }, new Date()).catch((recordError: unknown) =>
      app.log.error({ err: recordError, websiteId: website.id }, 'revenue report fetch outcome could not be recorded'),
    );
  }
}

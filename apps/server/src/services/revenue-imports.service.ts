// What the revenue-imports routes do (issue 23 §2): read an ad server's CSV report, match its units to the website's
// ad units, store it in place of the days it covers, and say what was stored and what matched nothing.
import { refreshMeasuredValues } from '@foldline/analytics';
import { forEachInSlices } from '@foldline/analytics/event-loop';
import { spreadImportedRevenue } from '@foldline/analytics/revenue/imported-spread';
import { parseRevenueReport } from '@foldline/analytics/revenue-imports/report-csv';
import { matchReportUnits } from '@foldline/analytics/revenue-imports/unit-match';
import { adUnitKey, type RevenueImportListResponse, type RevenueImportResponse, type RevenueSource } from '@foldline/contracts';
import type { WebsiteRow } from '@foldline/metadata';
import { adUnitIdentitiesOfWebsite } from '@foldline/metadata/ad-units/ad-units.repository';
import { replaceRevenueDays, revenueImportSummaries, unmatchedRevenueUnits } from '@foldline/metadata/revenue-days/revenue-days.repository';
import { findWebsiteOfUser } from '@foldline/metadata/websites/websites.repository';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound } from '../errors.ts';

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
  if (importing.has(websiteId)) throw conflict('A report is being imported for this website already. Please wait until it is done.');
  importing.add(websiteId);
  try {
    const report = await parseRevenueReport(body, { source: options.source, currency: options.currency ?? settingsCurrency(website) });
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
    return {
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
    };
  } finally {
    importing.delete(websiteId);
  }
}

export async function listRevenueImports(app: FastifyInstance, userId: string, websiteId: string): Promise<RevenueImportListResponse> {
  await ownWebsite(app, userId, websiteId);
  const [summaries, unmatched] = await Promise.all([revenueImportSummaries(app.metadata.db, websiteId), unmatchedRevenueUnits(app.metadata.db, websiteId)]);
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

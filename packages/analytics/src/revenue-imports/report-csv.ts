// An Ad Manager or AdSense report, exported as CSV by date and ad unit, read into impressions and revenue per day and
// unit (issue 23 §2). Pure: text or bytes in, figures or a RevenueReportError naming the line and column out. Header
// names are the ad servers' own, in their variants (matched case-insensitively), the currency comes from a currency
// column, the revenue header ("Total CPM and CPC revenue (€)") or the figures, and summary rows ("Total") are skipped.
// Exchange rates a report carries are read too (report-rates.ts): an exchange-rate column, or the revenue again in
// another currency.
import { REVENUE_IMPORT_MAX_BYTES, type RevenueSource } from '@foldline/contracts';
import { yieldToEventLoop } from '../event-loop.ts';
import { csvReader, decodeCsvBytes, isBlankRecord, readCsvRecords, SEPARATORS, type CsvRecord, type Separator } from './csv-records.ts';
import { amountOf, cellOf, NOTHING, otherCurrency, RevenueReportError, type Column } from './report-cells.ts';
import { rateSurvey, type RateColumns, type ReportRate } from './report-rates.ts';
import { currencyOf, dayOf, decimalMarkHint, plainDecimal, readDate, splitCurrency, type DateReading, type DecimalMark } from './report-values.ts';

export { RevenueReportError } from './report-cells.ts';
export type { ReportRate } from './report-rates.ts';

export type RevenueReportSource = RevenueSource;

/** What one import may hold: a file of at most 20 MB, 400 days and 5,000 units; a unit's text as the store keeps it. */
export const REVENUE_REPORT_LIMITS: RevenueReportLimits = { bytes: REVENUE_IMPORT_MAX_BYTES, days: 400, units: 5_000, unitText: 500 };

export interface RevenueReportLimits {
  bytes: number;
  days: number;
  units: number;
  unitText: number;
}

/** One unit's figures for one day, the report's lines for them added up (a report by date, unit and device has
 * several). */
export interface ReportUnitDay {
  day: string;
  /** The unit as the report names it: 'daily_gazette » article_top', 'ca-pub-…:4821596307', '/1234/news/top'. */
  unit: string;
  impressions: number;
  /** Revenue in millionths of the currency's unit, exact. */
  revenueMicros: number;
}

export interface RevenueReport {
  source: RevenueReportSource;
  currency: string;
  /** The report's data lines read (blank and summary lines left out). */
  rows: number;
  days: { from: string; to: string };
  /** Sorted by day, then unit. */
  unitDays: ReportUnitDay[];
  /** The exchange rates the report carries, per day, from its currency (none when it carries none). */
  rates: ReportRate[];
}

export interface RevenueReportOptions {
  /** The ad server, when the publisher says; otherwise told from the columns. */
  source?: RevenueReportSource | undefined;
  /** The currency when the report names none (ISO 4217 code). */
  currency?: string | undefined;
  /** The website's currency: what an exchange-rate column whose header names no currency converts into. */
  rateCurrency?: string | undefined;
  limits?: Partial<RevenueReportLimits>;
}

const SOURCE_NAMES: Record<RevenueReportSource, string> = { ad_manager: 'Ad Manager', adsense: 'AdSense' };

type Role = 'date' | 'unit' | 'unitLevel' | 'unitId' | 'impressions' | 'revenue' | 'currency' | 'rate';

interface HeaderName {
  role: Role;
  /** Lower is preferred when a report has several columns of a role ('Total impressions' over 'Ad server impressions'). */
  rank: number;
  /** The ad server whose reports name a column so. */
  source?: RevenueReportSource;
}

/** The ad servers' column names, lower-cased, without a currency in brackets. */
const HEADER_NAMES = new Map<string, HeaderName>([
  ['date', { role: 'date', rank: 0 }],
  ['day', { role: 'date', rank: 1 }],
  ['ad unit', { role: 'unit', rank: 0 }],
  ['ad unit name', { role: 'unit', rank: 1 }],
  ['ad unit (all levels)', { role: 'unit', rank: 1, source: 'ad_manager' }],
  ['ad unit id', { role: 'unitId', rank: 0 }],
  ['ad unit code', { role: 'unitId', rank: 1, source: 'ad_manager' }],
  ['total impressions', { role: 'impressions', rank: 0, source: 'ad_manager' }],
  ['ad server impressions', { role: 'impressions', rank: 1, source: 'ad_manager' }],
  ['impressions', { role: 'impressions', rank: 2 }],
  ['ad impressions', { role: 'impressions', rank: 2 }],
  ['total code served count', { role: 'impressions', rank: 3, source: 'ad_manager' }],
  ['total cpm and cpc revenue', { role: 'revenue', rank: 0, source: 'ad_manager' }],
  ['total cpm, cpc, cpd, and vcpm revenue', { role: 'revenue', rank: 0, source: 'ad_manager' }],
  ['total cpm, cpc, cpd and vcpm revenue', { role: 'revenue', rank: 0, source: 'ad_manager' }],
  ['total revenue', { role: 'revenue', rank: 0, source: 'ad_manager' }],
  ['ad server cpm and cpc revenue', { role: 'revenue', rank: 1, source: 'ad_manager' }],
  ['ad server revenue', { role: 'revenue', rank: 1, source: 'ad_manager' }],
  ['estimated earnings', { role: 'revenue', rank: 0, source: 'adsense' }],
  ['earnings', { role: 'revenue', rank: 1, source: 'adsense' }],
  ['estimated revenue', { role: 'revenue', rank: 1, source: 'adsense' }],
  ['revenue', { role: 'revenue', rank: 2 }],
  ['currency', { role: 'currency', rank: 0 }],
  ['currency code', { role: 'currency', rank: 0 }],
  ['exchange rate', { role: 'rate', rank: 0 }],
  ['currency exchange rate', { role: 'rate', rank: 0, source: 'ad_manager' }],
]);

/** Columns of no use here that still tell whose report it is. */
const SOURCE_MARKERS: ReadonlyArray<readonly [RegExp, RevenueReportSource]> = [
  [/^(total|ad server|ad exchange|programmatic) /, 'ad_manager'],
  [/^ad unit (id )?\d+$/, 'ad_manager'],
  [/^(page views|page rpm|impression rpm|page views rpm|coverage|ad requests coverage)$/, 'adsense'],
];

/** Lines that add the others up. */
const SUMMARY = /^(?:grand\s+)?(?:totals?|averages?|summary)(?:\s*[:(].*)?$/i;
/** The header row may come after a few lines of report title and dates. */
const HEADER_SEARCH_LINES = 30;

interface Layout extends RateColumns {
  separator: Separator;
  headerLine: number;
  date: Column;
  unit?: Column;
  unitLevels: Column[];
  unitId?: Column;
  impressions: Column;
  revenue: Column;
  currency?: Column;
  /** From the revenue column's header ('Estimated earnings (USD)'). */
  headerCurrency?: string;
  /** The ad server the column names point to. */
  sources: Set<RevenueReportSource>;
  /** Where the layout's header row is among the records read. */
  recordIndex: number;
}

export async function parseRevenueReport(input: string | Uint8Array, options: RevenueReportOptions = {}): Promise<RevenueReport> {
  const limits = { ...REVENUE_REPORT_LIMITS, ...options.limits };
  const size = typeof input === 'string' ? Buffer.byteLength(input) : input.byteLength;
  if (size > limits.bytes) throw new RevenueReportError(`The file is ${megabytes(size)}; a report may be at most ${megabytes(limits.bytes)}. Export fewer days at once.`);
  const text = typeof input === 'string' ? input : await decodeCsvBytes(input);
  if (!/[^\s\ufeff]/.test(text)) throw new RevenueReportError('The file is empty.');
  const layout = findLayout(text);

  // Two readings of the file, not one kept in memory: the first learns how it writes figures, dates and currency,
  // the second reads them. Lines held for the whole of a 20 MB file cost more in garbage collection than reading twice.
  const sample: CsvRecord[] = [];
  const marks = decimalMarkSurvey(layout);
  const dates = dateSurvey(layout);
  const currencies = currencySurvey(layout);
  const rows = await eachDataLine(text, layout, (record) => {
    if (sample.length < 50) sample.push(record);
    marks.visit(record);
    dates.visit(record);
    currencies.visit(record);
  });
  if (rows === 0) throw new RevenueReportError(`The report has no lines of figures after its header on line ${layout.headerLine}.`);
  const source = sourceOf(layout, sample, options.source);
  const readUnit = unitReader(layout, source, limits.unitText);
  const decimalMark = marks.mark();
  const dayOfLine = dates.reader();
  const currency = currencies.currency(options.currency);
  const rates = rateSurvey(layout, { currency, rateCurrency: options.rateCurrency, decimalMark });

  // Per day, then per unit: a report has few days and units, and many lines of each.
  const byDay = new Map<string, Map<string, ReportUnitDay>>();
  // One string per unit, shared by all its days: maps keyed by many copies of one text (each line's own) cost far more,
  // here and in the caller, than by one.
  const units = new Map<string, string>();
  await eachDataLine(text, layout, (record) => {
    const day = dayOfLine(record);
    const read = readUnit(record);
    let unit = units.get(read);
    if (unit === undefined) {
      unit = read;
      units.set(unit, unit);
      if (units.size > limits.units) throw new RevenueReportError(`The report names more than ${formatCount(limits.units)} ad units; at most ${formatCount(limits.units)} can be imported at once.`);
    }
    const impressions = impressionsOf(record, layout.impressions, decimalMark);
    const revenueMicros = revenueOf(record, layout, decimalMark, currency);
    rates.visit(record, day, revenueMicros);
    let ofDay = byDay.get(day);
    if (!ofDay) {
      byDay.set(day, (ofDay = new Map()));
      if (byDay.size > limits.days) throw new RevenueReportError(`The report covers more than ${limits.days} days; at most ${limits.days} can be imported at once. Export it in parts.`);
    }
    const sum = ofDay.get(unit);
    if (sum) {
      sum.impressions += impressions;
      sum.revenueMicros += revenueMicros;
      return;
    }
    ofDay.set(unit, { day, unit, impressions, revenueMicros });
  });
  const unitDays: ReportUnitDay[] = [];
  for (const day of [...byDay.keys()].sort()) {
    const ofDay = byDay.get(day)!;
    for (const unit of [...ofDay.keys()].sort()) unitDays.push(ofDay.get(unit)!);
    await yieldToEventLoop();
  }
  return { source, currency, rows, days: { from: unitDays[0]!.day, to: unitDays.at(-1)!.day }, unitDays, rates: rates.rates([...byDay.keys()].sort()) };
}

/** Work between two yields: a 20 MB report takes seconds, and the server's other requests (the collector's beacons
 * among them) must not wait for it. */
const SLICE_MS = 8;

/** Calls `visit` with each line of figures after the header (blank and summary lines left out), giving the event loop
 * back whenever a slice has run SLICE_MS. Answers how many lines it visited. */
async function eachDataLine(text: string, layout: Layout, visit: (record: CsvRecord) => void): Promise<number> {
  const read = csvReader(text, layout.separator);
  for (let index = 0; index <= layout.recordIndex; index += 1) read();
  let visited = 0;
  let sliceStart = performance.now();
  for (let count = 1, record = read(); record; count += 1, record = read()) {
    if (!isBlankRecord(record) && !isSummary(record, layout)) {
      visit(record);
      visited += 1;
    }
    // The clock is read every 256 lines: reading it costs more than most lines.
    if ((count & 255) === 0 && performance.now() - sliceStart > SLICE_MS) {
      await yieldToEventLoop();
      sliceStart = performance.now();
    }
  }
  return visited;
}

/** Tells the ad server from the columns, then from the units' text; the publisher's choice must not contradict them. */
function sourceOf(layout: Layout, sample: CsvRecord[], chosen: RevenueReportSource | undefined): RevenueReportSource {
  let told = layout.sources.size === 1 ? [...layout.sources][0] : undefined;
  if (!told && layout.sources.size === 0) {
    const units = sample.map((record) => [layout.unitId, layout.unit].map((column) => cellOf(record, column)).join(' '));
    if (units.some((text) => /ca-pub-\d+/.test(text))) told = 'adsense';
    else if (units.some((text) => /\/\d+\//.test(text) || /\s[»>]\s/.test(text))) told = 'ad_manager';
  }
  if (chosen && told && chosen !== told) {
    throw new RevenueReportError(`This looks like ${article(told)} report (its columns are ${SOURCE_NAMES[told]}'s), not ${article(chosen)} one: choose ${SOURCE_NAMES[told]} as the source.`);
  }
  const source = chosen ?? told;
  if (!source) throw new RevenueReportError('The columns do not tell whether this is an Ad Manager or an AdSense report: choose the source.');
  return source;
}

const article = (source: RevenueReportSource) => (source === 'ad_manager' ? 'an Ad Manager' : 'an AdSense');

/** The header row and the separator: the first line, within the first few, that has every column an import needs. */
function findLayout(text: string): Layout {
  let best: { missing: string[]; line: number; found: number } | undefined;
  let layout: Layout | undefined;
  for (const separator of SEPARATORS) {
    const records = readCsvRecords(text, separator, HEADER_SEARCH_LINES);
    for (const [recordIndex, record] of records.entries()) {
      if (layout && record.line >= layout.headerLine) break;
      const candidate = layoutOf(record, separator, recordIndex);
      if ('missing' in candidate) {
        if (!best || candidate.found > best.found) best = { missing: candidate.missing, line: record.line, found: candidate.found };
        continue;
      }
      // Of two separators that both find a header, the earlier line wins, then the one with more columns recognised.
      layout = candidate;
      break;
    }
  }
  if (layout) return layout;
  if (best && best.found >= 2) {
    throw new RevenueReportError(`Line ${best.line}: no ${listOf(best.missing)} column. A report needs a date, an ad unit, an impressions and a revenue column ('Date', 'Ad unit', 'Total impressions', 'Total CPM and CPC revenue' or 'Estimated earnings').`);
  }
  throw new RevenueReportError(
    "No header row found: this is not an Ad Manager or AdSense report by date and ad unit. Its first lines must name a date, an ad unit, an impressions and a revenue column ('Date', 'Ad unit', 'Impressions', 'Estimated earnings').",
  );
}

function layoutOf(record: CsvRecord, separator: Separator, recordIndex: number): Layout | { missing: string[]; found: number } {
  const best = new Map<Role, { column: Column; rank: number; currency?: string }>();
  // Every revenue column: one of the same name in another currency gives the day's exchange rate.
  const revenues: Array<{ column: Column; base: string; currency?: string }> = [];
  const levels: Array<{ level: number; column: Column }> = [];
  const sources = new Set<RevenueReportSource>();
  for (const [index, raw] of record.cells.entries()) {
    const name = raw.replace(/^\ufeff/, '').trim();
    const { base, currency } = headerParts(name);
    const column = { index, name };
    for (const [pattern, source] of SOURCE_MARKERS) if (pattern.test(base)) sources.add(source);
    const level = base.match(/^ad unit (\d+)$/);
    if (level) {
      levels.push({ level: Number(level[1]), column });
      continue;
    }
    const known = HEADER_NAMES.get(base);
    if (!known) continue;
    if (known.role === 'revenue') revenues.push({ column, base, ...(currency ? { currency } : {}) });
    const current = best.get(known.role);
    if (!current || known.rank < current.rank) {
      best.set(known.role, { column, rank: known.rank, ...(currency ? { currency } : {}) });
    }
  }
  const revenue = best.get('revenue');
  for (const role of ['impressions', 'revenue', 'unit', 'unitId'] as const) {
    const name = best.get(role)?.column.name;
    const known = name ? HEADER_NAMES.get(headerParts(name).base) : undefined;
    if (known?.source) sources.add(known.source);
  }
  const missing: string[] = [];
  if (!best.has('date')) missing.push('date');
  if (!best.has('unit') && !best.has('unitId') && levels.length === 0) missing.push('ad unit');
  if (!best.has('impressions')) missing.push('impressions');
  if (!revenue) missing.push('revenue');
  if (missing.length > 0) return { missing, found: 4 - missing.length };
  const revenueBase = headerParts(revenue!.column.name).base;
  const otherRevenue = revenues.flatMap(({ column, base, currency }) =>
    column.index !== revenue!.column.index && base === revenueBase && currency && currency !== revenue!.currency ? [{ ...column, currency }] : [],
  );
  const rate = best.get('rate');
  return {
    separator,
    headerLine: record.line,
    recordIndex,
    date: best.get('date')!.column,
    ...(best.has('unit') ? { unit: best.get('unit')!.column } : {}),
    unitLevels: levels.sort((a, b) => a.level - b.level).map((entry) => entry.column),
    ...(best.has('unitId') ? { unitId: best.get('unitId')!.column } : {}),
    impressions: best.get('impressions')!.column,
    revenue: revenue!.column,
    ...(best.has('currency') ? { currency: best.get('currency')!.column } : {}),
    ...(revenue!.currency ? { headerCurrency: revenue!.currency } : {}),
    ...(rate ? { rate: { ...rate.column, ...(rate.currency ? { into: rate.currency } : {}) } } : {}),
    otherRevenue,
    sources,
  };
}

/** A header lower-cased with its spaces collapsed, and the currency it names in brackets ('Estimated earnings (USD)'). */
function headerParts(name: string): { base: string; currency?: string } {
  const spaced = name.replace(/\s+/g, ' ').trim();
  const bracket = spaced.match(/^(.*?)\s*[([]\s*([^)\]]+?)\s*[)\]]$/);
  const currency = bracket ? currencyOf(bracket[2]!) : undefined;
  return currency ? { base: bracket![1]!.toLowerCase(), currency } : { base: spaced.toLowerCase() };
}

function isSummary(record: CsvRecord, layout: Layout): boolean {
  return [layout.date, layout.unit, layout.unitLevels[0], layout.unitId].some((column) => column && SUMMARY.test(cellOf(record, column)));
}

/** The unit as the report names it. Ad Manager: the levels joined ('daily_gazette » article_top'), else its name,
 * else its id. AdSense: the name with the id that holds the slot ('Home rectangle (ca-pub-1:4821596307)'). */
function unitReader(layout: Layout, source: RevenueReportSource, maxLength: number): (record: CsvRecord) => string {
  return (record) => {
    const levels = layout.unitLevels.length > 0 ? layout.unitLevels.map((column) => cellOf(record, column)).filter(Boolean).join(' » ') : '';
    const name = levels || cellOf(record, layout.unit);
    const id = cellOf(record, layout.unitId);
    let unit: string;
    if (source === 'adsense' && id) unit = name && name !== id ? `${name} (${id})` : id;
    else unit = name || id;
    if (unit === '') return '(no ad unit)';
    if (unit.length > maxLength) {
      const column = layout.unit ?? layout.unitLevels[0] ?? layout.unitId!;
      throw new RevenueReportError(`Line ${record.line}, column '${column.name}': the ad unit's name is longer than ${maxLength} characters.`);
    }
    return unit;
  };
}

/** The file's decimal mark, from the figures that can only be read one way ("12.5", "1.234,56"); when none can, the
 * comma on files separated by semicolons (Europe's spreadsheets) and the point elsewhere. */
function decimalMarkSurvey(layout: Layout): { visit(record: CsvRecord): void; mark(): DecimalMark } {
  const first: Partial<Record<DecimalMark, { line: number; text: string }>> = {};
  const columns = [layout.revenue, layout.impressions, ...layout.otherRevenue, ...(layout.rate ? [layout.rate] : [])];
  return {
    visit(record) {
      for (const column of columns) {
        const text = cellOf(record, column);
        const mark = decimalMarkHint(splitCurrency(text).figure);
        if (!mark || first[mark]) continue;
        first[mark] = { line: record.line, text };
        const other = first[mark === '.' ? ',' : '.'];
        if (other) {
          throw new RevenueReportError(
            `Line ${record.line}, column '${column.name}': '${text}' has a decimal ${markName(mark)}, but '${other.text}' on line ${other.line} has a decimal ${markName(mark === '.' ? ',' : '.')}. A report must write its figures one way.`,
          );
        }
      }
    },
    mark: () => (first['.'] ? '.' : first[','] ? ',' : layout.separator === ';' ? ',' : '.'),
  };
}

const markName = (mark: DecimalMark) => (mark === '.' ? 'point' : 'comma');

/** Reads each line's day. Numeric dates with the month and day in an unknown order (03/04/2026) take the order the
 * file's other dates prove (a 13 or more in one place); if none does, the order that keeps the file's days closest
 * together (a daily report from the 1st to the 12th); if that is a tie too, the file is refused. */
function dateSurvey(layout: Layout): { visit(record: CsvRecord): void; reader(): (record: CsvRecord) => string } {
  // A report has few distinct dates on many lines: each text is read once.
  const readings = new Map<string, NonNullable<DateReading>>();
  let dayFirst: { line: number; text: string } | undefined;
  let monthFirst: { line: number; text: string } | undefined;
  let ambiguous: { line: number; text: string } | undefined;
  const spans = { dayFirst: [Infinity, -Infinity], monthFirst: [Infinity, -Infinity] };
  const column = layout.date;
  const visit = (record: CsvRecord) => {
    const text = cellOf(record, column);
    if (readings.has(text)) return;
    const reading = readDate(text);
    if (!reading) throw new RevenueReportError(`Line ${record.line}, column '${column.name}': '${text}' is not a date.`);
    readings.set(text, reading);
    if ('day' in reading) return;
    if (reading.first > 12) dayFirst ??= { line: record.line, text };
    else if (reading.second > 12) monthFirst ??= { line: record.line, text };
    else ambiguous ??= { line: record.line, text };
    widen(spans.dayFirst, Date.UTC(reading.year, reading.second - 1, reading.first));
    widen(spans.monthFirst, Date.UTC(reading.year, reading.first - 1, reading.second));
  };
  const reader = () => {
    if (dayFirst && monthFirst) {
      const [later, earlier] = dayFirst.line > monthFirst.line ? [dayFirst, monthFirst] : [monthFirst, dayFirst];
      throw new RevenueReportError(
        `Line ${later.line}, column '${column.name}': '${later.text}' cannot be a date in the same format as '${earlier.text}' on line ${earlier.line}. Export the dates as YYYY-MM-DD.`,
      );
    }
    let order: 'dayFirst' | 'monthFirst' = dayFirst ? 'dayFirst' : 'monthFirst';
    if (!dayFirst && !monthFirst && ambiguous) {
      const width = (span: number[]) => span[1]! - span[0]!;
      if (width(spans.dayFirst) === width(spans.monthFirst)) {
        throw new RevenueReportError(
          `Line ${ambiguous.line}, column '${column.name}': '${ambiguous.text}' could be day/month or month/day, and no other date in the file tells which. Export the dates as YYYY-MM-DD.`,
        );
      }
      order = width(spans.dayFirst) < width(spans.monthFirst) ? 'dayFirst' : 'monthFirst';
    }
    const days = new Map<string, string | undefined>();
    for (const [text, reading] of readings) {
      const day = 'day' in reading ? reading : order === 'dayFirst' ? dayOf(reading.year, reading.second, reading.first) : dayOf(reading.year, reading.first, reading.second);
      days.set(text, day?.day);
    }
    return (record: CsvRecord) => {
      const text = cellOf(record, column);
      const day = days.get(text);
      if (!day) throw new RevenueReportError(`Line ${record.line}, column '${column.name}': '${text}' is not a date.`);
      return day;
    };
  };
  return { visit, reader };
}

function widen(span: number[], time: number): void {
  if (Number.isNaN(time)) return;
  span[0] = Math.min(span[0]!, time);
  span[1] = Math.max(span[1]!, time);
}

/** The report's one currency: the revenue header's, else the first named by its currency column or carried by its
 * figures, else the one the publisher gives. */
function currencySurvey(layout: Layout): { visit(record: CsvRecord): void; currency(given: string | undefined): string } {
  let found = layout.headerCurrency;
  return {
    visit(record) {
      if (found) return;
      const named = layout.currency ? cellOf(record, layout.currency) : '';
      if (named) {
        found = currencyOf(named);
        if (!found) throw new RevenueReportError(`Line ${record.line}, column '${layout.currency!.name}': '${named}' is not a currency code.`);
        return;
      }
      found = splitCurrency(cellOf(record, layout.revenue)).currency;
    },
    currency(given) {
      const currency = found ?? given?.toUpperCase();
      if (currency) return currency;
      throw new RevenueReportError(
        `The report does not say its currency (no currency column, and none in the '${layout.revenue.name}' header or figures): choose the currency and import it again.`,
      );
    },
  };
}

function impressionsOf(record: CsvRecord, column: Column, decimalMark: DecimalMark): number {
  const text = cellOf(record, column);
  const { figure, currency } = splitCurrency(text);
  if (NOTHING.test(figure) && !currency) return 0;
  const plain = currency ? undefined : plainDecimal(figure, decimalMark);
  if (plain === undefined) throw new RevenueReportError(`Line ${record.line}, column '${column.name}': '${text}' is not a number.`);
  const [whole, fraction = ''] = plain.split('.');
  if (whole!.startsWith('-') || /[1-9]/.test(fraction)) throw new RevenueReportError(`Line ${record.line}, column '${column.name}': '${text}' is not a number of impressions.`);
  const impressions = Number(whole);
  if (!Number.isSafeInteger(impressions)) throw new RevenueReportError(`Line ${record.line}, column '${column.name}': '${text}' is too large.`);
  return impressions;
}

function revenueOf(record: CsvRecord, layout: Layout, decimalMark: DecimalMark, currency: string): number {
  if (layout.currency) {
    const named = currencyOf(cellOf(record, layout.currency));
    if (named && named !== currency) throw otherCurrency(record, layout.currency, named, currency);
  }
  return amountOf(record, layout.revenue, decimalMark, currency);
}

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1)} MB`;
const formatCount = (count: number) => count.toLocaleString('en-US');
const listOf = (items: string[]) => (items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`);

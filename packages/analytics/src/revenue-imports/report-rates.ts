// The exchange rates an ad server's report carries (issue 23: "convert with rates the publisher gives or that come
// with the import"), per day, from the report's currency into another: an exchange-rate column ('Exchange rate',
// 'Currency exchange rate'; 1 of the line's currency in the currency its header names, 'Exchange rate (USD)', else in
// the website's), averaged over the day's lines by their revenue; or the revenue again in another currency ('Revenue
// (USD)' beside 'Revenue (EUR)', 'Total CPM and CPC revenue (USD)' beside the network currency's), the ratio of the
// day's two totals. A day of the report without a rate of its own takes the nearest earlier day's.
import { MAX_EXCHANGE_RATE, MIN_EXCHANGE_RATE } from '@foldline/contracts';
import type { CsvRecord } from './csv-records.ts';
import { amountOf, cellOf, NOTHING, RevenueReportError, type Column } from './report-cells.ts';
import { plainDecimal, splitCurrency, type DecimalMark } from './report-values.ts';

/** 1 of `currency` (the report's) was worth `rate` of `into` on `day`. */
export interface ReportRate {
  day: string;
  currency: string;
  into: string;
  rate: number;
}

/** The columns of a report's header that carry rates. */
export interface RateColumns {
  headerLine: number;
  revenue: Column;
  /** An exchange-rate column, and the currency its header names ('Exchange rate (USD)'). */
  rate?: Column & { into?: string };
  /** The revenue column's name again with another currency in brackets. */
  otherRevenue: Array<Column & { currency: string }>;
}

interface DaySums {
  /** Form one: Σ |revenue| × rate and Σ |revenue|, and Σ rate and the lines, for a day without revenue. */
  weighted: number;
  weight: number;
  plain: number;
  lines: number;
}

const RANGE = `a number from ${MIN_EXCHANGE_RATE.toFixed(6)} to ${MAX_EXCHANGE_RATE.toLocaleString('en-US')}`;
const inBounds = (rate: number) => Number.isFinite(rate) && rate >= MIN_EXCHANGE_RATE && rate <= MAX_EXCHANGE_RATE;

export function rateSurvey(
  layout: RateColumns,
  options: { currency: string; rateCurrency: string | undefined; decimalMark: DecimalMark },
): { visit(record: CsvRecord, day: string, revenueMicros: number): void; rates(days: readonly string[]): ReportRate[] } {
  const { currency, decimalMark } = options;
  const rateColumn = layout.rate;
  const into = rateColumn ? (rateColumn.into ?? options.rateCurrency) : undefined;
  if (rateColumn && !into) {
    throw new RevenueReportError(
      `Line ${layout.headerLine}, column '${rateColumn.name}': the header does not say which currency its rates are in, and the website has no currency yet. Name it in the header, as 'Exchange rate (USD)', or choose the website's currency in its Ads & revenue settings.`,
    );
  }
  // Columns in the report's own currency say nothing about a rate: they are read for their errors only.
  const others = layout.otherRevenue.filter((column) => column.currency !== currency && column.currency !== into);
  const byColumn = new Map<string, Map<string, DaySums>>();
  const byRatio = new Map<string, Map<string, { revenue: number; other: number }>>();

  const sumsOf = <T>(map: Map<string, Map<string, T>>, key: string, day: string, empty: () => T): T => {
    let days = map.get(key);
    if (!days) map.set(key, (days = new Map()));
    let sums = days.get(day);
    if (!sums) days.set(day, (sums = empty()));
    return sums;
  };

  return {
    visit(record, day, revenueMicros) {
      if (rateColumn && into) {
        const rate = rateOf(record, rateColumn, decimalMark);
        if (rate !== undefined) {
          const sums = sumsOf(byColumn, into, day, () => ({ weighted: 0, weight: 0, plain: 0, lines: 0 }));
          sums.weighted += Math.abs(revenueMicros) * rate;
          sums.weight += Math.abs(revenueMicros);
          sums.plain += rate;
          sums.lines += 1;
        }
      }
      for (const column of others) {
        const otherMicros = amountOf(record, column, decimalMark, column.currency);
        if (otherMicros === 0 && revenueMicros === 0) continue;
        const ratio = otherMicros / revenueMicros;
        if (!inBounds(ratio)) {
          throw new RevenueReportError(
            `Line ${record.line}, column '${column.name}': '${cellOf(record, column)}' beside '${cellOf(record, layout.revenue)}' in '${layout.revenue.name}' gives no exchange rate: both must be 0, or their ratio ${RANGE}.`,
          );
        }
        const sums = sumsOf(byRatio, column.currency, day, () => ({ revenue: 0, other: 0 }));
        sums.revenue += revenueMicros;
        sums.other += otherMicros;
      }
    },
    rates(days) {
      const daily = new Map<string, Map<string, number>>();
      for (const [target, sums] of byColumn) {
        if (target === currency) continue;
        daily.set(target, new Map([...sums].map(([day, of]) => [day, of.weight > 0 ? of.weighted / of.weight : of.plain / of.lines])));
      }
      for (const [target, sums] of byRatio) {
        // An exchange-rate column into the same currency wins: it is the ad server's own figure.
        if (daily.has(target)) continue;
        const rates = new Map<string, number>();
        for (const [day, { revenue, other }] of sums) if (revenue !== 0 && inBounds(other / revenue)) rates.set(day, other / revenue);
        daily.set(target, rates);
      }
      const rates: ReportRate[] = [];
      const targets = [...daily.keys()].sort();
      const last = new Map<string, number>();
      for (const day of days) {
        for (const target of targets) {
          // A day without a rate of its own (no revenue that day, no rate on its lines): the nearest earlier day's.
          const rate = daily.get(target)!.get(day) ?? last.get(target);
          if (rate === undefined) continue;
          last.set(target, rate);
          rates.push({ day, currency, into: target, rate });
        }
      }
      return rates;
    },
  };
}

/** A line's rate; undefined for an empty cell. */
function rateOf(record: CsvRecord, column: Column, decimalMark: DecimalMark): number | undefined {
  const text = cellOf(record, column);
  const { figure, currency } = splitCurrency(text);
  if (NOTHING.test(figure) && !currency) return undefined;
  const plain = currency ? undefined : plainDecimal(figure, decimalMark);
  const rate = plain === undefined ? Number.NaN : Number(plain);
  if (!inBounds(rate)) throw new RevenueReportError(`Line ${record.line}, column '${column.name}': '${text}' is not an exchange rate: a rate is ${RANGE}.`);
  return rate;
}

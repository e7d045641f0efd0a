// A report's cells as the importer reads them: a column's text and amount on a line, and the error that names the
// line and column. Shared by the report's reader (report-csv.ts) and its exchange rates (report-rates.ts).
import type { CsvRecord } from './csv-records.ts';
import { plainDecimal, splitCurrency, toMicros, type DecimalMark } from './report-values.ts';

/** A report that cannot be read; the message names the line and column. A 400 for the API's error handler. */
export class RevenueReportError extends Error {
  readonly statusCode = 400;
}

export interface Column {
  index: number;
  /** As the header writes it, for messages. */
  name: string;
}

/** Cells that mean nothing happened. */
export const NOTHING = /^(?:|-|–|—)$/;

export const cellOf = (record: CsvRecord, column: Column | undefined): string => (column ? (record.cells[column.index] ?? '').trim() : '');

/** A column's amount on a line in millionths of `currency` (the column's), 0 for an empty cell. */
export function amountOf(record: CsvRecord, column: Column, decimalMark: DecimalMark, currency: string): number {
  const text = cellOf(record, column);
  const { figure, currency: carried } = splitCurrency(text);
  if (carried && carried !== currency) throw otherCurrency(record, column, carried, currency);
  if (NOTHING.test(figure)) return 0;
  const plain = plainDecimal(figure, decimalMark);
  if (plain === undefined) throw new RevenueReportError(`Line ${record.line}, column '${column.name}': '${text}' is not a number.`);
  const micros = toMicros(plain);
  if (micros === undefined) throw new RevenueReportError(`Line ${record.line}, column '${column.name}': '${text}' is too large.`);
  return micros;
}

export const otherCurrency = (record: CsvRecord, column: Column, found: string, currency: string) =>
  new RevenueReportError(`Line ${record.line}, column '${column.name}': ${found} is not the report's currency, ${currency}. A report must be in one currency.`);
